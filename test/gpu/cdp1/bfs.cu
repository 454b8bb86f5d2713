// CDP1: breadth-first search. One parent thread launches a grid per level
// over the frontier and waits for it before reading the next frontier's
// size. Prints "bfs: OK" when every distance is the host's.
#include <cstdio>
#include <queue>
#include <vector>

__global__ void expand(const int *rowStart, const int *adjacent,
                       const int *frontier, int size, int *next,
                       int *nextSize, int *distance, int level) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  int vertex = frontier[i];
  for (int e = rowStart[vertex]; e < rowStart[vertex + 1]; ++e) {
    int neighbour = adjacent[e];
    if (atomicCAS(&distance[neighbour], -1, level + 1) == -1)
      next[atomicAdd(nextSize, 1)] = neighbour;
  }
}

__global__ void bfs(const int *rowStart, const int *adjacent, int *frontier,
                    int *next, int *nextSize, int *distance, int source) {
  distance[source] = 0;
  frontier[0] = source;
  int size = 1;
  int level = 0;
  while (size > 0) {
    *nextSize = 0;
    expand<<<(size + 255) / 256, 256>>>(rowStart, adjacent, frontier, size,
                                        next, nextSize, distance, level);
    cudaDeviceSynchronize();
    size = *nextSize;
    int *swap = frontier;
    frontier = next;
    next = swap;
    ++level;
  }
}

int main() {
  // An irregular graph: a few hubs with many edges, most vertices with few.
  const int n = 50000;
  std::vector<std::vector<int>> edges(n);
  unsigned seed = 7;
  auto random = [&] { return (seed = seed * 1103515245u + 12345u) >> 8; };
  for (int v = 0; v < n; ++v) {
    int degree = v % 1000 == 0 ? 500 : 1 + random() % 4;
    for (int d = 0; d < degree; ++d) {
      int w = random() % n;
      edges[v].push_back(w);
      edges[w].push_back(v);
    }
  }
  std::vector<int> rowStart(n + 1, 0), adjacent;
  for (int v = 0; v < n; ++v) {
    rowStart[v + 1] = rowStart[v] + edges[v].size();
    adjacent.insert(adjacent.end(), edges[v].begin(), edges[v].end());
  }
  std::vector<int> expected(n, -1);
  std::queue<int> queue;
  expected[0] = 0;
  queue.push(0);
  while (!queue.empty()) {
    int v = queue.front();
    queue.pop();
    for (int w : edges[v])
      if (expected[w] < 0) {
        expected[w] = expected[v] + 1;
        queue.push(w);
      }
  }
  int *dRowStart, *dAdjacent, *frontier, *next, *nextSize, *distance;
  cudaMalloc(&dRowStart, (n + 1) * sizeof(int));
  cudaMalloc(&dAdjacent, adjacent.size() * sizeof(int));
  cudaMalloc(&frontier, n * sizeof(int));
  cudaMalloc(&next, n * sizeof(int));
  cudaMalloc(&nextSize, sizeof(int));
  cudaMalloc(&distance, n * sizeof(int));
  cudaMemcpy(dRowStart, rowStart.data(), (n + 1) * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dAdjacent, adjacent.data(), adjacent.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(distance, 0xff, n * sizeof(int));
  bfs<<<1, 1>>>(dRowStart, dAdjacent, frontier, next, nextSize, distance, 0);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<int> got(n);
  cudaMemcpy(got.data(), distance, n * sizeof(int), cudaMemcpyDeviceToHost);
  int levels = 0;
  for (int d : expected)
    levels = d > levels ? d : levels;
  if (status != cudaSuccess || got != expected) {
    printf("bfs: FAIL (%s)\n", cudaGetErrorString(status));
    return 1;
  }
  printf("bfs: OK, %d vertices, %d levels\n", n, levels + 1);
  return 0;
}
