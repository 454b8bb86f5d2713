// RUN: cd %S && %cdp-lower kernel-last.cu -o %t.cu 2>&1 | count 0
// RUN: diff -u %S/Expected/kernel-last.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// The transforms that copy the child name the copy with the kernel
// template's arguments, which they cannot write here: they leave these
// launches to the lowering, saying why, and the output builds.
// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARP --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COARSE --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// Serial runs call the child's copy with the arguments, which deduces its
// template's arguments as the launch did.
// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
//
// A kernel template called with a lambda is instantiated with the lambda's
// closure type, which no source can write, so the launch cannot open
// cdp::DeviceLaunch<void(...)>. It is lowered with the kernel named last:
// the arguments are kept as the parameters' types where those can be
// written, else as their own, and `.launch(k)` deduces the instance.

#include <cdp/launch.cuh>
#line 27 "kernel-last.cu"
template <class F> __global__ void apply(int *out, F f) {
  out[threadIdx.x] = f(threadIdx.x);
}
template <class T> struct Box {
  T value;
};
template <class T> __global__ void applyBoxed(Box<T> box, int scale = 2) {}

__global__ void parent(int *out, int k) {
  // A lambda held in a variable.
  auto times = [k](int i) { return i * k; };
  // WARP: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'apply<(lambda)>' is not aggregated by warp, only lowered: 'apply<(lambda)>' is instantiated with a lambda's type (or an unnamed class's), which the aggregated kernel's name cannot write out{{$}}
  // COARSE: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'apply<(lambda)>' keeps one block per block asked for under --coarsen: 'apply<(lambda)>' is instantiated with a lambda's type (or an unnamed class's), which the coarsened kernel's name cannot write out{{$}}
  cdp::deducedLaunch({1, 32, 0, cudaStreamFireAndForget})
      .arg<int *>(out)
      .arg(times)
      .launch(apply);
#line 41
  // A lambda written in the launch: evaluated where it is written, after
  // the configuration and the arguments before it.
  // WARP: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'apply<(lambda)>' is not aggregated by warp{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'apply<(lambda)>' keeps one block{{.*}}
  cdp::deducedLaunch({1, 32, 0, cudaStreamFireAndForget})
      .arg<int *>(out + 32)
      .arg([=](int i) { return i + k; })
      .launch(apply);
#line 46
  // An object of an unnamed class.
  struct {
    int k;
    __device__ int operator()(int i) const { return i - k; }
  } minus{k};
  // WARP: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'apply<(unnamed struct)>' is not aggregated by warp{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'apply<(unnamed struct)>' keeps one block{{.*}}
  cdp::deducedLaunch({1, 32, 0, cudaStreamFireAndForget})
      .arg<int *>(out + 64)
      .arg(minus)
      .launch(apply);
#line 54
  // A class that holds a lambda, and a default argument after it.
  // WARP: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'applyBoxed<(lambda)>' is not aggregated by warp{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'applyBoxed<(lambda)>' keeps one block{{.*}}
  cdp::deducedLaunch({1, 1, 0, cudaStreamFireAndForget})
      .arg(Box<decltype(times)>{times})
      .arg<int>(2)
      .launch(applyBoxed);
#line 58
}

// In a template, each instance passes each parameter an argument of the
// parameter's own type: every `.arg` keeps its argument's.
template <class T> __global__ void templateParent(T *out, T k) {
  // WARP: kernel-last.cu:[[@LINE+3]]:3: warning: launch of 'apply' is not aggregated by warp, only lowered: in an instance of 'templateParent', 'apply' is instantiated with a lambda's type (or an unnamed class's), which the copy's name cannot write out{{$}}
  // COARSE: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'apply' keeps one block{{.*}}
  // THRESH: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'apply' always launches a grid under --threshold{{.*}}
  cdp::deducedLaunch({1, 32, 0, cudaStreamFireAndForget})
      .arg(out)
      .arg([k](int i) { return i + k; })
      .launch(apply);
#line 67
}
template __global__ void templateParent<int>(int *, int);

// Not lambdas, but types the template does not spell, which the tool
// cannot write in its terms (error-deduced-dependent.cu refused them
// before): an argument like `data + 1`, a const value whose parameter the
// call deduces without const, and a generic lambda's `auto` parameter.
template <class U> __global__ void child(U *data) {}
template <class U> __global__ void byValue(U value) {}
template <class T> __device__ void offset(T *data) {
  // WARP: kernel-last.cu:[[@LINE+3]]:3: warning: launch of 'child' is not aggregated by warp, only lowered: cdp-lower cannot spell the template arguments of 'child'{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'child' keeps one block{{.*}}
  // THRESH: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'child' always launches a grid{{.*}}
  cdp::deducedLaunch({1, 1}).arg(data + 1).launch(child);
}
template <class T> __device__ void copyOf(T value) {
  // WARP: kernel-last.cu:[[@LINE+3]]:3: warning: launch of 'byValue' is not aggregated by warp{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+2]]:3: warning: launch of 'byValue' keeps one block{{.*}}
  // THRESH: kernel-last.cu:[[@LINE+1]]:3: warning: launch of 'byValue' always launches a grid{{.*}}
  cdp::deducedLaunch({1, 1}).arg(value).launch(byValue);
}
__device__ void viaGenericLambda(int *data, float *values) {
  // WARP: kernel-last.cu:[[@LINE+3]]:31: warning: launch of 'child' is not aggregated by warp{{.*}}
  // COARSE: kernel-last.cu:[[@LINE+2]]:31: warning: launch of 'child' keeps one block{{.*}}
  // THRESH: kernel-last.cu:[[@LINE+1]]:31: warning: launch of 'child' always launches a grid{{.*}}
  auto launch = [](auto *p) { cdp::deducedLaunch({1, 1}).arg(p).launch(child); };
  launch(data);
  launch(values);
}
__global__ void deducedParent(int *data, float *values) {
  offset(data);
  copyOf<const int>(1);
  viaGenericLambda(data, values);
}
