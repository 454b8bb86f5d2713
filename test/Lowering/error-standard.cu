// RUN: not %cdp-lower %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cu
// RUN: %cdp-lower %s -o %t17.cu -- -std=c++17
// RUN: %nvcc-rdc -c %t17.cu -o %t17.o
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t17.cu -o %t14.o 2>&1 | FileCheck %s --check-prefix=NVCC
//
// The lowered launches use cdp/launch.cuh, which is C++17: a C++14 build
// gets one error up front, at the first launch, naming the standard and
// the flag, instead of a page of errors from inside the header (nvcc,
// compiling a lowered file as C++14, gets the header's one #error).

__global__ void child(int *p) { *p = 1; }

__global__ void parent(int *p) {
  // CHECK: error-standard.cu:[[@LINE+1]]:3: error: the lowered launches need C++17 (cdp/launch.cuh), and this file is compiled as C++14; compile it with -std=c++17 or later (nvcc 13's default)
  child<<<1, 1>>>(p);
  child<<<1, 1>>>(p + 1);
}
// CHECK: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged

// NVCC: error: #error "cdp/launch.cuh (code lowered by cdp-lower) needs C++17 or later: compile with -std=c++17, nvcc 13's default"
// NVCC-NOT: error:
