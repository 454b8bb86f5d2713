// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// Device-side malloc and free under `using namespace std;`, as NPSLab's
// bfs-rec and sssp write them (issue 26, item 2). nvcc's std::malloc is
// ::malloc; clang's CUDA wrapper defines a std::malloc of its own, and the
// call was ambiguous. The parse reads the wrapper with std's names as
// using-declarations of ::malloc and ::free (CudaWrapperOverlay.h), so the
// calls resolve as nvcc resolves them, and the launch is lowered.

#include <cstdlib>
using namespace std;

__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent() {
  int *scratch = (int *)malloc(16 * sizeof(int));
  child<<<1, 16>>>(scratch);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 16}).arg<0>(scratch).launch();
  free(scratch);
  int *other = static_cast<int *>(std::malloc(sizeof(int)));
  std::free(other);
}
