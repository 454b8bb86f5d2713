// RUN: %cdp-lower --print-param-layout %s | FileCheck %s --check-prefix=SM90
// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_100 | FileCheck %s --check-prefix=SM100
//
// The measured cases of shared/FACTS.md 5 and 9, and the per-architecture
// placement of over-aligned parameters.

struct Pair { float a; double b; };
struct Bytes3 { char c[3]; };
struct __align__(32) Wide { int x; float y; };
union IntOrFloat { int i; float f; };
struct Nested { char c; Pair p; short s; };
struct Empty {};
struct __align__(64) Align64 { char c; };

// Layout by alignment, not size: Pair (size 16, align 8) at 24.
extern "C" __global__ void c_pair(int *p, char c, double d, Pair pair) {}
// SM90: kernel c_pair size=40 align=8 offsets=0,8,16,24
// SM80: kernel c_pair size=40 align=8 offsets=0,8,16,24
// SM100: kernel c_pair size=40 align=8 offsets=0,8,16,24

// The cubin's record for FACTS.md 9: Wide (32 bytes) at 0x10, IntOrFloat at
// 0x30, Nested at 0x38, Empty at 0x58, char at 0x59 on sm_90.
extern "C" __global__ void c_structs(Bytes3 b, Wide w, IntOrFloat u, Nested n, Empty e, char c) {}
// SM90: kernel c_structs size=90 align=32 offsets=0,16,48,56,88,89
// SM80: kernel c_structs size=106 align=32 offsets=0,32,64,72,104,105
// SM100: kernel c_structs size=106 align=32 offsets=0,32,64,72,104,105

// Parameters start at 0x160 (sm_80), 0x210 (sm_90), 0x380 (sm_100) in
// constant bank 0, and over-aligned ones are aligned there.
extern "C" __global__ void c_align64(char c, Align64 a) {}
// SM90: kernel c_align64 size=112 align=64 offsets=0,48
// SM80: kernel c_align64 size=96 align=64 offsets=0,32
// SM100: kernel c_align64 size=128 align=64 offsets=0,64

extern "C" __global__ void c_none() {}
// SM90: kernel c_none size=0 align=1 offsets=
