// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUTPUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=64 %t.cu -o %t.again.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --allow-empty
// RUN: diff -u %t.cu %t.again.cu
//
// A child that launches into its null stream orders its own grids, and
// only its own: each of its blocks has a null stream. Run in the launching
// warp below the threshold, its launches are the launching block's, and
// the grids of every lane's run go one after another into that block's
// null stream (hpca-uji's fdsl-gpu-pipeline: three grids an image, 128
// images, 5x slower run so on an H200). --threshold given by hand still
// runs it so (the order it adds keeps the program's meaning), and says
// what it costs; --optimize aggregates it instead
// (optimize-child-null-stream.cu).

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
__global__ void oneImage(float *image, int n) {
  // (Its own launches are not run serially: they are not fire-and-forget.)
  // CHECK: [[@LINE+2]]:3: warning: launch of 'fill' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  // CHECK: [[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=fill
  fill<<<(n + 255) / 256, 256>>>(image, n);
  // CHECK: [[@LINE+2]]:3: warning: launch of 'scale' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  // CHECK: [[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=scale
  scale<<<(n + 255) / 256, 256, 0, 0>>>(image, n);
}

__global__ void unordered(float *image, int n) {
  fill<<<(n + 255) / 256, 256, 0, cudaStreamFireAndForget>>>(image, n);
}

__global__ void images(float *all, int n) {
  // The note points at the first such launch, in oneImage:
  // CHECK: [[@LINE+4]]:3: warning: launch of 'oneImage' runs in the launching warp below the threshold, and 'oneImage' launches grids into its null stream: run so, that stream is the launching block's, and the grids that all the block's serial runs launch into it run one after another, where each block of 'oneImage' ordered only its own
  // CHECK: threshold-child-null-stream.cu:[[#@LINE-13]]:3: note: 'oneImage' launches 'fill' into its null stream here
  // CHECK-NEXT: | fill<<<(n + 255) / 256, 256>>>(image, n);
  // CHECK: threshold-child-null-stream.cu:[[#@LINE-15]]:3: note: if those grids need no order, launch them into cudaStreamFireAndForget; --optimize aggregates such a launch instead of running it in the warp
  oneImage<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
  // No warning: its launch is into cudaStreamFireAndForget.
  unordered<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
}

// OUTPUT-LABEL: images(float *all, int n)
// OUTPUT: oneImage_serial<
// OUTPUT: unordered_serial<

// The lowered file launches nothing with <<<>>>: lowered again, no warning.
// AGAIN-NOT: warning:
