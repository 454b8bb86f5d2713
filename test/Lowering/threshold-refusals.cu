// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not grep -q '[_]serial(' %t.cu
//
// Launches that running in the launching thread would change the meaning
// of: each is only lowered, with a warning that says why.

#include <cdp/launch.cuh>

__device__ unsigned blockNumber() { return blockIdx.x; }
__global__ void usesHelper(int *out) { out[blockNumber()] = 1; }

__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void node(int depth, unsigned *count) {
  atomicAdd(count, 1u);
  // CHECK: :[[@LINE+2]]:5: warning: launch of 'node' always launches a grid under --threshold, even a small one: 'node' launches itself, and its serial run would recurse as deep as the grids nest, on a GPU thread's stack of 1 KB (and in a kernel that aggregates launches, with too few registers)
  if (depth > 0)
    node<<<1, 4, 0, cudaStreamFireAndForget>>>(depth - 1, count);
}

/// Not constexpr: a call the choice and the launch would make twice.
__device__ unsigned next(int *counter) { return atomicAdd(counter, 1) % 4 + 1; }
namespace mine {
__device__ unsigned calls;
/// Counts its calls: judged by its body, not by its name.
__device__ unsigned ceil(int n) {
  ++calls;
  return n > 0 ? n : 1;
}
} // namespace mine
/// constexpr, but it changes what its reference names.
__host__ __device__ constexpr unsigned bump(int &n) { return ++n; }

__global__ void parent(int *out, int n) {
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'usesHelper' always launches a grid under --threshold, even a small one: 'usesHelper' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in the launching thread it would see that thread's
  // CHECK: :11:21: note: 'blockNumber' declared here
  usesHelper<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): a grid of that stream runs after the launches made into it before, and in the launching thread it would run first
  // CHECK: :[[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=child (or in .cdp-lower)
  child<<<1, 32>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is cudaStreamTailLaunch, whose grid runs after the launching grid ends
  child<<<1, 32, 0, cudaStreamTailLaunch>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: it asks for dynamic shared memory
  child<<<1, 32, 64, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its grid or block has side effects, and the choice reads them before the launch does
  child<<<n++, 32, 0, cudaStreamFireAndForget>>>(out);
  // A call that may change something, in a dim3, or through a reference.
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its grid or block has side effects, and the choice reads them before the launch does
  child<<<dim3(next(out), 2), 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its grid or block has side effects, and the choice reads them before the launch does
  child<<<1, dim3(bump(n)), 0, cudaStreamFireAndForget>>>(out);
  // A function of the user's named as the math API's is judged by its
  // body, which changes something.
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its grid or block has side effects, and the choice reads them before the launch does
  child<<<::mine::ceil(n), 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+1]]:10: warning: launch of 'child' always launches a grid under --threshold, even a small one: it is not a statement of its own, and the choice between the serial run and the launch is an if statement
  (void)(child<<<1, 32, 0, cudaStreamFireAndForget>>>(out), 0);
}

// In a template, a kernel template launched with arguments of the
// template's types is one kernel only once the template is instantiated:
// the instances say which (threshold-templates.cu), and here there are
// none.
template <class V> __global__ void scaleAll(V *values) { values[threadIdx.x] *= 2; }
template <class V> __device__ void scaleFrom(V *values) {
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'scaleAll' always launches a grid under --threshold, even a small one: it is in a template, and which kernel it launches depends on the template's parameters; this file makes no instance of 'scaleFrom' that says which
  scaleAll<<<1, 32, 0, cudaStreamFireAndForget>>>(values);
}

// Where the instances say which kernel, the reasons name it as the launch
// writes it, not as one instance.
template <class V> __global__ void helped(V *values) {
  values[blockNumber()] *= 2;
}
template <class V> __device__ void launchHelped(V *values) {
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'helped<V>' always launches a grid under --threshold, even a small one: 'helped<V>' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in the launching thread it would see that thread's
  // CHECK: :11:21: note: 'blockNumber' declared here
  helped<V><<<1, 32, 0, cudaStreamFireAndForget>>>(values);
}
__global__ void launchesHelped(float *values) { launchHelped(values); }
