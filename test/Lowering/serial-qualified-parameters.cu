// RUN: %cdp-lower --threshold=4096 %s -o %t.threshold.cu
// RUN: %strip-checks %t.threshold.cu | FileCheck %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t.threshold.cu -o %t.threshold.o
// RUN: %cdp-lower --optimize %s -o %t.optimize.cu
// RUN: %strip-checks %t.optimize.cu | FileCheck %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t.optimize.cu -o %t.optimize.o
// RUN: %cdp-lower --optimize %t.optimize.cu | diff -u %t.optimize.cu -
// RUN: %cdp-lower --coarsen=4 --runtime-checks %s -o %t.coarsen.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t.coarsen.cu -o %t.coarsen.o
// RUN: %cdp-lower --aggregate=warp --runtime-checks %s -o %t.warp.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t.warp.cu -o %t.warp.o
//
// A child's `__restrict` pointer and `volatile` parameters reach a serial
// run's lane exchange with their qualifiers, which nvcc's front end and
// clang keep on a deduced type; the address of such an object converts to
// no `const void *`, so the runtime's copies once failed to compile
// (hpca-uji's fdsl-gpu-pipeline, a parent per image whose children take
// `uint8_t *__restrict`). A pointer the same in every lane (`image`) and
// one that differs (`row`) take the two exchanges.

#include <cstdint>

__global__ void paint(uint8_t *__restrict image, uint8_t *__restrict row,
                      const int *__restrict const width, volatile int value) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < *width)
    row[x] = image[0] + value;
}

// CHECK-LABEL: rows(uint8_t
__global__ void rows(uint8_t *__restrict image, const int *__restrict width) {
  int y = threadIdx.x;
  // CHECK: paint_serial<cdp::serial::sameArguments<0, 2>>(1, 32, image, image + y * 32, width, y);
  paint<<<1, 32, 0, cudaStreamFireAndForget>>>(image, image + y * 32, width,
                                               y);
}
