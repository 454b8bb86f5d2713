// C++14 code lowers (cms-patatrack's -std=c++14 build, issue 26), and nvcc
// builds the output as C++14, --runtime-checks included:
// RUN: %cdp-lower %s -o %t14.cu -- -std=c++14
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t14.cu -o %t14.o
// RUN: %cdp-lower --runtime-checks %s -o %t14c.cu -- -std=c++14
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t14c.cu -o %t14c.o
//
// Before C++14 the runtime cannot be written: one error up front, at the
// first launch, naming the standard and the flag, instead of a page of
// errors from inside the header; nvcc, compiling a lowered file as C++11,
// gets the header's one #error.
// RUN: rm -f %t11.cu
// RUN: not %cdp-lower %s -o %t11.cu -- -std=c++11 2>&1 | FileCheck %s --check-prefix=CXX11 --implicit-check-not=error:
// RUN: not test -e %t11.cu
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++11 -I%cdp-runtime -c %t14.cu -o %t11.o 2>&1 | FileCheck %s --check-prefix=NVCC11
//
// What only C++17 can write (a kernel type each instantiation deduces,
// aggregation, --threshold's serial runs) gets the same one error, at the
// first such launch.
// RUN: rm -f %t.cu
// RUN: not %cdp-lower %s -o %t.cu -- -std=c++14 -DDEDUCED 2>&1 | FileCheck %s --check-prefix=DEDUCED --implicit-check-not=error:
// RUN: not %cdp-lower --aggregate=warp %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --check-prefix=AGGREGATED --implicit-check-not=error:
// RUN: not %cdp-lower --threshold=64 %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --check-prefix=THRESHOLD --implicit-check-not=error:
// RUN: not test -e %t.cu
// RUN: %cdp-lower --aggregate=warp %s -o %t17.cu -- -std=c++17
// RUN: %nvcc-rdc -c %t17.cu -o %t17.o
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t17.cu -o %t17.o 2>&1 | FileCheck %s --check-prefix=NVCC14

struct Pair {
  int First;
  double Second;
};

__global__ void child(int *p, Pair q) { *p = q.First; }

__global__ void parent(int *p) {
  // CXX11: error-standard.cu:[[@LINE+6]]:3: error: the lowered launches need C++14 or later (cdp/launch.cuh), and this file is compiled as C++11
  // CXX11: note: compile it with -std=c++14 or later (nvcc 13's default is C++17)
  // AGGREGATED: error-standard.cu:[[@LINE+4]]:3: error: this launch, aggregated, needs C++17, and this file is compiled as C++14
  // AGGREGATED: note: compile it with -std=c++17 or later (nvcc 13's default)
  // THRESHOLD: error-standard.cu:[[@LINE+2]]:3: error: this launch, under --threshold, needs C++17, and this file is compiled as C++14
  // THRESHOLD: note: compile it with -std=c++17 or later (nvcc 13's default)
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(p, {1, 2.0});
  child<<<1, 1>>>(p + 1, Pair{2, 3.0});
}

#ifdef DEDUCED
template <class K> __device__ void launchThrough(K k, int *p) {
  // DEDUCED: error-standard.cu:[[@LINE+2]]:3: error: this launch, whose kernel type each instantiation deduces, needs C++17, and this file is compiled as C++14
  // DEDUCED: note: compile it with -std=c++17 or later (nvcc 13's default)
  k<<<1, 1>>>(p, Pair{3, 4.0});
}
__global__ void viaTemplate(int *p) { launchThrough(child, p); }
#endif

// CXX11: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// DEDUCED: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// AGGREGATED: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// THRESHOLD: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged

// NVCC11: error: #error "cdp/launch.cuh (code lowered by cdp-lower) needs C++14 or later: compile with -std=c++17, nvcc 13's default"
// NVCC11-NOT: error:
// NVCC14: error: #error "cdp/aggregate.cuh (launches aggregated by cdp-lower) needs C++17 or later: compile with -std=c++17, nvcc 13's default"
// NVCC14-NOT: error:
