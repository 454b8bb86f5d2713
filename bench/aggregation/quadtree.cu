// A recursive quadtree build over points sorted by Morton code: a node is a
// block of 4 threads, one per quadrant; a quadrant with more than kLeaf
// points launches its own node (fire and forget), every level down.
#include "bench.cuh"

constexpr int kLevels = 10; // Morton codes of 2 * kLevels bits.
constexpr int kLeaf = 32;

__host__ __device__ inline int lowerBound(const unsigned *codes, int lo, int hi,
                                          unsigned key) {
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (codes[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/// The points of quadrant `q` of the node (`prefix` at `depth`) in
/// [lo, hi): [*first, *last).
__host__ __device__ inline void quadrant(const unsigned *codes, int lo, int hi,
                                         int depth, unsigned prefix, int q,
                                         int *first, int *last) {
  int shift = 2 * (kLevels - depth - 1);
  unsigned child = prefix * 4 + q;
  *first = lowerBound(codes, lo, hi, child << shift);
  *last = lowerBound(codes, *first, hi, (child + 1) << shift);
}

#if !CDP_BENCH_FLAT
__global__ void node(const unsigned *codes, int lo, int hi, int depth,
                     unsigned prefix, int *leaves,
                     unsigned long long *checksum) {
  int first, last;
  quadrant(codes, lo, hi, depth, prefix, threadIdx.x, &first, &last);
  unsigned child = prefix * 4 + threadIdx.x;
  if (last - first > kLeaf && depth + 1 < kLevels) {
    node<<<1, 4, 0, CDP_BENCH_STREAM>>>(codes, first, last, depth + 1,
                                               child, leaves, checksum);
  } else if (last > first) {
    atomicAdd(leaves, 1);
    atomicAdd(checksum, (unsigned long long)(last - first) * (child + 1) *
                            (depth + 1));
  }
}
#else
/// A node on a level's work list: its points [lo, hi) and Morton prefix.
struct NodeRange {
  int lo, hi;
  unsigned prefix;
};

/// One level of the tree, as a flat program builds it: a thread per
/// quadrant of each node on the list; a quadrant with more than kLeaf
/// points goes on the next level's list. (One flat style: a quadrant's
/// work is two binary searches, nothing for a warp to share.)
__global__ void level(const unsigned *codes, const NodeRange *nodes,
                      int count, int depth, NodeRange *next, int *nextCount,
                      int *leaves, unsigned long long *checksum) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count * 4)
    return;
  NodeRange n = nodes[t / 4];
  int first, last;
  quadrant(codes, n.lo, n.hi, depth, n.prefix, t % 4, &first, &last);
  unsigned child = n.prefix * 4 + t % 4;
  if (last - first > kLeaf && depth + 1 < kLevels) {
    next[atomicAdd(nextCount, 1)] = {first, last, child};
  } else if (last > first) {
    atomicAdd(leaves, 1);
    atomicAdd(checksum, (unsigned long long)(last - first) * (child + 1) *
                            (depth + 1));
  }
}
#endif

void hostNode(const std::vector<unsigned> &codes, int lo, int hi, int depth,
              unsigned prefix, int &leaves, unsigned long long &checksum,
              long &launches) {
  ++launches;
  for (int q = 0; q < 4; ++q) {
    int first, last;
    quadrant(codes.data(), lo, hi, depth, prefix, q, &first, &last);
    unsigned child = prefix * 4 + q;
    if (last - first > kLeaf && depth + 1 < kLevels) {
      hostNode(codes, first, last, depth + 1, child, leaves, checksum,
               launches);
    } else if (last > first) {
      ++leaves;
      checksum += (unsigned long long)(last - first) * (child + 1) * (depth + 1);
    }
  }
}

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 10000000;
  for (int n : {1000000, 3000000, 10000000}) {
    if (n > largest)
      break;
    // Clustered points: Morton codes of sums of two uniform coordinates.
    std::vector<unsigned> codes(n);
    unsigned seed = 4242;
    auto rnd = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (unsigned &code : codes) {
      unsigned x = ((rnd() >> 12) % 1024 + (rnd() >> 12) % 1024) / 2;
      unsigned y = ((rnd() >> 12) % 1024 + (rnd() >> 12) % 1024) / 2;
      code = 0;
      for (int b = 0; b < kLevels; ++b)
        code |= ((x >> b & 1) << (2 * b)) | ((y >> b & 1) << (2 * b + 1));
    }
    std::sort(codes.begin(), codes.end());
    int wantLeaves = 0;
    unsigned long long wantSum = 0;
    long launches = 0;
    hostNode(codes, 0, n, 0, 0, wantLeaves, wantSum, launches);
    unsigned *dCodes;
    int *dLeaves;
    unsigned long long *dSum;
    CHECK_CUDA(cudaMalloc(&dCodes, n * 4));
    CHECK_CUDA(cudaMalloc(&dLeaves, 4));
    CHECK_CUDA(cudaMalloc(&dSum, 8));
    cudaMemcpy(dCodes, codes.data(), n * 4, cudaMemcpyHostToDevice);
    allowPendingLaunches(launches);
#if CDP_BENCH_FLAT
    // Two work lists, each with room for every node of the tree.
    NodeRange *lists[2];
    int *dCount;
    CHECK_CUDA(cudaMalloc(&lists[0], launches * sizeof(NodeRange)));
    CHECK_CUDA(cudaMalloc(&lists[1], launches * sizeof(NodeRange)));
    CHECK_CUDA(cudaMalloc(&dCount, 4));
#endif
    auto run = [&] {
      cudaMemset(dLeaves, 0, 4);
      cudaMemset(dSum, 0, 8);
#if CDP_BENCH_FLAT
      const NodeRange root{0, n, 0};
      cudaMemcpy(lists[0], &root, sizeof root, cudaMemcpyHostToDevice);
      for (int depth = 0, count = 1; count > 0; ++depth) {
        cudaMemset(dCount, 0, 4);
        level<<<(count * 4 + 255) / 256, 256>>>(
            dCodes, lists[depth % 2], count, depth, lists[(depth + 1) % 2],
            dCount, dLeaves, dSum);
        cudaMemcpy(&count, dCount, 4, cudaMemcpyDeviceToHost);
      }
#else
      node<<<1, 4>>>(dCodes, 0, n, 0, 0, dLeaves, dSum);
#endif
    };
    float ms = medianMs(run);
    int leaves;
    unsigned long long sum;
    cudaMemcpy(&leaves, dLeaves, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&sum, dSum, 8, cudaMemcpyDeviceToHost);
    report("quadtree", n, ms, leaves == wantLeaves && sum == wantSum);
    cudaFree(dCodes); cudaFree(dLeaves); cudaFree(dSum);
#if CDP_BENCH_FLAT
    cudaFree(lists[0]); cudaFree(lists[1]); cudaFree(dCount);
#endif
  }
}
