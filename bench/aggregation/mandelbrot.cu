// Mariani-Silver Mandelbrot: one thread per tile computes the dwell on the
// tile's border; a uniform border fills the tile, a small tile is computed
// per pixel, any other is split into 4 x 4 tiles, each by a child launch
// into the fire-and-forget stream. Fixed-point arithmetic, so that the host
// check computes the very same dwells.
#include "bench.cuh"

constexpr int kMaxDwell = 256;
constexpr int kSplit = 4;       // A tile splits into kSplit x kSplit.
constexpr int kPixelTile = 16;  // Tiles this small are computed per pixel.
constexpr int kFirstTile = 64;  // The first level's tile size.
constexpr int kFraction = 28;   // Bits after the point.

__host__ __device__ inline int dwellAt(int w, int x, int y) {
  // The view [-2, 0.5] x [-1.25, 1.25], w x w pixels.
  const long long scale = (5LL << kFraction) / 2 / w;
  const long long cr = -(2LL << kFraction) + x * scale;
  const long long ci = -(5LL << kFraction) / 4 + y * scale;
  long long zr = 0, zi = 0;
  int dwell = 0;
  while (dwell < kMaxDwell) {
    long long rr = zr * zr >> kFraction, ii = zi * zi >> kFraction;
    if (rr + ii > (4LL << kFraction))
      break;
    zi = (2 * zr * zi >> kFraction) + ci;
    zr = rr - ii + cr;
    ++dwell;
  }
  return dwell;
}

/// The common dwell of the tile's border, or -1.
__host__ __device__ inline int borderDwell(int w, int x0, int y0, int size) {
  int common = dwellAt(w, x0, y0);
  for (int i = 0; i < size; ++i) {
    int d[4] = {dwellAt(w, x0 + i, y0), dwellAt(w, x0 + i, y0 + size - 1),
                dwellAt(w, x0, y0 + i), dwellAt(w, x0 + size - 1, y0 + i)};
    for (int k = 0; k < 4; ++k)
      if (d[k] != common)
        return -1;
  }
  return common;
}

#if !CDP_BENCH_FLAT
__global__ void fill(int *image, int w, int x0, int y0, int size, int dwell) {
  int x = x0 + threadIdx.x, y = y0 + blockIdx.x;
  if (threadIdx.x < size)
    image[y * w + x] = dwell;
}

__global__ void pixels(int *image, int w, int x0, int y0, int size) {
  int x = x0 + threadIdx.x, y = y0 + blockIdx.x;
  if (threadIdx.x < size)
    image[y * w + x] = dwellAt(w, x, y);
}

/// One thread per tile of `size` in a row-major grid of `perSide` tiles
/// starting at (x0, y0).
__global__ void tiles(int *image, int w, int x0, int y0, int size,
                      int perSide) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= perSide * perSide)
    return;
  int x = x0 + t % perSide * size, y = y0 + t / perSide * size;
  int dwell = borderDwell(w, x, y, size);
  if (dwell >= 0)
    fill<<<size, size, 0, CDP_BENCH_STREAM>>>(image, w, x, y, size,
                                                     dwell);
  else if (size <= kPixelTile)
    pixels<<<size, size, 0, CDP_BENCH_STREAM>>>(image, w, x, y, size);
  else
    tiles<<<1, kSplit * kSplit, 0, CDP_BENCH_STREAM>>>(
        image, w, x, y, size / kSplit, kSplit);
}
#else
/// Whether the border of the tile has one dwell, `lanes` threads (a warp
/// or one) sharing its pixels: that dwell, or -1.
__device__ int sharedBorderDwell(int w, int x0, int y0, int size, int lane,
                                 int lanes) {
  int common = dwellAt(w, x0, y0);
  bool same = true;
  for (int i = lane; i < size && same; i += lanes)
    same = dwellAt(w, x0 + i, y0) == common &&
           dwellAt(w, x0 + i, y0 + size - 1) == common &&
           dwellAt(w, x0, y0 + i) == common &&
           dwellAt(w, x0 + size - 1, y0 + i) == common;
  if (lanes > 1)
    same = __all_sync(~0u, same);
  return same ? common : -1;
}

