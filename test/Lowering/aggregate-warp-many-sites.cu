// RUN: %cdp-lower --aggregate=warp --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// A parent with many launch sites, some run serially: the inliner leaves
// the runtime's warp aggregation (cdp::aggregated::byWarp) out of line, and
// ptxas compiled it once for the parent's bounded copy and its unbounded
// one, with 67 registers, which the bounded copy (64 at most) may not
// call: "entry function 'parent' with max regcount of 64 calls function
// ... byWarp ... with regcount of ..." (GP_sampling_CUDA's
// ParticleSmoother, under --aggregate=warp --threshold). byWarp is forced
// inline, as the launch path is: each caller fits it to its own cap.

struct State {
  double a[4];
  int n;
};
__global__ void work(unsigned *rng, double *x, const int n, const int b,
                     int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = rng[i] * 0.5 + idx[i] + b;
}
__global__ void small(const State &g, double *x, int k) {
  x[threadIdx.x] += g.a[threadIdx.x % 4] * k;
}

// OUT: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent(
// OUT: cdp::aggregated::byWarp(work_aggregated,
// OUT: __global__ void parent_unbounded(
__global__ void parent(unsigned *rng, const State &g, double *x, double *w,
                       int n, int *idx) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2 == 0)
    work<<<1 + t % 1, n, 0, cudaStreamFireAndForget>>>(rng + 0, x + t, n, 0, idx);
  small<<<1, 2, 0, cudaStreamFireAndForget>>>(g, w + 0, 0);
  if (t % 3 == 0)
    work<<<1 + t % 2, n, 0, cudaStreamFireAndForget>>>(rng + 1, x + t, n, 1, idx);
  small<<<1, 3, 0, cudaStreamFireAndForget>>>(g, w + 1, 1);
  if (t % 4 == 0)
    work<<<1 + t % 3, n, 0, cudaStreamFireAndForget>>>(rng + 2, x + t, n, 2, idx);
  small<<<1, 4, 0, cudaStreamFireAndForget>>>(g, w + 2, 2);
  if (t % 5 == 0)
    work<<<1 + t % 4, n, 0, cudaStreamFireAndForget>>>(rng + 3, x + t, n, 3, idx);
  small<<<1, 5, 0, cudaStreamFireAndForget>>>(g, w + 3, 3);
  if (t % 6 == 0)
    work<<<1 + t % 5, n, 0, cudaStreamFireAndForget>>>(rng + 4, x + t, n, 4, idx);
  small<<<1, 6, 0, cudaStreamFireAndForget>>>(g, w + 4, 4);
  if (t % 7 == 0)
    work<<<1 + t % 6, n, 0, cudaStreamFireAndForget>>>(rng + 5, x + t, n, 5, idx);
  small<<<1, 7, 0, cudaStreamFireAndForget>>>(g, w + 5, 5);
  if (t % 8 == 0)
    work<<<1 + t % 7, n, 0, cudaStreamFireAndForget>>>(rng + 6, x + t, n, 6, idx);
  small<<<1, 8, 0, cudaStreamFireAndForget>>>(g, w + 6, 6);
  if (t % 9 == 0)
    work<<<1 + t % 8, n, 0, cudaStreamFireAndForget>>>(rng + 7, x + t, n, 7, idx);
  small<<<1, 9, 0, cudaStreamFireAndForget>>>(g, w + 7, 7);
  if (t % 10 == 0)
    work<<<1 + t % 9, n, 0, cudaStreamFireAndForget>>>(rng + 8, x + t, n, 8, idx);
  small<<<1, 10, 0, cudaStreamFireAndForget>>>(g, w + 8, 8);
  if (t % 11 == 0)
    work<<<1 + t % 10, n, 0, cudaStreamFireAndForget>>>(rng + 9, x + t, n, 9, idx);
  small<<<1, 11, 0, cudaStreamFireAndForget>>>(g, w + 9, 9);
  if (t % 12 == 0)
    work<<<1 + t % 11, n, 0, cudaStreamFireAndForget>>>(rng + 10, x + t, n, 10, idx);
  small<<<1, 12, 0, cudaStreamFireAndForget>>>(g, w + 10, 10);
  if (t % 13 == 0)
    work<<<1 + t % 12, n, 0, cudaStreamFireAndForget>>>(rng + 11, x + t, n, 11, idx);
  small<<<1, 13, 0, cudaStreamFireAndForget>>>(g, w + 11, 11);
}

void host(unsigned *rng, const State &g, double *x, double *w, int *idx) {
  parent<<<1, 32>>>(rng, g, x, w, 16, idx);
}
