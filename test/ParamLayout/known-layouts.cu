// RUN: %cdp-lower --print-param-layout %s | FileCheck %s --check-prefix=SM90
// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_100 | FileCheck %s --check-prefix=SM100
// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_120 | FileCheck %s --check-prefix=SM120
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
// SM90: kernel c_pair sm_90 size=40 align=8 offsets=0,8,16,24
// SM80: kernel c_pair sm_80 size=40 align=8 offsets=0,8,16,24
// SM100: kernel c_pair sm_100 size=40 align=8 offsets=0,8,16,24

// The cubin's record for FACTS.md 9: Wide (32 bytes) at 0x10, IntOrFloat at
// 0x30, Nested at 0x38, Empty at 0x58, char at 0x59 on sm_90.
extern "C" __global__ void c_structs(Bytes3 b, Wide w, IntOrFloat u, Nested n, Empty e, char c) {}
// SM90: kernel c_structs sm_90 size=90 align=32 offsets=0,16,48,56,88,89
// SM80: kernel c_structs sm_80 size=106 align=32 offsets=0,32,64,72,104,105
// SM100: kernel c_structs sm_100 size=106 align=32 offsets=0,32,64,72,104,105

// Up to sm_90, over-aligned parameters are aligned at their address in
// constant bank 0, where the parameters start at 0x160 (sm_80) or 0x210
// (sm_90); from sm_100 on, they are aligned from the start of the
// parameters (at 0x380), so up to 128 the two rules agree there.
extern "C" __global__ void c_align64(char c, Align64 a) {}
// SM90: kernel c_align64 sm_90 size=112 align=64 offsets=0,48
// SM80: kernel c_align64 sm_80 size=96 align=64 offsets=0,32
// SM100: kernel c_align64 sm_100 size=128 align=64 offsets=0,64

// Above 128 they do not: an __align__(256) parameter first goes to 160 on
// sm_80 (0x160 + 160 = 512), 240 on sm_90, but 0 on sm_100 and sm_120 (the
// absolute rule would say 128 there, and write past the buffer's end).
struct __align__(256) Align256 { int v; };
extern "C" __global__ void c_align256(Align256 a, char c) {}
// SM90: kernel c_align256 sm_90 size=497 align=256 offsets=240,496
// SM80: kernel c_align256 sm_80 size=417 align=256 offsets=160,416
// SM100: kernel c_align256 sm_100 size=257 align=256 offsets=0,256
// SM120: kernel c_align256 sm_120 size=257 align=256 offsets=0,256

// clang and nvcc lay out packed records differently (here nvcc packs Q,
// which holds a non-POD __half; the cubin puts P at 1, clang at 4): the
// runtime, which nvcc compiles, computes such offsets.
#include <cuda_fp16.h>
struct Q { int i; __half h; };
struct __attribute__((packed)) P { Q q; double d; };
extern "C" __global__ void c_packed(char c, P p) {}
// SM90: kernel c_packed sm_90 layout=nvcc (a parameter holds a packed record, which clang lays out differently; the runtime computes the offsets)

// Where nvcc's own front end and code generator disagree, no layout written
// in source is right: a packed record with an over-aligned member, or any
// [[no_unique_address]] member (sizeof 512, a 516-byte .param in the PTX).
struct __align__(128) Aligned128 { char c; };
struct __attribute__((packed)) PackedAligned { char c; Aligned128 a; };
struct __align__(512) NoUnique { int i; short s : 1; [[no_unique_address]] Empty e; };
extern "C" __global__ void c_packed_aligned(PackedAligned p) {}
extern "C" __global__ void c_no_unique_address(char c, NoUnique n) {}
// SM90: kernel c_packed_aligned sm_90 layout=unknown (a parameter holds a {{.*}} member or an over-aligned member of a packed record, whose size nvcc's front end and code generator disagree on)
// SM90: kernel c_no_unique_address sm_90 layout=unknown (a parameter holds a 

extern "C" __global__ void c_none() {}
// SM90: kernel c_none sm_90 size=0 align=1 offsets=
