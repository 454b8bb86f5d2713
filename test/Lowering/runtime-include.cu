// RUN: %cdp-lower %s -o %t.cu
// RUN: FileCheck %s --check-prefix=PLAIN < %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: printf '\357\273\277// licence\r\n\r\n#ifdef __CUDA_ARCH__\r\n#include <cstdio>\r\n#endif\r\n__global__ void c(int) {}\r\n__global__ void p() { c<<<1, 1>>>(1); }\r\n' > %t.bom.cu
// RUN: %cdp-lower %t.bom.cu -o %t.bom.lowered.cu
// RUN: od -c %t.bom.lowered.cu | FileCheck %s --check-prefix=BOM
// RUN: %nvcc-rdc -c %t.bom.lowered.cu -o %t.bom.o
// RUN: printf '__global__ void c(int) {}\n__global__ void p() { c<<<1, 1>>>(1); }' > %t.noeol.cu
// RUN: %cdp-lower %t.noeol.cu | FileCheck %s --check-prefix=FIRST
// RUN: %cdp-lower %t.noeol.cu -o %t.noeol.lowered.cu
// RUN: %nvcc-rdc -c %t.noeol.lowered.cu -o %t.noeol.o
//
// The runtime include goes before the file's first token, after the
// leading comments, so it is at file scope whatever comes first: here an
// include inside `#ifdef __CUDA_ARCH__`, then `extern "C"`. The `#line`
// after it keeps every later line's number, for nvcc's messages. A UTF-8
// byte-order mark stays first, and CRLF files get CRLF lines.

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

// PLAIN: {{^}}// byte-order mark stays first, and CRLF files get CRLF lines.{{$}}
// PLAIN-EMPTY:
// PLAIN-NEXT: {{^}}#include <cdp/launch.cuh>{{$}}
// PLAIN-NEXT: {{^}}#line 19{{$}}
// PLAIN-NEXT: {{^}}#ifdef __CUDA_ARCH__{{$}}

// BOM: 0000000 357 273 277   /   /       l   i   c   e   n   c   e  \r  \n  \r
// BOM-NEXT: 0000020  \n   #   i   n   c   l   u   d   e       <   c   d   p   /   l
// BOM-NEXT: 0000040   a   u   n   c   h   .   c   u   h   >  \r  \n   #   l   i   n
// BOM-NEXT: 0000060   e       3  \r  \n   #   i   f   d   e   f       _   _   C   U

// FIRST: #include <cdp/launch.cuh>
// FIRST-NEXT: #line 1
// FIRST-NEXT: __global__ void c(int) {}