/// Writes the tile's pixels, `lanes` threads sharing them: its border's
/// dwell if it has one, else each pixel's.
__device__ void paintTile(int *image, int w, int x, int y, int size,
                          int dwell, int lane, int lanes) {
  for (int p = lane; p < size * size; p += lanes) {
    int px = x + p % size, py = y + p / size;
    image[py * w + px] = dwell >= 0 ? dwell : dwellAt(w, px, py);
  }
}

// The first split gives tiles small enough to compute per pixel, so the
// flat version needs no recursion (which is slow in device code).
static_assert(kFirstTile / kSplit <= kPixelTile);

/// The tile and, split, its sub-tiles, by `lanes` threads.
__device__ void flatTile(int *image, int w, int x, int y, int size, int lane,
                         int lanes) {
  int dwell = sharedBorderDwell(w, x, y, size, lane, lanes);
  if (dwell >= 0 || size <= kPixelTile) {
    paintTile(image, w, x, y, size, dwell, lane, lanes);
    return;
  }
  int sub = size / kSplit;
  for (int t = 0; t < kSplit * kSplit; ++t) {
    int sx = x + t % kSplit * sub, sy = y + t / kSplit * sub;
    paintTile(image, w, sx, sy, sub,
              sharedBorderDwell(w, sx, sy, sub, lane, lanes), lane, lanes);
  }
}

__global__ void tiles(int *image, int w, int x0, int y0, int size,
                      int perSide) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int t = g / kThreadsPerItem, lane = g % kThreadsPerItem;
  if (t >= perSide * perSide) // The same for a whole warp.
    return;
  flatTile(image, w, x0 + t % perSide * size, y0 + t / perSide * size, size,
           lane, kThreadsPerItem);
}
#endif

void hostTiles(std::vector<int> &image, int w, int x0, int y0, int size,
               int perSide, long &launches) {
  for (int t = 0; t < perSide * perSide; ++t) {
    int x = x0 + t % perSide * size, y = y0 + t / perSide * size;
    int dwell = borderDwell(w, x, y, size);
    ++launches;
    for (int j = 0; j < size && dwell < 0 && size <= kPixelTile; ++j)
      for (int i = 0; i < size; ++i)
        image[(y + j) * w + x + i] = dwellAt(w, x + i, y + j);
    for (int j = 0; j < size && dwell >= 0; ++j)
      for (int i = 0; i < size; ++i)
        image[(y + j) * w + x + i] = dwell;
    if (dwell < 0 && size > kPixelTile)
      hostTiles(image, w, x, y, size / kSplit, kSplit, launches);
  }
}

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 16384;
  const long smallest = argc > 2 ? std::atol(argv[2]) : 0;
  for (int w : {2048, 8192, 16384, 32768}) {
    if (w > largest)
      break;
    if (w < smallest)
      continue;
    std::vector<int> want(w * w);
    long launches = 0;
    hostTiles(want, w, 0, 0, kFirstTile, w / kFirstTile, launches);
    int *image;
    CHECK_CUDA(cudaMalloc(&image, (size_t)w * w * 4));
    allowPendingLaunches(launches);
    const int first = (w / kFirstTile) * (w / kFirstTile);
    auto run = [&] {
      tiles<<<(first * kThreadsPerItem + 127) / 128, 128>>>(image, w, 0, 0, kFirstTile,
                                          w / kFirstTile);
    };
    cudaMemset(image, 0xff, (size_t)w * w * 4);
    float ms = medianMs(run);
    std::vector<int> got(w * w);
    cudaMemcpy(got.data(), image, (size_t)w * w * 4, cudaMemcpyDeviceToHost);
    report("mandelbrot", w, ms, got == want);
    cudaFree(image);
  }
}
