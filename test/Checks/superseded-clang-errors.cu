// RUN: not %cdp-lower --check-only %s 2>&1 | FileCheck %s
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 | FileCheck %s
//
// clang refuses a host-only runtime call in device code with "no matching
// function", and a note on the host declaration. Where a check reports the
// call, its error takes the place of clang's; where none does, clang's
// error stays, with its notes, after the checks' reports.
// CHECK-NOT: no matching function for call to 'cudaDeviceSynchronize'
// CHECK-NOT: no matching function for call to 'cudaStreamQuery'

__global__ void parent(void **host, cudaStream_t s) {
  cudaDeviceSynchronize();
  // CHECK: superseded-clang-errors.cu:[[@LINE-1]]:3: error: cudaDeviceSynchronize() is not available in device code under CDP2
  cudaStreamQuery(s);
  // CHECK: superseded-clang-errors.cu:[[@LINE-1]]:3: error: cudaStreamQuery is host-only
  cudaMallocHost(host, 4);
  // CHECK: superseded-clang-errors.cu:[[@LINE-1]]:3: error: no matching function for call to 'cudaMallocHost'
  // CHECK: note: candidate function not viable: call to __host__ function from __global__ function
}
