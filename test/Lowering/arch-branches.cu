// RUN: %cdp-lower %s -o %t.cu -- --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90
// RUN: FileCheck %s < %t.cu
// RUN: %nvcc -rdc=true -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -I%cdp-runtime -c %t.cu -o %t.o
// RUN: %cdp-lower %s -- --cuda-gpu-arch=sm_90 | FileCheck %s --check-prefix=SM90-ONLY
//
// A build for several GPU architectures parses the file once for each:
// code that only one of them compiles (an `#if __CUDA_ARCH__` branch) is
// lowered by that parse, and the lowerings are merged. With sm_90 alone,
// the other branch is not compiled and stays as written.

__global__ void child(int v) {}

__global__ void parent() {
#if __CUDA_ARCH__ >= 900
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(9).launch();
  // SM90-ONLY: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(9).launch();
  child<<<1, 1>>>(9);
#else
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(8).launch();
  // SM90-ONLY: child<<<1, 1>>>(8);
  child<<<1, 1>>>(8);
#endif
  // CHECK: cdp::DeviceLaunch<void(int)>(child, {2, 1}).arg<0>(7).launch();
  child<<<2, 1>>>(7);
}
