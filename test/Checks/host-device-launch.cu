// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-host-device-launch: a __host__ __device__ function has no single
// launch API to lower to. With the check off, the launch is left as written.
// RUN: %cdp-lower -Wno-cdp-host-device-launch %s | FileCheck %s --check-prefix=KEPT

__global__ void child() {}

__host__ __device__ void both() {
  // CHECK: host-device-launch.cu:[[@LINE+2]]:3: error: kernel launch in __host__ __device__ function 'both': the function is compiled for both sides and device-side launches exist only in device code; launch from a __global__ or __device__ function, or from a host function [-Wcdp-host-device-launch]
  // KEPT: child<<<1, 1>>>();
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
