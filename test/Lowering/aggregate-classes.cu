// RUN: rm -rf %t && mkdir -p %t
// RUN: for g in warp block grid; do \
// RUN:   %cdp-lower --aggregate=$g --aggregate-unordered=all %s -o %t/$g.cu \
// RUN:     2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning: \
// RUN:   && %nvcc-rdc -Xptxas -v -c %t/$g.cu -o %t/$g.o 2>%t/$g.ptxas || exit 1; \
// RUN: done
// RUN: grep -c 'cdp::aggregated::byWarp(relax_aggregated' %t/warp.cu
// RUN: grep -c 'cdp::aggregated::BlockScope<relax_aggregated>' %t/block.cu
// RUN: grep -c 'cdp::aggregated::GridScope<relax_aggregated>' %t/grid.cu
//
// Every kernel of a 1,024-thread parent grid stays launchable: at most 64
// registers a thread (65,536 a block), the parent as the aggregated child.
// RUN: for g in warp block grid; do \
// RUN:   %python %S/Inputs/max-registers.py 64 %t/$g.ptxas || exit 1; \
// RUN: done
//
// Launches of children whose parameters are classes as graph codes write
// them (Lonestar's Graph): a default constructor that is host-only, or
// none at all. The batches never construct a parameter; they copy each
// argument as <<<>>> does. Every launch is into the default stream, as in
// real code: --aggregate-unordered=all says that no child relies on the
// order of its stream.

#include <cstdio>

/// A CSR graph as Lonestar writes it: its default constructor allocates
/// on the host.
struct Graph {
  unsigned nnodes, nedges;
  unsigned *rowStart, *edgeDst, *edgeWeight;
  Graph() : nnodes(0), nedges(0) {
    rowStart = edgeDst = edgeWeight = nullptr;
    printf("host-side graph\n");
  }
  __device__ unsigned degree(unsigned node) const {
    return rowStart[node + 1] - rowStart[node];
  }
};

/// No default constructor at all.
class Components {
public:
  explicit Components(unsigned *ids) : ids(ids) {}
  __device__ unsigned of(unsigned node) const { return ids[node]; }

private:
  unsigned *ids;
};

__global__ void relax(Graph graph, Components components, unsigned node,
                      unsigned *dist) {
  unsigned edge = blockIdx.x * blockDim.x + threadIdx.x;
  if (edge >= graph.degree(node))
    return;
  unsigned first = graph.rowStart[node] + edge;
  unsigned to = graph.edgeDst[first];
  if (components.of(to) != components.of(node))
    atomicMin(&dist[to], dist[node] + graph.edgeWeight[first]);
}

/// Launched with 1,024-thread blocks, one thread a node.
__global__ void sweep(Graph graph, Components components, unsigned *dist) {
  unsigned node = blockIdx.x * blockDim.x + threadIdx.x;
  if (node >= graph.nnodes)
    return;
  unsigned degree = graph.degree(node);
  if (degree > 0)
    relax<<<(degree + 31) / 32, 32>>>(graph, components, node, dist);
}
