// BFS on an irregular graph, level by level: one parent thread per frontier
// vertex launches a child grid over that vertex's edges (fire and forget).
#include "bench.cuh"

__global__ void visitEdges(const int *edges, int first, int degree, int *dist,
                           int level, int *next, int *nextSize) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= degree)
    return;
  int v = edges[first + e];
  if (atomicCAS(&dist[v], -1, level + 1) == -1)
    next[atomicAdd(nextSize, 1)] = v;
}

#if !CDP_BENCH_FLAT
__global__ void expand(const int *offsets, const int *edges, const int *frontier,
                       int size, int *dist, int level, int *next,
                       int *nextSize) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  int v = frontier[i];
  int degree = offsets[v + 1] - offsets[v];
  if (degree > 0)
    visitEdges<<<(degree + 31) / 32, 32, 0, CDP_BENCH_STREAM>>>(
        edges, offsets[v], degree, dist, level, next, nextSize);
}
#else
__global__ void expand(const int *offsets, const int *edges, const int *frontier,
                       int size, int *dist, int level, int *next,
                       int *nextSize) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t / kThreadsPerItem, lane = t % kThreadsPerItem;
  if (i >= size)
    return;
  int v = frontier[i];
  for (int e = offsets[v] + lane; e < offsets[v + 1]; e += kThreadsPerItem) {
    int u = edges[e];
    if (atomicCAS(&dist[u], -1, level + 1) == -1)
      next[atomicAdd(nextSize, 1)] = u;
  }
}
#endif

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 300000;
  const long smallest = argc > 2 ? std::atol(argv[2]) : 0;
  for (int n : {20000, 100000, 300000, 3000000, 30000000}) {
    if (n > largest)
      break;
    if (n < smallest)
      continue;
    // Degrees from 0 to ~200, most small: a power-law-like graph.
    std::vector<int> offsets(n + 1, 0), edges;
    unsigned seed = 12345;
    auto rnd = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (int v = 0; v < n; ++v) {
      int r = rnd() % 1000, degree = r < 900 ? r % 8 : r < 990 ? r % 64 : r % 200;
      for (int k = 0; k < degree; ++k)
        edges.push_back(rnd() % n);
      offsets[v + 1] = (int)edges.size();
    }
    // Host BFS from 0.
    std::vector<int> want(n, -1), queue{0};
    want[0] = 0;
    for (size_t q = 0; q < queue.size(); ++q)
      for (int e = offsets[queue[q]]; e < offsets[queue[q] + 1]; ++e)
        if (want[edges[e]] < 0) {
          want[edges[e]] = want[queue[q]] + 1;
          queue.push_back(edges[e]);
        }
    int *dOff, *dEdges, *dist, *bufs[2], *sizes;
    CHECK_CUDA(cudaMalloc(&dOff, (n + 1) * 4));
    CHECK_CUDA(cudaMalloc(&dEdges, edges.size() * 4 + 4));
    CHECK_CUDA(cudaMalloc(&dist, n * 4));
    CHECK_CUDA(cudaMalloc(&bufs[0], n * 4));
    CHECK_CUDA(cudaMalloc(&bufs[1], n * 4));
    CHECK_CUDA(cudaMalloc(&sizes, 8));
    cudaMemcpy(dOff, offsets.data(), (n + 1) * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dEdges, edges.data(), edges.size() * 4, cudaMemcpyHostToDevice);
    allowPendingLaunches(n);
    auto run = [&] {
      cudaMemset(dist, 0xff, n * 4);
      int zero = 0;
      cudaMemcpy(dist, &zero, 4, cudaMemcpyHostToDevice);
      cudaMemcpy(bufs[0], &zero, 4, cudaMemcpyHostToDevice);
      int size = 1;
      for (int level = 0; size > 0; ++level) {
        cudaMemcpy(sizes + 1, &zero, 4, cudaMemcpyHostToDevice);
        int *cur = bufs[level % 2], *next = bufs[(level + 1) % 2];
        expand<<<(size * kThreadsPerItem + 127) / 128, 128>>>(dOff, dEdges, cur, size, dist,
                                            level, next, sizes + 1);
        cudaMemcpy(&size, sizes + 1, 4, cudaMemcpyDeviceToHost);
      }
    };
    float ms = medianMs(run);
    std::vector<int> got(n);
    cudaMemcpy(got.data(), dist, n * 4, cudaMemcpyDeviceToHost);
    report("bfs", n, ms, got == want);
    cudaFree(dOff); cudaFree(dEdges); cudaFree(dist); cudaFree(bufs[0]);
    cudaFree(bufs[1]); cudaFree(sizes);
  }
}
