// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUTPUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
//
// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH \
// RUN:       --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %strip-checks %t.thresh.cu | FileCheck %s --check-prefix=THRESH-OUTPUT
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
// RUN: %cdp-lower --threshold=64 %t.thresh.cu -o %t.again.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN --allow-empty
// RUN: diff -u %t.thresh.cu %t.again.cu
//
// A child that launches into its null stream orders its own grids, and
// only its own: each child grid's block has a null stream. A serial run
// would make them the launching block's, and the grids of every lane's
// child would run one after another (hpca-uji's fdsl-gpu-pipeline: a
// thread per image, whose child launches three grids in order, ran 5x
// slower so than as written on an H200). So --optimize runs no such child
// in the launching warp; aggregated, each block of the aggregated grid
// keeps a launch's null stream. A child that launches only into
// fire-and-forget still runs in the launching warp. --threshold given by
// hand still runs it so (the order it adds keeps the program's meaning),
// and says what that costs.

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
// (Their parents run one thread each: under --optimize their own launches
// stay as written; under --threshold they launch, not being
// fire-and-forget.)
__global__ void oneImage(float *image, int n) {
  // CHECK: [[@LINE+3]]:3: remark: launch of 'fill' launches as written
  // THRESH: [[@LINE+2]]:3: warning: launch of 'fill' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  // THRESH: [[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=fill
  fill<<<(n + 255) / 256, 256>>>(image, n);
  // CHECK: [[@LINE+3]]:3: remark: launch of 'scale' launches as written
  // THRESH: [[@LINE+2]]:3: warning: launch of 'scale' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  // THRESH: [[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=scale
  scale<<<(n + 255) / 256, 256, 0, 0>>>(image, n);
}

__global__ void unordered(float *image, int n) {
  // CHECK: [[@LINE+1]]:3: remark: launch of 'fill' launches as written
  fill<<<(n + 255) / 256, 256, 0, cudaStreamFireAndForget>>>(image, n);
}

__global__ void images(float *all, int n) {
  // CHECK: [[@LINE+6]]:3: remark: launch of 'oneImage' is aggregated by block; it never runs in the launching warp: it launches into its null stream, which there would be the launching block's, so the grids the lanes' runs launch would run one after another (--optimize)
  // The note points at the first such launch, in oneImage:
  // THRESH: [[@LINE+4]]:3: warning: launch of 'oneImage' runs in the launching warp below the threshold, and 'oneImage' launches grids into its null stream: run so, that stream is the launching block's, and the grids that all the block's serial runs launch into it run one after another, where each block of 'oneImage' ordered only its own
  // THRESH: child-null-stream.cu:[[#@LINE-16]]:3: note: 'oneImage' launches 'fill' into its null stream here
  // THRESH-NEXT: | fill<<<(n + 255) / 256, 256>>>(image, n);
  // THRESH: child-null-stream.cu:[[#@LINE-18]]:3: note: if those grids need no order, launch them into cudaStreamFireAndForget; --optimize aggregates such a launch instead of running it in the warp
  oneImage<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
  // No warning under --threshold: its child's launch is fire-and-forget.
  // CHECK: [[@LINE+1]]:3: remark: launch of 'unordered' runs in the launching warp below 4096 threads, and launches above (--optimize)
  unordered<<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
}

// OUTPUT-LABEL: images(float *all, int n)
// OUTPUT: cdp_oneImage_block_launches.launch({1, 1, 0, cudaStreamFireAndForget}, all + threadIdx.x * n, n);
// OUTPUT: unordered_serial<

// THRESH-OUTPUT-LABEL: images(float *all, int n)
// THRESH-OUTPUT: oneImage_serial<
// THRESH-OUTPUT: unordered_serial<

// The lowered file launches nothing with <<<>>>: lowered again, no warning.
// AGAIN-NOT: warning:

// In a template whose parameter chooses the child, what its instances'
// kernels do decides, not the first instance's alone: here only the
// second launches into its null stream.
template <class T> __global__ void oneTyped(T *image, int n) {
  if constexpr (sizeof(T) == sizeof(float) && T(0.5) != T(0))
    // CHECK: [[@LINE+3]]:5: remark: launch of 'fill' launches as written: every launch of its kernel runs 1 thread in all
    // THRESH: [[@LINE+2]]:5: warning: launch of 'fill' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
    // THRESH: [[@LINE+1]]:5: note: if the child grids do not rely on that order, say so with --aggregate-unordered=fill
    fill<<<(n + 255) / 256, 256>>>(image, n);
  else
    image[0] = T(n);
}

template <class T> __global__ void typedImages(T *all, int n) {
  // CHECK: [[@LINE+4]]:3: remark: launch of 'oneTyped<T>' is aggregated by block; it never runs in the launching warp: it launches into its null stream
  // THRESH: [[@LINE+3]]:3: warning: launch of 'oneTyped<T>' runs in the launching warp below the threshold, and 'oneTyped<T>' launches grids into its null stream
  // THRESH: child-null-stream.cu:[[#@LINE-8]]:5: note: 'oneTyped<T>' launches 'fill' into its null stream here
  // THRESH: child-null-stream.cu:[[#@LINE-9]]:5: note: if those grids need no order
  oneTyped<T><<<1, 1, 0, cudaStreamFireAndForget>>>(all + threadIdx.x * n, n);
}
// OUTPUT-LABEL: typedImages(T *all, int n)
// OUTPUT: cdp_oneTyped_block_launches.launch(
// THRESH-OUTPUT-LABEL: typedImages(T *all, int n)
// THRESH-OUTPUT: oneTyped_serial<
template __global__ void typedImages<int>(int *, int);
template __global__ void typedImages<float>(float *, int);
