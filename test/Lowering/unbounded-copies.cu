// RUN: %cdp-lower --threshold=64 %s -o %t.cu -- -std=c++17 \
// RUN:   2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: grep -v '^// ' %t.cu | FileCheck %s --check-prefix=OUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=64 %t.cu -- -std=c++17 | diff -u %t.cu -
//
// A kernel bounded for the runtime's code (launch-bounds.cu) is written a
// second time without the bound, and its launches from host code after
// its definition launch that copy where the CUDA runtime says it fits
// every block the bounded kernel fits (cdp::unboundedIfLaunchable): ptxas
// fills the bound's 64 registers a thread where it may need far fewer.
// Any other use of the kernel's name keeps the bound alone.

#include <cdp/launch.cuh>

__global__ void child(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, i);
}

// The copy follows the kernel, its body as lowered, under `#line`s that
// keep the input's line numbers.
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent(int *out) {
// OUT: {{^}}/// 'parent' without the launch bounds cdp-lower gave it: its host
// OUT-NEXT: {{^}}/// launches take this one where its registers let it run blocks as large
// OUT-NEXT: {{^}}/// as 'parent' can (cdp::unboundedIfLaunchable).
// OUT-NEXT: {{^}}__global__ void parent_unbounded(int *out)
// OUT-NEXT: {{^}}#line [[@LINE+6]]
// OUT-NEXT: {{^}}{
// OUT-NEXT: {{^}}  if (cdp::serial::fewerThreads(1, 8, 64)) child_serial
// OUT: {{^}}#line [[@LINE+5]]
// OUT-NEXT: {{^}}}
// OUT-NEXT: {{^}}#line [[@LINE+4]]
__global__ void parent(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, threadIdx.x);
}

// Shared memory is each kernel's own: copied.
// OUT: {{^}}__global__ void withShared_unbounded(int *out)
__global__ void withShared(int *out) {
  __shared__ int first;
  if (threadIdx.x == 0)
    first = *out;
  __syncthreads();
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, first);
}

// A static local variable would be the copy's own: no copy.
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS withStatic(int *out) {
// OUT-NOT: withStatic_unbounded
__global__ void withStatic(int *out) {
  static __device__ int calls;
  atomicAdd(&calls, 1);
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 1);
}

// Named by something other than a launch: an attribute set on it would
// not be the copy's. No copy.
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS attributed(int *out) {
// OUT-NOT: attributed_unbounded
__global__ void attributed(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 2);
}

// A template keeps the bound alone.
// OUT: {{^}}template <class T> __global__ void CDP_RUNTIME_LAUNCH_BOUNDS templated(T *out) {
// OUT-NOT: templated_unbounded
template <class T> __global__ void templated(T *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 3);
}

// In a namespace: the launch names the copy the same way.
namespace ns {
// OUT: {{^}}__global__ void ns_kernel_unbounded(int *out)
__global__ void ns_kernel(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 4);
}
} // namespace ns

// Launched from the device: that launch keeps the bounded kernel.
// OUT: cdp::DeviceLaunch<void(int *)>(parent, {1, 1})
// CHECK: unbounded-copies.cu:[[@LINE+1]]:41: warning: launch of 'parent' always launches a grid under --threshold
__global__ void grandparent(int *out) { parent<<<1, 1>>>(out); }

// A launch before the definition cannot name the copy: as written.
__global__ void declaredFirst(int *out);
// OUT: {{^}}void early(int *out) { declaredFirst<<<1, 1024>>>(out); }
void early(int *out) { declaredFirst<<<1, 1024>>>(out); }
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS declaredFirst(int *out) {
// OUT: {{^}}__global__ void declaredFirst_unbounded(int *out)
__global__ void declaredFirst(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 5);
}

#define LAUNCH_ON(kernel, out) kernel<<<1, 1024>>>(out)

void host(int *out) {
  // Inside a macro's arguments: as written (a template's comma would split
  // them).
  // OUT: {{^}}  LAUNCH_ON(parent, out);
  LAUNCH_ON(parent, out);
  // OUT: cdp::unboundedIfLaunchable<parent, parent_unbounded>()<<<1, 1024>>>(out);
  parent<<<1, 1024>>>(out);
  // OUT: cdp::unboundedIfLaunchable<withShared, withShared_unbounded>()<<<1, 1024>>>(out);
  withShared<<<1, 1024>>>(out);
  // OUT: {{^}}  withStatic<<<1, 1024>>>(out);
  withStatic<<<1, 1024>>>(out);
  cudaFuncSetAttribute(attributed, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       1024);
  // OUT: {{^}}  attributed<<<1, 1024>>>(out);
  attributed<<<1, 1024>>>(out);
  // OUT: {{^}}  templated<<<1, 1024>>>(out);
  templated<<<1, 1024>>>(out);
  // OUT: cdp::unboundedIfLaunchable<ns::ns_kernel, ns::ns_kernel_unbounded>()<<<1, 1024>>>(out);
  ns::ns_kernel<<<1, 1024>>>(out);
  // OUT: cdp::unboundedIfLaunchable<declaredFirst, declaredFirst_unbounded>()<<<1, 1024>>>(out);
  declaredFirst<<<1, 1024>>>(out);
}
