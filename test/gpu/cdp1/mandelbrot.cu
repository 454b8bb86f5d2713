// CDP1: Mariani-Silver Mandelbrot. A block computes the dwell on its tile's
// border; a uniform border fills the tile, otherwise one thread launches a
// child per quarter and waits for its tiles with cudaDeviceSynchronize().
// Prints "mandelbrot: OK" when the image is the one the same subdivision
// gives on the host from per-pixel dwells.
#include <cstdio>
#include <vector>

constexpr int Width = 1024, Height = 1024, MaxDwell = 256;
constexpr int MinTile = 32, MaxDepth = 5;
constexpr int Different = -1, Unset = -2;

__device__ int dwell(int x, int y) {
  float cr = -2.0f + 3.0f * x / Width, ci = -1.5f + 3.0f * y / Height;
  float zr = 0.0f, zi = 0.0f;
  int d = 0;
  while (d < MaxDwell && zr * zr + zi * zi < 4.0f) {
    float t = __fmul_rn(zr, zr) - __fmul_rn(zi, zi) + cr;
    zi = __fmul_rn(2.0f, __fmul_rn(zr, zi)) + ci;
    zr = t;
    ++d;
  }
  return d;
}

__global__ void perPixel(int *dwells) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < Width && y < Height)
    dwells[y * Width + x] = dwell(x, y);
}

__global__ void tile(int *image, int x0, int y0, int size, int depth) {
  __shared__ int common;
  int thread = threadIdx.y * blockDim.x + threadIdx.x;
  int threads = blockDim.x * blockDim.y;
  if (thread == 0)
    common = Unset;
  __syncthreads();
  for (int i = thread; i < 4 * size; i += threads) {
    int side = i / size, at = i % size;
    int x = x0 + (side == 0 ? at : side == 1 ? size - 1 : side == 2 ? at : 0);
    int y = y0 + (side == 0 ? 0 : side == 1 ? at : side == 2 ? size - 1 : at);
    int d = dwell(x, y);
    int seen = atomicCAS(&common, Unset, d);
    if (seen != Unset && seen != d)
      atomicExch(&common, Different);
  }
  __syncthreads();
  if (common >= 0) {
    for (int i = thread; i < size * size; i += threads)
      image[(y0 + i / size) * Width + x0 + i % size] = common;
  } else if (depth + 1 >= MaxDepth || size / 2 < MinTile) {
    for (int i = thread; i < size * size; i += threads) {
      int x = x0 + i % size, y = y0 + i / size;
      image[y * Width + x] = dwell(x, y);
    }
  } else if (thread == 0) {
    int half = size / 2;
    tile<<<1, dim3(16, 16)>>>(image, x0, y0, half, depth + 1);
    tile<<<1, dim3(16, 16)>>>(image, x0 + half, y0, half, depth + 1);
    tile<<<1, dim3(16, 16)>>>(image, x0, y0 + half, half, depth + 1);
    tile<<<1, dim3(16, 16)>>>(image, x0 + half, y0 + half, half, depth + 1);
    cudaDeviceSynchronize();
  }
}

/// The host's run of the same subdivision, from the GPU's per-pixel dwells.
static void expectTile(std::vector<int> &image, const std::vector<int> &dwells,
                       int x0, int y0, int size, int depth) {
  int common = Unset;
  for (int i = 0; i < 4 * size; ++i) {
    int side = i / size, at = i % size;
    int x = x0 + (side == 0 ? at : side == 1 ? size - 1 : side == 2 ? at : 0);
    int y = y0 + (side == 0 ? 0 : side == 1 ? at : side == 2 ? size - 1 : at);
    int d = dwells[y * Width + x];
    common = common == Unset ? d : common == d ? d : Different;
  }
  if (common >= 0) {
    for (int i = 0; i < size * size; ++i)
      image[(y0 + i / size) * Width + x0 + i % size] = common;
  } else if (depth + 1 >= MaxDepth || size / 2 < MinTile) {
    for (int i = 0; i < size * size; ++i) {
      int x = x0 + i % size, y = y0 + i / size;
      image[y * Width + x] = dwells[y * Width + x];
    }
  } else {
    int half = size / 2;
    expectTile(image, dwells, x0, y0, half, depth + 1);
    expectTile(image, dwells, x0 + half, y0, half, depth + 1);
    expectTile(image, dwells, x0, y0 + half, half, depth + 1);
    expectTile(image, dwells, x0 + half, y0 + half, half, depth + 1);
  }
}

int main() {
  int *image, *dwells;
  cudaMalloc(&image, Width * Height * sizeof(int));
  cudaMalloc(&dwells, Width * Height * sizeof(int));
  cudaMemset(image, 0xff, Width * Height * sizeof(int));
  perPixel<<<dim3(Width / 16, Height / 16), dim3(16, 16)>>>(dwells);
  const int Tiles = 4, Size = Width / Tiles;
  for (int ty = 0; ty < Tiles; ++ty)
    for (int tx = 0; tx < Tiles; ++tx)
      tile<<<1, dim3(16, 16)>>>(image, tx * Size, ty * Size, Size, 0);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<int> got(Width * Height), perPixelDwells(Width * Height);
  cudaMemcpy(got.data(), image, got.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(perPixelDwells.data(), dwells, got.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  std::vector<int> expected(Width * Height, -1);
  for (int ty = 0; ty < Tiles; ++ty)
    for (int tx = 0; tx < Tiles; ++tx)
      expectTile(expected, perPixelDwells, tx * Size, ty * Size, Size, 0);
  if (status != cudaSuccess || got != expected) {
    printf("mandelbrot: FAIL (%s)\n", cudaGetErrorString(status));
    return 1;
  }
  long long total = 0;
  for (int d : got)
    total += d;
  printf("mandelbrot: OK, %dx%d image, dwell sum %lld\n", Width, Height, total);
  return 0;
}
