// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUTPUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
//
// A child that launches into its null stream orders its own grids, and
// only its own: each child grid's block has a null stream. A serial run
// would make them the launching block's, and the grids of every lane's
// child would run one after another (hpca-uji's fdsl-gpu-pipeline: a
// thread per image, whose child launches three grids in order, ran 5x
// slower so than as written on an H200). So --optimize runs no such child
// in the launching warp; aggregated, each block of the aggregated grid
// keeps a launch's null stream. A child that launches only into
// fire-and-forget still runs in the launching warp.

__global__ void fill(float *image, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    image[i] = 1.f;
}

__global__ void scale(float *image, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    image[i] *= 2.f;
}

// The second grid reads what the first wrote: the null stream orders them.
// (Their parents run one thread each: their own launches stay as written.)
__global__ void oneImage(float *image, int n) {
  // CHECK: [[@LINE+1]]:3: remark: launch of 'fill' launches as written
  fill<<<(n + 255) / 256, 256>>>(image, n);
  // CHECK: [[@LINE+1]]:3: remark: launch of 'scale' launches as written
  scale<<<(n + 255) / 256, 256, 0, 0>>>(image, n);
}

__global__ void unordered(float *image, int n) {
  // CHECK: [[@LINE+1]]:3: remark: launch of 'fill' launches as written
  fill<<<(n + 255) / 256, 256, 0, cudaStreamFireAndForget>>>(image, n);
}

__global__ void images(float *all, int n) {
  // CHECK: [[@LINE+1]]:3: remark: launch of 'oneImage' is aggregated by block; it never runs in the launching warp: it launches into its null stream, which there would be the launching block's, so the grids the lanes' runs launch would run one after another (--optimize)
  oneImage<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
  // CHECK: [[@LINE+1]]:3: remark: launch of 'unordered' runs in the launching warp below 4096 threads, and launches above (--optimize)
  unordered<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
}

// OUTPUT-LABEL: images(float *all, int n)
// OUTPUT: cdp_oneImage_block_launches.launch({1, 1, 0, cudaStreamFireAndForget}, all + threadIdx.x * n, n);
// OUTPUT: unordered_serial<
