// Bezier-curve tessellation: one parent thread per quadratic curve picks a
// point count from the curve's flatness and launches a child grid that
// evaluates that many points (fire and forget).
#include "bench.cuh"

#include <cmath>

constexpr int kMaxPoints = 256;

struct Curve {
  float2 p0, p1, p2;
};

__host__ __device__ inline int pointsFor(const Curve &c) {
  // Distance of the control point from the chord's midpoint.
  float dx = c.p1.x - 0.5f * (c.p0.x + c.p2.x);
  float dy = c.p1.y - 0.5f * (c.p0.y + c.p2.y);
  int n = 4 + (int)(sqrtf(dx * dx + dy * dy) * 8.0f);
  return n < kMaxPoints ? n : kMaxPoints;
}

__host__ __device__ inline float2 pointAt(const Curve &c, float t) {
  float a = (1 - t) * (1 - t), b = 2 * (1 - t) * t, d = t * t;
  return make_float2(a * c.p0.x + b * c.p1.x + d * c.p2.x,
                     a * c.p0.y + b * c.p1.y + d * c.p2.y);
}

__global__ void tessellate(Curve curve, int points, float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < points)
    out[i] = pointAt(curve, i / (float)(points - 1));
}

#if CDP_BENCH_CHILDREN_BY_HAND
/// The parent as written, its launch replaced by the child's work done by
/// the launching warp, written by hand: the lanes' curves in turn, all 32
/// lanes sharing each curve's points. What a transform of the children
/// (--threshold's serial run) could do at best (bench.cuh).
__global__ void curves(const Curve *all, int count, float2 *out, int *sizes) {
  int c = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
  Curve curve{};
  int points = 0;
  if (c < count) {
    curve = all[c];
    points = pointsFor(curve);
    sizes[c] = points;
  }
  for (unsigned owners = __ballot_sync(~0u, points > 0); owners;
       owners &= owners - 1) {
    const int owner = __ffs(owners) - 1;
    const Curve its = {
        make_float2(__shfl_sync(~0u, curve.p0.x, owner),
                    __shfl_sync(~0u, curve.p0.y, owner)),
        make_float2(__shfl_sync(~0u, curve.p1.x, owner),
                    __shfl_sync(~0u, curve.p1.y, owner)),
        make_float2(__shfl_sync(~0u, curve.p2.x, owner),
                    __shfl_sync(~0u, curve.p2.y, owner))};
    const int n = __shfl_sync(~0u, points, owner);
    float2 *itsOut = out + (size_t)(c - lane + owner) * kMaxPoints;
    for (int i = lane; i < n; i += 32)
      itsOut[i] = pointAt(its, i / (float)(n - 1));
  }
}
#elif !CDP_BENCH_FLAT
__global__ void curves(const Curve *all, int count, float2 *out, int *sizes) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= count)
    return;
  Curve curve = all[c];
  int points = pointsFor(curve);
  sizes[c] = points;
  tessellate<<<(points + 31) / 32, 32, 0, CDP_BENCH_STREAM>>>(
      curve, points, out + (size_t)c * kMaxPoints);
}
#else
__global__ void curves(const Curve *all, int count, float2 *out, int *sizes) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int c = t / kThreadsPerItem, lane = t % kThreadsPerItem;
  if (c >= count)
    return;
  Curve curve = all[c];
  int points = pointsFor(curve);
  if (lane == 0)
    sizes[c] = points;
  for (int i = lane; i < points; i += kThreadsPerItem)
    out[(size_t)c * kMaxPoints + i] = pointAt(curve, i / (float)(points - 1));
}
#endif

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 300000;
  const long smallest = argc > 2 ? std::atol(argv[2]) : 0;
  for (int count : {20000, 100000, 300000, 3000000, 10000000}) {
    if (count > largest)
      break;
    if (count < smallest)
      continue;
    std::vector<Curve> all(count);
    unsigned seed = 99;
    auto rnd = [&] {
      // Whole numbers: every product in pointsFor is exact, so the host
      // and the device (which may fuse them) pick the same counts.
      seed = seed * 1664525u + 1013904223u;
      return (float)((seed >> 8) % 48);
    };
    for (Curve &c : all)
      c = {make_float2(rnd(), rnd()), make_float2(rnd(), rnd()),
           make_float2(rnd(), rnd())};
    Curve *dAll;
    float2 *dOut;
    int *dSizes;
    CHECK_CUDA(cudaMalloc(&dAll, count * sizeof(Curve)));
    CHECK_CUDA(cudaMalloc(&dOut, (size_t)count * kMaxPoints * sizeof(float2)));
    CHECK_CUDA(cudaMalloc(&dSizes, count * 4));
    cudaMemcpy(dAll, all.data(), count * sizeof(Curve), cudaMemcpyHostToDevice);
    allowPendingLaunches(count);
    auto run = [&] {
      curves<<<(count * kThreadsPerItem + 127) / 128, 128>>>(dAll, count, dOut, dSizes);
    };
    cudaMemset(dOut, 0, (size_t)count * kMaxPoints * sizeof(float2));
    float ms = medianMs(run);
    std::vector<float2> got((size_t)count * kMaxPoints);
    std::vector<int> sizes(count);
    cudaMemcpy(got.data(), dOut, got.size() * sizeof(float2),
               cudaMemcpyDeviceToHost);
    cudaMemcpy(sizes.data(), dSizes, count * 4, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int c = 0; c < count && ok; ++c) {
      int n = pointsFor(all[c]);
      ok = sizes[c] == n;
      for (int i = 0; i < n && ok; ++i) {
        float2 want = pointAt(all[c], i / (float)(n - 1)),
               have = got[(size_t)c * kMaxPoints + i];
        ok = std::fabs(want.x - have.x) < 1e-3f && std::fabs(want.y - have.y) < 1e-3f;
      }
    }
    report("bezier", count, ms, ok);
    cudaFree(dAll); cudaFree(dOut); cudaFree(dSizes);
  }
}
