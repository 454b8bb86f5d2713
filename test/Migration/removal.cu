// RUN: cp %s %t.cu && %cdp-lower --migrate-cdp1 --fix %t.cu -- -std=c++17
// RUN: diff -u %S/Expected/removal.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --migrate-cdp1 --export-fixes=%t.yaml %s -- -std=c++17
// RUN: %strip-checks %t.yaml | FileCheck %s --check-prefix=YAML
// YAML: DiagnosticName: cdp-lowering
// YAML: Message: migrated from CDP1 to CDP2 by cdp-lower
// YAML: ReplacementText: ''
//
// A cudaDeviceSynchronize() after which nothing runs only waited for the
// children before the grid ended; a grid does not complete before its
// children do, so it goes. What follows it may be a return, an empty
// statement or __syncthreads().

__global__ void child(int *p) { *p = 1; }

__global__ void atTheEnd(int *p) {
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
}

__global__ void inBranches(int *p, int depth) {
  if (threadIdx.x == 0) {
    if (depth > 0) {
      child<<<1, 1>>>(p);
      (void)cudaDeviceSynchronize();
      return;
    }
    child<<<1, 1>>>(p + 1);
    cudaDeviceSynchronize();
  }
  __syncthreads();
}
