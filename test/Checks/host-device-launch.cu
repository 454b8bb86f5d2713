// RUN: %cdp-lower --check-only %s 2>&1 | count 0
// RUN: %cdp-lower --check-only -Wcdp-host-device-launch %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s \
// RUN:   -fplugin-arg-cdp-Wcdp-host-device-launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-host-device-launch, off by default: a launch in a __host__ __device__
// function is a device-side launch on the GPU and a host launch on the CPU,
// which nvcc accepts and cdp-lower lowers (Lowering/host-device.cu). Code
// meant to launch from one side only can turn it on.

__global__ void child() {}

__host__ __device__ void both() {
  // CHECK: host-device-launch.cu:[[@LINE+1]]:3: warning: kernel launch in __host__ __device__ function 'both' is a device-side launch where the function runs on the GPU and a host launch where it runs on the CPU [-Wcdp-host-device-launch]
  child<<<1, 1>>>();
}

// Not reported: launches from __global__, __device__ and host code, and from
// lambdas, which take the side of the function they are written in.
__device__ void device() { child<<<1, 1>>>(); }
__global__ void global() {
  auto launch = [] { child<<<1, 1>>>(); };
  launch();
}
void host() { child<<<1, 1>>>(); }
