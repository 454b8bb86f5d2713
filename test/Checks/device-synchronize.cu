// RUN: not %cdp-lower --check-only %s -- -std=c++17 -fdiagnostics-parseable-fixits 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not='no matching function'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -fdiagnostics-parseable-fixits %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not='no matching function'
// The migration's note goes with calls in kernels that it can migrate: not
// with a pointer, a __device__ helper or a removable last statement.
// RUN: not %cdp-lower --check-only %s -- -std=c++17 2>&1 | grep -c 'note: cdp-lower --migrate-cdp1' | grep -x 2
//
// cdp-device-synchronize: CDP2 (CUDA 12+, always on sm_90+) has no
// device-side cudaDeviceSynchronize. clang's own error ("no matching
// function", with a note on the host declaration) gives way to ours, which
// says why and what to write instead.
//
// Under CDP1 (forced, below sm_90) the call is legal: nothing is reported.
// RUN: %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_80 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED -Wno-deprecated-declarations 2>&1 | count 0
// On sm_90 the macro cannot bring CDP1 back.
// RUN: not %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_90 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED 2>&1 | FileCheck %s --check-prefix=SM90
// SM90: [-Wcdp-device-synchronize]

#include <cuda_runtime.h>

__global__ void child(int *data) {}

#define WAIT_FOR_CHILDREN() cudaDeviceSynchronize()

__global__ void waitsInTheMiddle(int *data) {
  child<<<1, 1>>>(data);
  // CHECK: device-synchronize.cu:[[@LINE+2]]:3: error: cudaDeviceSynchronize() is not available in device code under CDP2 (CUDA 12 and later; always on sm_90 and up): a parent grid can no longer wait for its children; launch the work that needs their results as a kernel on cudaStreamTailLaunch, which runs after this grid and all its children complete [-Wcdp-device-synchronize]
  // CHECK: device-synchronize.cu:[[@LINE+1]]:3: note: cdp-lower --migrate-cdp1 moves the code after it into such a kernel
  cudaDeviceSynchronize();
  data[0] += 1;
}

__global__ void throughAMacro(int *data) {
  child<<<1, 1>>>(data);
  // CHECK: device-synchronize.cu:[[@LINE+2]]:3: error: cudaDeviceSynchronize() is not available in device code under CDP2{{.*}} [-Wcdp-device-synchronize]
  // CHECK: device-synchronize.cu:[[@LINE+1]]:3: note: cdp-lower --migrate-cdp1 moves
  WAIT_FOR_CHILDREN();
  data[0] += 1;
}

__global__ void throughAPointer() {
  // CHECK: device-synchronize.cu:[[@LINE+1]]:27: error: cudaDeviceSynchronize() is not available in device code under CDP2{{.*}} [-Wcdp-device-synchronize]
  cudaError_t (*wait)() = cudaDeviceSynchronize;
}

__device__ cudaError_t inAHelper() {
  // CHECK: device-synchronize.cu:[[@LINE+1]]:10: error: cudaDeviceSynchronize() is not available in device code under CDP2{{.*}} [-Wcdp-device-synchronize]
  return cudaDeviceSynchronize();
}

// The last statement of a kernel, result unused: removing it is safe.
__global__ void waitsAtTheEnd(int *data) {
  child<<<1, 1>>>(data);
  // CHECK: device-synchronize.cu:[[@LINE+4]]:3: error: cudaDeviceSynchronize() is not available in device code under CDP2{{.*}} [-Wcdp-device-synchronize]
  // CHECK: device-synchronize.cu:[[@LINE+3]]:3: note: this is the kernel's last statement and its result is unused: remove it; the grid does not complete until its children do
  // Removal of the statement up to its ';' (column 27 is one past it):
  // CHECK: fix-it:"{{.*}}device-synchronize.cu":{[[@LINE+1]]:3-[[@LINE+1]]:27}:""
  cudaDeviceSynchronize();
}

__global__ void discardsAtTheEnd(int *data) {
  child<<<1, 1>>>(data);
  // CHECK: device-synchronize.cu:[[@LINE+3]]:9: error: cudaDeviceSynchronize() is not available in device code under CDP2{{.*}} [-Wcdp-device-synchronize]
  // CHECK: device-synchronize.cu:[[@LINE+2]]:9: note: this is the kernel's last statement
  // CHECK: fix-it:"{{.*}}device-synchronize.cu":{[[@LINE+1]]:3-[[@LINE+1]]:33}:""
  (void)cudaDeviceSynchronize();
}

// The host may synchronize as before: not reported.
void host() {
  cudaDeviceSynchronize();
}
