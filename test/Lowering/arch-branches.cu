// RUN: %cdp-lower %s -o %t.cu -- --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 2>&1 | count 0
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc -rdc=true -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -I%cdp-runtime -c %t.cu -o %t.o
// RUN: %cdp-lower %s -- --cuda-gpu-arch=sm_90 2> %t.warnings | FileCheck %s --check-prefix=SM90-ONLY
// RUN: %strip-checks %t.warnings | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
//
// A build for several GPU architectures parses the file once for each:
// code that only one of them compiles (an `#if __CUDA_ARCH__` branch) is
// lowered by that parse, and the lowerings are merged. With sm_90 alone,
// the other branch is not compiled and stays as written, with a warning;
// branches that split host from device code, or that no architecture
// compiles, get none.

__global__ void child(int v) {}

__global__ void parent() {
#if __CUDA_ARCH__ >= 900
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(9).launch();
  // SM90-ONLY: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(9).launch();
  child<<<1, 1>>>(9);
#else
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(8).launch();
  // SM90-ONLY: child<<<1, 1>>>(8);
  // WARN: arch-branches.cu:[[@LINE+2]]:8: warning: device-side launch in code that the parse for sm_90 skips is not lowered
  // WARN: note: name every GPU architecture of the build (--cuda-gpu-arch=sm_XY for each) so that each branch is lowered
  child<<<1, 1>>>(8);
#endif
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {2, 1}).arg<0>(7).launch();
  child<<<2, 1>>>(7);
#if 0
  child<<<3, 1>>>(6);
#endif
}

__host__ __device__ void either() {
#ifndef __CUDA_ARCH__
  child<<<4, 1>>>(5); // The host side: no device launch to lower.
#endif
}
