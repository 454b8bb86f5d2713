// nvcc 13 still builds C++11 and C++14 code: CDP-era Makefiles' -std=c++11,
// CMake's CUDA_STANDARD 11, cms-patatrack's -std=c++14 (issue 26). Such code
// lowers, --runtime-checks included, and nvcc builds the output in the
// same standard. A kernel type each instantiation deduces is launched
// through cdp::makeDeviceLaunch there, where C++17 has a deduction guide.
// RUN: %cdp-lower %s -o %t11.cu -- -std=c++11 -DDEDUCED
// RUN: %strip-checks %t11.cu | FileCheck %s --check-prefix=LOWERED11
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++11 -DDEDUCED -I%cdp-runtime -c %t11.cu -o %t11.o
// RUN: %cdp-lower --runtime-checks %s -o %t11c.cu -- -std=c++11 -DDEDUCED
// RUN: %strip-checks %t11c.cu | FileCheck %s --check-prefix=CHECKED11
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++11 -DDEDUCED -I%cdp-runtime -c %t11c.cu -o %t11c.o
// RUN: %cdp-lower %s -o %t14.cu -- -std=c++14 -DDEDUCED
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++14 -DDEDUCED -I%cdp-runtime -c %t14.cu -o %t14.o
// RUN: %cdp-lower --runtime-checks %s -o %t14c.cu -- -std=c++14
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t14c.cu -o %t14c.o
// RUN: %cdp-lower %s -o %t17.cu -- -std=c++17 -DDEDUCED
// RUN: %strip-checks %t17.cu | FileCheck %s --check-prefix=LOWERED17
//
// Before C++11 the runtime cannot be written: one error up front, at the
// first launch, naming the standard and the flag, instead of a page of
// errors from inside the header; nvcc, compiling a lowered file as C++03,
// gets the header's one #error.
// RUN: rm -f %t03.cu
// RUN: not %cdp-lower %s -o %t03.cu -- -std=c++03 2>&1 | FileCheck %s --check-prefix=CXX03 --implicit-check-not=error:
// RUN: not test -e %t03.cu
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++03 -I%cdp-runtime -c %t14c.cu -o %t03.o 2>&1 | FileCheck %s --check-prefix=NVCC03
//
// What only C++17 can write (aggregation, --threshold's serial runs) gets
// the same one error, at the first such launch.
// RUN: rm -f %t.cu
// RUN: not %cdp-lower --aggregate=warp %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --check-prefix=AGGREGATED --implicit-check-not=error:
// RUN: not %cdp-lower --threshold=64 %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --check-prefix=THRESHOLD --implicit-check-not=error:
// RUN: not %cdp-lower --threshold=64 %s -o %t.cu -- -std=c++11 2>&1 | FileCheck %s --check-prefix=THRESHOLD11 --implicit-check-not=error:
// RUN: not test -e %t.cu
// RUN: %cdp-lower --aggregate=warp %s -o %t17a.cu -- -std=c++17
// RUN: %nvcc-rdc -c %t17a.cu -o %t17a.o
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++14 -I%cdp-runtime -c %t17a.cu -o %t17a.o 2>&1 | FileCheck %s --check-prefix=NVCC14
// RUN: not %nvcc -rdc=true -arch=sm_90 -std=c++11 -I%cdp-runtime -c %t17a.cu -o %t17a.o 2>&1 | FileCheck %s --check-prefix=NVCC14
//
// --optimize chooses only what the file's standard builds: in C++11 and
// C++14 it lowers every launch as written, with one warning at the first,
// where C++17 runs the small grids in the launching warp.
// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t14o.cu -- -std=c++14 -DDEDUCED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIMIZE14 --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: diff %t14.cu %t14o.cu
// RUN: %cdp-lower --optimize %s -o %t11o.cu -- -std=c++11 -DDEDUCED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIMIZE11 --implicit-check-not=warning:
// RUN: diff %t11.cu %t11o.cu
// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t17o.cu -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIMIZE17 --implicit-check-not=warning:
// RUN: rm -f %t.cu
// RUN: not %cdp-lower --optimize --aggregate=warp %s -o %t.cu -- -std=c++14 2>&1 | FileCheck %s --check-prefix=AGGREGATED --implicit-check-not='warning: --optimize'
// RUN: not test -e %t.cu

