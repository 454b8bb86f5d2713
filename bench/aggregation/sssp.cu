// Single-source shortest paths written as graph codes such as Lonestar
// write them: the graph and the distances are classes passed by value (the
// graph's default constructor is host-only, the distances have none), the
// parent grid has 1,024-thread blocks, one thread per vertex whose distance
// fell in the last round, and each launches a child grid over its edges
// into CDP_BENCH_STREAM (bench.cuh). Rounds go on until no distance falls;
// the result is checked against Dijkstra on the host.
#include "bench.cuh"

#include <climits>
#include <queue>

/// A graph in compressed rows.
struct Graph {
  int nodes = 0;
  const int *rowStart = nullptr, *target = nullptr, *weight = nullptr;
  /// Host-side, as Lonestar's Graph (whose constructor allocates there).
  __host__ Graph() {}
  __device__ int degree(int v) const { return rowStart[v + 1] - rowStart[v]; }
};

/// The distances and the vertices whose distance fell, this round's and
/// the next's. No default constructor.
class Distances {
public:
  Distances(unsigned *dist, int *fell, int *fellNext, int *anyFell)
      : dist(dist), fell(fell), fellNext(fellNext), anyFell(anyFell) {}
  __device__ unsigned at(int v) const { return dist[v]; }
  __device__ bool tookFall(int v) const {
    if (!fell[v])
      return false;
    fell[v] = 0;
    return true;
  }
  __device__ void lower(int v, unsigned d) const {
    if (d < atomicMin(&dist[v], d)) {
      fellNext[v] = 1;
      *anyFell = 1;
    }
  }

private:
  unsigned *dist;
  int *fell, *fellNext, *anyFell;
};

__global__ void relaxEdges(Graph graph, Distances dist, int v, unsigned from) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= graph.degree(v))
    return;
  int i = graph.rowStart[v] + e;
  dist.lower(graph.target[i], from + graph.weight[i]);
}

#if !CDP_BENCH_FLAT
__global__ void relaxRound(Graph graph, Distances dist) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= graph.nodes || !dist.tookFall(v))
    return;
  int degree = graph.degree(v);
  if (degree > 0)
    relaxEdges<<<(degree + 31) / 32, 32, 0, CDP_BENCH_STREAM>>>(
        graph, dist, v, dist.at(v));
}
#else
__global__ void relaxRound(Graph graph, Distances dist) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = t / kThreadsPerItem, lane = t % kThreadsPerItem;
  if (v >= graph.nodes) // The same for a whole warp.
    return;
  bool took = lane == 0 && dist.tookFall(v);
  if (kThreadsPerItem > 1)
    took = __shfl_sync(~0u, took, 0);
  if (!took)
    return;
  unsigned from = dist.at(v);
  for (int e = lane; e < graph.degree(v); e += kThreadsPerItem) {
    int i = graph.rowStart[v] + e;
    dist.lower(graph.target[i], from + graph.weight[i]);
  }
}
#endif

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 200000;
  const long smallest = argc > 2 ? std::atol(argv[2]) : 0;
  for (int n : {20000, 100000, 200000, 2000000, 6000000}) {
    if (n > largest)
      break;
    if (n < smallest)
      continue;
    // Degrees from 0 to ~200, most small; weights 1 to 100.
    std::vector<int> rowStart(n + 1, 0), target, weight;
    unsigned seed = 777;
    auto rnd = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (int v = 0; v < n; ++v) {
      int r = rnd() % 1000, degree = r < 900 ? r % 8 : r < 990 ? r % 64 : r % 200;
      for (int k = 0; k < degree; ++k) {
        target.push_back(rnd() % n);
        weight.push_back(1 + rnd() % 100);
      }
      rowStart[v + 1] = (int)target.size();
    }
    // Dijkstra from 0 on the host.
    std::vector<unsigned> want(n, UINT_MAX);
    using Entry = std::pair<unsigned, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    want[0] = 0;
    queue.push({0, 0});
    while (!queue.empty()) {
      auto [d, v] = queue.top();
      queue.pop();
      if (d != want[v])
        continue;
      for (int i = rowStart[v]; i < rowStart[v + 1]; ++i)
        if (d + weight[i] < want[target[i]]) {
          want[target[i]] = d + weight[i];
          queue.push({want[target[i]], target[i]});
        }
    }
    int *dRow, *dTarget, *dWeight, *fell[2], *anyFell;
    unsigned *dist;
    CHECK_CUDA(cudaMalloc(&dRow, (n + 1) * 4));
    CHECK_CUDA(cudaMalloc(&dTarget, target.size() * 4 + 4));
    CHECK_CUDA(cudaMalloc(&dWeight, weight.size() * 4 + 4));
    CHECK_CUDA(cudaMalloc(&dist, n * 4));
    CHECK_CUDA(cudaMalloc(&fell[0], n * 4));
    CHECK_CUDA(cudaMalloc(&fell[1], n * 4));
    CHECK_CUDA(cudaMalloc(&anyFell, 4));
    cudaMemcpy(dRow, rowStart.data(), (n + 1) * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dTarget, target.data(), target.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dWeight, weight.data(), weight.size() * 4, cudaMemcpyHostToDevice);
    Graph graph;
    graph.nodes = n;
    graph.rowStart = dRow;
    graph.target = dTarget;
    graph.weight = dWeight;
    allowPendingLaunches(n);
    auto run = [&] {
      cudaMemset(dist, 0xff, n * 4);
      cudaMemset(fell[0], 0, n * 4);
      cudaMemset(fell[1], 0, n * 4);
      const unsigned zero = 0;
      const int one = 1;
      cudaMemcpy(dist, &zero, 4, cudaMemcpyHostToDevice);
      cudaMemcpy(fell[0], &one, 4, cudaMemcpyHostToDevice);
      for (int round = 0, any = 1; any; ++round) {
        cudaMemset(anyFell, 0, 4);
        Distances rounds(dist, fell[round % 2], fell[(round + 1) % 2], anyFell);
        relaxRound<<<(n * kThreadsPerItem + 1023) / 1024, 1024>>>(graph,
                                                                   rounds);
        cudaMemcpy(&any, anyFell, 4, cudaMemcpyDeviceToHost);
      }
    };
    float ms = medianMs(run);
    std::vector<unsigned> got(n);
    cudaMemcpy(got.data(), dist, n * 4, cudaMemcpyDeviceToHost);
    report("sssp", n, ms, got == want);
    cudaFree(dRow); cudaFree(dTarget); cudaFree(dWeight); cudaFree(dist);
    cudaFree(fell[0]); cudaFree(fell[1]); cudaFree(anyFell);
  }
}
