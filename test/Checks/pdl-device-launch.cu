// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-pdl-device-launch: device launches take no launch attributes. The
// markers are host functions, so clang also says so, without the reason.

#include <cdp/pdl.cuh>

__global__ void child(int *p) {
  cudaGridDependencySynchronize();
  p[0] = 1;
}

// clang reports the host functions while parsing; the check follows.
// CHECK: pdl-device-launch.cu:[[@LINE+5]]:30: error: reference to __host__ function 'streamSerialization' in __global__ function
// CHECK: pdl-device-launch.cu:[[@LINE+5]]:30: error: reference to __host__ function 'programmaticEvent' in __global__ function
// CHECK: pdl-device-launch.cu:[[@LINE+3]]:30: error: a device-side launch cannot be a programmatic dependent launch: device launches take no launch attributes; pass the stream itself [-Wcdp-pdl-device-launch]
// CHECK: pdl-device-launch.cu:[[@LINE+3]]:30: error: a device-side launch cannot be a programmatic dependent launch{{.*}} [-Wcdp-pdl-device-launch]
__global__ void parent(int *p, cudaEvent_t e) {
  child<<<1, 1, 0, cdp::pdl::streamSerialization(cudaStreamTailLaunch)>>>(p);
  child<<<1, 1, 0, cdp::pdl::programmaticEvent(cudaStreamFireAndForget, e)>>>(p);
  // Not reported: a plain device-side launch.
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(p);
}

void host(int *p, cudaStream_t s) {
  // Not reported: host-side launches are where the markers belong.
  child<<<1, 1, 0, s>>>(p);
  child<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(p);
}
