// RUN: %cdp-lower --threshold=4096 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --allow-empty
// RUN: %nvcc-rdc -ptx %t.cu -o %t.ptx
// RUN: %strip-checks %t.ptx | FileCheck %s
//
// A serial run of a launch whose grid and block are numbers knows its
// grids are one-dimensional (cdp::serial::IsLinear: the wrapper keeps the
// types the launch wrote), so the child's x index, `blockIdx.x *
// blockDim.x + threadIdx.x`, folds to the run's counter: no division is
// left in the parent for a block of 96 threads. Written as dim3, the run
// keeps the general mapping, which divides by the block's size.

// WARN-NOT: {{.}}

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

__global__ void numbers(float *data, const int *sizes) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  scale<<<(sizes[r] + 95) / 96, 96, 0, cudaStreamFireAndForget>>>(
      data + r * 1024, sizes[r]);
}

__global__ void shapes(float *data, const int *sizes) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  scale<<<dim3((sizes[r] + 95) / 96), dim3(96), 0, cudaStreamFireAndForget>>>(
      data + r * 1024, sizes[r]);
}

// CHECK-LABEL: .entry _Z7numbersPfPKi(
// CHECK-NOT: div.{{[us]}}
// CHECK-NOT: rem.{{[us]}}
// CHECK: ret;

// CHECK-LABEL: .entry _Z6shapesPfPKi(
// CHECK: div.u32
// CHECK: ret;
