// RUN: %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=LOWERED
// RUN: not %nvcc-rdc -c %s -o %t.original.o 2>&1 | FileCheck %s --check-prefix=NVCC
// RUN: not %nvcc-rdc -c %t.cu -o %t.o 2>&1 | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc-rdc -DUPDATED -c %s -o %t.updated.o
// RUN: %cdp-lower --extra-arg=-DUPDATED %s -o %t.updated.cu 2>&1 | FileCheck %s --check-prefix=UPDATED --allow-empty
// RUN: %nvcc-rdc -DUPDATED -c %t.updated.cu -o %t.updated.lowered.o
//
// Host code written against an older toolkit, as the CUDA samples'
// helper_cuda.h of the Kepler era that many CDP projects carry: CUDA 13
// removed cudaThreadSynchronize and cudaDeviceProp's clockRate, so nvcc
// rejects the file too (the NVCC lines). cdp-lower lowers past these
// errors in host code, as past any other, but its note says that nvcc
// will not build it either, rather than that nvcc's host compiler might.

// UPDATED-NOT: warning

__global__ void child(int *out) { *out = 1; }
__global__ void parent(int *out) {
  // LOWERED: cdp::DeviceLaunch<void(int *)>(child, {1, 1}).arg<0>(out).launch();
  child<<<1, 1>>>(out);
}

int clockKHz() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
#ifdef UPDATED
  int rate = 0;
  cudaDeviceGetAttribute(&rate, cudaDevAttrClockRate, 0);
  return rate;
#else
  return prop.clockRate;
  // CHECK: removed-toolkit-api.cu:[[@LINE-1]]:15: warning: no member named 'clockRate' in 'cudaDeviceProp'
  // CHECK: removed-toolkit-api.cu:[[@LINE-2]]:15: note: the CUDA toolkit's headers that this file reads do not declare this, and nvcc reads the same ones: nvcc will reject it too (CUDA 13 removed, among others, cudaThreadSynchronize and cudaDeviceProp's clockRate); cdp-lower lowers past it in host code and keeps it as written
  // NVCC: error: class "cudaDeviceProp" has no member "clockRate"
#endif
}

void finish() {
#ifdef UPDATED
  cudaDeviceSynchronize();
#else
  cudaThreadSynchronize();
  // CHECK: removed-toolkit-api.cu:[[@LINE-1]]:3: warning: use of undeclared identifier 'cudaThreadSynchronize'; did you mean 'cudaDeviceSynchronize'?
  // CHECK: note: 'cudaDeviceSynchronize' declared here
  // CHECK: removed-toolkit-api.cu:[[@LINE-3]]:3: note: the CUDA toolkit's headers that this file reads do not declare this, and nvcc reads the same ones: nvcc will reject it too
  // NVCC: error: identifier "cudaThreadSynchronize" is undefined
#endif
}
