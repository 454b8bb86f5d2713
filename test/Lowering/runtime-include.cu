// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=PLAIN
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: printf '\357\273\277// licence\r\n\r\n#ifdef __CUDA_ARCH__\r\n#include <cstdio>\r\n#endif\r\n__global__ void c(int) {}\r\n__global__ void p() { c<<<1, 1>>>(1); }\r\n' > %t.bom.cu
// RUN: cp %t.bom.cu %t.bom.lowered.cu
// RUN: %cdp-lower -i %t.bom.lowered.cu
// RUN: od -c %t.bom.lowered.cu | FileCheck %s --check-prefix=BOM
// RUN: %nvcc-rdc -c %t.bom.lowered.cu -o %t.bom.o
// RUN: printf '__global__ void c(int) {}\n__global__ void p() { c<<<1, 1>>>(1); }' > %t.noeol.cu
// RUN: %cdp-lower %t.noeol.cu | FileCheck %s --check-prefix=FIRST
// RUN: %cdp-lower %t.noeol.cu -o %t.noeol.lowered.cu
// RUN: %nvcc-rdc -c %t.noeol.lowered.cu -o %t.noeol.o
// RUN: printf '#pragma once\n__global__ void c(int) {}\n__device__ void p() { c<<<1, 1>>>(1); }\n' > %t.once.cuh
// RUN: cp %t.once.cuh %t.once.lowered.cuh
// RUN: %cdp-lower -i %t.once.lowered.cuh
// RUN: %strip-checks %t.once.lowered.cuh | FileCheck %s --check-prefix=ONCE
// RUN: printf '// guard\n#ifndef  GUARD_H // why\n# define GUARD_H\n__global__ void c(int) {}\n__device__ void p() { c<<<1, 1>>>(1); }\n#endif\n' > %t.guard.cuh
// RUN: cp %t.guard.cuh %t.guard.lowered.cuh
// RUN: %cdp-lower -i %t.guard.lowered.cuh
// RUN: %strip-checks %t.guard.lowered.cuh | FileCheck %s --check-prefix=GUARD
// RUN: printf '#ifndef A\n#define B\n__global__ void c(int) {}\n__device__ void p() { c<<<1, 1>>>(1); }\n#endif\n' > %t.notguard.cuh
// RUN: %cdp-lower %t.notguard.cuh | FileCheck %s --check-prefix=NOT-GUARD
// RUN: echo '#include "%t.guard.lowered.cuh"' > %t.includes-guarded.cu
// RUN: echo '#include "%t.guard.lowered.cuh"' >> %t.includes-guarded.cu
// RUN: %nvcc-rdc -c %t.includes-guarded.cu -o %t.guard.o
// RUN: cd %S && %cdp-lower runtime-include.cu | FileCheck %s --check-prefix=NAMED
//
// The runtime include goes before the file's first token, after the
// leading comments, so it is at file scope whatever comes first: here an
// include inside `#ifdef __CUDA_ARCH__`, then `extern "C"`. The `#line`
// after it keeps every later line's number, for nvcc's messages, and, in a
// copy written elsewhere, the original file's name (in place, the file is
// the original). A UTF-8 byte-order mark stays first, and CRLF files get
// CRLF lines. In a header, a `#pragma once` or an include guard stays
// first (compilers recognise a guard only there); `#ifndef A` followed by
// `#define B` is no guard.

#ifdef __CUDA_ARCH__
#include <cstdio>
#endif
extern "C" {
#include <stdint.h>
}
namespace inner {
__global__ void child(int x) {}
}
__global__ void parent() { inner::child<<<1, 1>>>(2); }

// PLAIN: {{^}}// `#define B` is no guard.{{$}}
// PLAIN-EMPTY:
// PLAIN-NEXT: {{^}}#include <cdp/launch.cuh>{{$}}
// PLAIN-NEXT: {{^}}#line 38 "{{.*}}runtime-include.cu"{{$}}
// PLAIN-NEXT: {{^}}#ifdef __CUDA_ARCH__{{$}}

// BOM: 0000000 357 273 277   /   /       l   i   c   e   n   c   e  \r  \n  \r
// BOM-NEXT: 0000020  \n   #   i   n   c   l   u   d   e       <   c   d   p   /   l
// BOM-NEXT: 0000040   a   u   n   c   h   .   c   u   h   >  \r  \n   #   l   i   n
// BOM-NEXT: 0000060   e       3  \r  \n   #   i   f   d   e   f       _   _   C   U

// FIRST: #include <cdp/launch.cuh>
// FIRST-NEXT: #line 1 "{{.*}}noeol.cu"
// FIRST-NEXT: __global__ void c(int) {}

// ONCE: {{^}}#pragma once{{$}}
// ONCE-NEXT: {{^}}#include <cdp/launch.cuh>{{$}}
// ONCE-NEXT: {{^}}#line 2{{$}}
// ONCE-NEXT: {{^}}__global__ void c(int) {}{{$}}

// GUARD: {{^}}// guard{{$}}
// GUARD-NEXT: {{^}}#ifndef  GUARD_H // why{{$}}
// GUARD-NEXT: {{^}}# define GUARD_H{{$}}
// GUARD-NEXT: {{^}}#include <cdp/launch.cuh>{{$}}
// GUARD-NEXT: {{^}}#line 4{{$}}

// NOT-GUARD: {{^}}#include <cdp/launch.cuh>{{$}}
// NOT-GUARD-NEXT: {{^}}#line 1 "{{.*}}notguard.cuh"{{$}}
// NOT-GUARD-NEXT: {{^}}#ifndef A{{$}}

// NAMED: {{^}}#line 38 "runtime-include.cu"{{$}}
