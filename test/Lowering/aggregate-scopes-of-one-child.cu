// RUN: %cdp-lower --aggregate=block %s -o %t.block.cu
// RUN: %strip-checks %t.block.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --aggregate=group %s -o %t.group.cu
// RUN: %strip-checks %t.group.cu | FileCheck --check-prefix=GROUP %s
// RUN: %nvcc-rdc -c %t.group.cu -o %t.group.o
// RUN: %cdp-lower --aggregate=block %t.block.cu | diff -u %t.block.cu -
//
// The runtime keeps a scope's state in shared memory (and a grid table)
// of the scope's type, which two scopes of one type in one kernel would
// share, each counting every thread's exit: the block's records were
// launched while other warps still made theirs (the program fuzzer's seed
// 7419, test/gpu/scopes_of_one_child.cu). So a child has one scope in a
// kernel however its launches name it, and in a template, whose instances
// may make `child<T>` and `child<int>` one type, the second scope's type
// is numbered apart.

namespace work {
__global__ void child(int *p, int v) { p[threadIdx.x] = v; }
} // namespace work

template <class T> __global__ void typed(T *p, T v) { p[threadIdx.x] = v; }

// CHECK-LABEL: namedTwice(
// GROUP-LABEL: namedTwice(
__global__ void namedTwice(int *p) {
  // CHECK: cdp::aggregated::BlockScope<::work::child_aggregated> cdp_child_block_launches;
  // CHECK-NOT: Scope<
  // GROUP: cdp::aggregated::GroupScope<::work::child_aggregated, 4> cdp_child_group_launches;
  // GROUP-NOT: Scope<
  if (threadIdx.x % 2)
    ::work::child<<<1, 32, 0, cudaStreamFireAndForget>>>(p, 1);
  else
    work::child<<<1, 32, 0, cudaStreamFireAndForget>>>(p + 32, 2);
  // CHECK: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, p, 1);
  // CHECK: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, p + 32, 2);
}

// Two instantiations named outside a template are two types: two scopes,
// no number.
// CHECK-LABEL: twoTypes(
// GROUP-LABEL: twoTypes(
__global__ void twoTypes(int *p, float *q) {
  // CHECK: cdp::aggregated::BlockScope<typed_aggregated<int>> cdp_typed_block_launches;
  // CHECK: cdp::aggregated::BlockScope<typed_aggregated<float>> cdp_typed_block_launches_2;
  typed<int><<<1, 32, 0, cudaStreamFireAndForget>>>(p, 1);
  typed<float><<<1, 32, 0, cudaStreamFireAndForget>>>(q, 2.f);
}

// CHECK-LABEL: inTemplate(
// GROUP-LABEL: inTemplate(
template <class T> __global__ void inTemplate(T *p, int *q) {
  // CHECK: cdp::aggregated::BlockScope<typed_aggregated<T>> cdp_typed_block_launches;
  // CHECK: cdp::aggregated::BlockScope<typed_aggregated<int>, 2> cdp_typed_block_launches_2;
  // GROUP: cdp::aggregated::GroupScope<typed_aggregated<T>, 4> cdp_typed_group_launches;
  // GROUP: cdp::aggregated::GroupScope<typed_aggregated<int>, 4, 2> cdp_typed_group_launches_2;
  typed<T><<<1, 32, 0, cudaStreamFireAndForget>>>(p, T(1));
  typed<int><<<1, 32, 0, cudaStreamFireAndForget>>>(q, 2);
}
template __global__ void inTemplate<int>(int *, int *);
template __global__ void inTemplate<float>(float *, int *);
