// Kernels that take parameters by reference, as a Gaussian-process sampler
// (DavideCarminati/GP_sampling_CUDA) hands its data and graph to its child
// grids. A launch passes the address of the object (a pointer's 8 bytes,
// not the object's 48), so the child reads the object as it is when the
// child runs, and writes through a reference reach it. Storing the
// object's bytes would not build (the runtime asserts the layout); storing
// a copy would log the value from before `bump`.
#include "common.cuh"
struct Graph {
  int first;
  int current;
  double scale;
  int pad[8];
};
__device__ Graph g_graph;

__global__ void readGraph(const Graph &graph, int tag) {
  logValue(tag * 1000 + graph.first + graph.current + (int)graph.scale);
}
__global__ void bump(Graph &graph, int by) { graph.current += by; }
__global__ void sameObject(const Graph &graph) {
  logValue(&graph == &g_graph ? 1 : 0);
}
// A type whose unary & is not its address, as thrust's device_reference
// returns a device_ptr: the launch passes the object's address all the
// same (the explicit form writes __builtin_addressof).
struct Decoy {
  int value;
  __host__ __device__ const Decoy *operator&() const { return nullptr; }
};
__device__ Decoy g_decoy = {7};
__global__ void readDecoy(const Decoy &decoy) {
  logValue(__builtin_addressof(decoy) == __builtin_addressof(g_decoy)
               ? decoy.value
               : -1);
}
template <class T> __global__ void readAny(const T &value, int tag) {
  logValue(tag * 1000 + value.first + value.current);
}

__global__ void parent(const Graph &graph) {
  readGraph<<<1, 1>>>(graph, 1);
  bump<<<1, 1>>>(g_graph, 5);
  readGraph<<<1, 1>>>(graph, 2);
  sameObject<<<1, 1>>>(graph);
  readAny<Graph><<<1, 1>>>(g_graph, 3);
  readDecoy<<<1, 1>>>(g_decoy);
}
// A dependent launch: the runtime lays the reference out itself.
template <class T> __global__ void templateParent(const T &value) {
  readAny<T><<<1, 1>>>(value, 4);
}
int main() {
  Graph host = {10, 20, 3.0, {0}};
  cudaMemcpyToSymbol(g_graph, &host, sizeof host);
  Graph *graph;
  cudaGetSymbolAddress((void **)&graph, g_graph);
  parent<<<1, 1>>>(*graph);
  cudaDeviceSynchronize();
  templateParent<Graph><<<1, 1>>>(*graph);
  printLog("reference_params");
}
