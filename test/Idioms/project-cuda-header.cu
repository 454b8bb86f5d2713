// RUN: %nvcc-rdc -I%S/Inputs/project-cuda-h -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu -- -I%S/Inputs/project-cuda-h
// RUN: %nvcc-rdc -I%S/Inputs/project-cuda-h -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// A project whose include path has a cuda.h of its own (darknet's, in
// utcs-scea/altis's yolo), compiled with that directory on -I. nvcc
// builds it: its toolkit headers include each other from their own
// directory. clang's CUDA wrapper includes "cuda.h" by that name, found
// the project's first, and stopped at "cuda.h did not define
// CUDA_VERSION". The parse reads the wrapper with the toolkit's headers
// named by their paths (CudaWrapperOverlay.h); the source's own
// #include "cuda.h" still finds the project's.

#include "cuda.h"

__global__ void child(int *p) { p[threadIdx.x] = projectScale(threadIdx.x); }

__global__ void parent(int *p) {
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  child<<<1, 32>>>(p);
}