struct Pair {
  int First;
  double Second;
};

__global__ void child(int *p, Pair q) { *p = q.First; }

__global__ void parent(int *p) {
  Pair q = {1, 2.0};
  Pair r = {2, 3.0};
  // CXX03: error-standard.cu:[[@LINE+14]]:3: error: the lowered launches need C++11 or later (cdp/launch.cuh), and this file is compiled as C++03
  // CXX03: note: compile it with -std=c++11 or later (nvcc 13's default is C++17)
  // AGGREGATED: error-standard.cu:[[@LINE+12]]:3: error: this launch, aggregated, needs C++17, and this file is compiled as C++14
  // AGGREGATED: note: compile it with -std=c++17 or later (nvcc 13's default)
  // THRESHOLD: error-standard.cu:[[@LINE+10]]:3: error: this launch, under --threshold, needs C++17, and this file is compiled as C++14
  // THRESHOLD: note: compile it with -std=c++17 or later (nvcc 13's default)
  // OPTIMIZE14: error-standard.cu:[[@LINE+8]]:3: warning: --optimize lowers the launches of this file as written: its transforms need C++17, and this file is compiled as C++14
  // OPTIMIZE14-NEXT: | child<<<1, 1, 0, cudaStreamFireAndForget>>>(p, q);
  // OPTIMIZE14: note: compile it with -std=c++17 or later (nvcc 13's default) for --optimize to transform them
  // OPTIMIZE11: error-standard.cu:[[@LINE+5]]:3: warning: --optimize lowers the launches of this file as written: its transforms need C++17, and this file is compiled as C++11
  // OPTIMIZE17: error-standard.cu:[[@LINE+4]]:3: remark: launch of 'child' runs in the launching warp below 4096 threads
  // THRESHOLD11: error-standard.cu:[[@LINE+3]]:3: error: this launch, under --threshold, needs C++17, and this file is compiled as C++11
  // LOWERED11: {{^}}  cdp::DeviceLaunch<void(int *, ::Pair)>(child, {1, 1, 0, cudaStreamFireAndForget})
  // LOWERED11-NEXT: {{^}}      .arg<0>(p)
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(p, q);
  child<<<1, 1>>>(p + 1, r);
}

#ifdef DEDUCED
template <class K> __device__ void launchThrough(K k, int *p) {
  Pair s = {3, 4.0};
  // LOWERED11: {{^}}  cdp::makeDeviceLaunch(k, {1, 1}).arg(p).arg(s).launch();
  // CHECKED11: {{^}}  cdp::makeCheckedDeviceLaunch(CDP_LAUNCH_SITE("error-standard.cu", [[@LINE+3]], "k"), k, {1, 1})
  // CHECKED11-NEXT: {{^}}      .arg(p)
  // LOWERED17: {{^}}  cdp::DeviceLaunch(k, {1, 1}).arg(p).arg(s).launch();
  k<<<1, 1>>>(p, s);
}
__global__ void viaTemplate(int *p) { launchThrough(child, p); }
#endif

// CXX03: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// AGGREGATED: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// THRESHOLD: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged
// THRESHOLD11: cdp-lower: error: '{{.*}}error-standard.cu' was not lowered; it is left unchanged

// NVCC03: error: #error "cdp/launch.cuh (code lowered by cdp-lower) needs C++11 or later: compile with -std=c++17, nvcc 13's default"
// NVCC03-NOT: error:
// NVCC14: error: #error "cdp/aggregate.cuh (launches aggregated by cdp-lower) needs C++17 or later: compile with -std=c++17, nvcc 13's default"
// NVCC14-NOT: error:
