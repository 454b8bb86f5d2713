// RUN: not %cdp-lower %s 2>&1 | FileCheck %s
//
// A __host__ __device__ function has no single launch API to lower to.

__global__ void child() {}

__host__ __device__ void both() {
  child<<<1, 1>>>();
  // CHECK: error-host-device.cu:[[@LINE-1]]:3: error: kernel launch in __host__ __device__ function 'both' cannot be lowered: the device-side launch API exists only in device code; launch from a __global__ or __device__ function
}
