// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %cdp-lower --emit=explicit %s -o %t.explicit.cu
// RUN: %strip-checks %t.explicit.cu | FileCheck %s --check-prefix=EXPLICIT
// RUN: %nvcc-rdc -c %t.explicit.cu -o %t.explicit.o
// RUN: %cdp-lower --runtime-checks %s -o %t.checked.cu
// RUN: %nvcc-rdc -c %t.checked.cu -o %t.checked.o
// RUN: %cdp-lower --runtime-checks %s -o %t.checked11.cu -- -std=c++11
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++11 -I%cdp-runtime -c %t.checked11.cu -o %t.checked11.o
// RUN: %cdp-lower --print-param-layout %s -o /dev/null | FileCheck %s --check-prefix=LAYOUT
// RUN: %cdp-lower --aggregate=block --threshold=64 %s -o %t.transformed.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DECLINED --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.transformed.cu -o %t.transformed.o
// RUN: %cdp-lower --aggregate=block --threshold=64 %t.transformed.cu 2>/dev/null | diff -u %t.transformed.cu -
// RUN: %strip-checks %t.transformed.cu | FileCheck %s --check-prefix=TRANSFORMED
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>/dev/null
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %strip-checks %t.coarse.cu | FileCheck %s --check-prefix=COARSE
// RUN: %cdp-lower --aggregate=warp --runtime-checks %s -o %t.warp.cu 2>/dev/null
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
//
// Kernels that take parameters by reference, as DavideCarminati/
// GP_sampling_CUDA's sampler hands its data and graph to its child grids.
// nvcc passes a reference as the address of the object it binds: an 8-byte
// slot, whatever the object's size, which the lowered launch fills with the
// address (the runtime's PassedAs). Aggregation, --threshold and --coarsen
// pass the address on too: an aggregated launch's record holds it, and the
// copy's parameter binds the object again; a serial run and a coarsened
// block carry it as cdp::byAddress, which the child's copy takes as the
// reference. A copy of the object would lose `bump`'s write.
// test/gpu/reference_params.cu runs the plain lowering,
// test/gpu/reference_transforms.cu each transform.

struct Graph {
  int first;
  int current;
  double scale;
  int pad[8];
};
__device__ Graph globalGraph;

__global__ void readGraph(const Graph &graph, int tag) {}
__global__ void bump(Graph &graph, int by) { graph.current += by; }
template <class T> __global__ void readAny(const T &value) {}

// A unary & that is not the address, as thrust's device_reference has: the
// explicit form takes the address with __builtin_addressof.
struct Decoy {
  int value;
  __device__ const Decoy *operator&() const { return nullptr; }
};
__device__ Decoy globalDecoy;
__global__ void readDecoy(const Decoy &decoy) {}

// LAYOUT: kernel readGraph sm_90 size=12 align=8 offsets=0,8
// LAYOUT-NEXT: kernel bump sm_90 size=12 align=8 offsets=0,8

__global__ void parent(const Graph &graph) {
  // CHECK: {{^}}  cdp::DeviceLaunch<void(const ::Graph &, int)>(readGraph, {1, 1, 0, cudaStreamFireAndForget})
  // CHECK-NEXT: {{^}}      .arg<0>(graph)
  // CHECK-NEXT: {{^}}      .arg<8>(1)
  // EXPLICIT: void (*cdp_kernel)(const ::Graph &, int) = readGraph;
  // EXPLICIT: const ::Graph &cdp_arg0 = graph;
  // EXPLICIT: *reinterpret_cast<const ::Graph **>(cdp_params + 0) = &cdp_arg0;
  // EXPLICIT-NEXT: *reinterpret_cast<int *>(cdp_params + 8) = cdp_arg1;
  // TRANSFORMED: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS readGraph_aggregated(cdp::aggregated::Batch<const Graph &, int> cdp_batch) {
  // TRANSFORMED: {{^}}  const Graph &graph = cdp_launch.arg<0>();
  // TRANSFORMED: {{^}}  cdp::serial::byWarp<readGraph_thread, cdp_same>(cdp_grid, cdp_block, cdp::byAddress(graph), tag);
  // TRANSFORMED: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS bump_aggregated(cdp::aggregated::Batch<Graph &, int> cdp_batch) {
  // TRANSFORMED: {{^}}  Graph &graph = cdp_launch.arg<0>();
  // TRANSFORMED: {{^}}  cdp::serial::byWarp<bump_thread, cdp_same>(cdp_grid, cdp_block, cdp::byAddress(graph), by);
  // TRANSFORMED: {{^}}  cdp::serial::byWarp<readDecoy_thread, cdp_same>(cdp_grid, cdp_block, cdp::byAddress(decoy));
  // TRANSFORMED: if (cdp::serial::fewerThreads(1, 1, 64)) readGraph_serial<cdp::serial::sameArguments<0, 1>>(1, 1, graph, 1); else cdp_readGraph_block_launches.launch({1, 1, 0, cudaStreamFireAndForget}, graph, 1);
  // COARSE: {{^}}  cdp::coarse::blocks<readGraph_thread>(cdp_grid, cdp::byAddress(graph), tag);
  // COARSE: {{^}}  cdp::coarse::blocks<bump_thread>(cdp_grid, cdp::byAddress(graph), by);
  readGraph<<<1, 1, 0, cudaStreamFireAndForget>>>(graph, 1);
  // EXPLICIT: *reinterpret_cast<::Graph **>(cdp_params + 0) = &cdp_arg0;
  // TRANSFORMED: if (cdp::serial::fewerThreads(1, 1, 64)) bump_serial<cdp::serial::sameArguments<1>>(1, 1, globalGraph, 5); else cdp_bump_block_launches.launch({1, 1, 0, cudaStreamFireAndForget}, globalGraph, 5);
  bump<<<1, 1, 0, cudaStreamFireAndForget>>>(globalGraph, 5);
  // EXPLICIT: *reinterpret_cast<const ::Decoy **>(cdp_params + 0) = __builtin_addressof(cdp_arg0);
  readDecoy<<<1, 1, 0, cudaStreamFireAndForget>>>(globalDecoy);
}

template <class T> __global__ void templateParent(const T &value) {
  // CHECK: {{^}}  cdp::DeviceLaunch(readAny<T>, {1, 1}).arg(value).launch();
  // DECLINED: reference-parameters.cu:[[@LINE+4]]:3: warning: launch of 'readAny<T>' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  // DECLINED: note: if the child grids do not rely on that order
  // DECLINED: reference-parameters.cu:[[@LINE+2]]:3: warning: launch of 'readAny<T>' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // DECLINED: note: if the child grids do not rely on that order
  readAny<T><<<1, 1>>>(value);
}
template __global__ void templateParent<Graph>(const Graph &);
