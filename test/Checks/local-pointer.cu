// RUN: not %cdp-lower --check-only %s -- -ferror-limit=0 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-local-pointer: every way a pointer into the parent's local memory can
// reach a child grid or a device-side memcpy/memset, and the pointers that
// must not be reported.

#include <cuda_runtime.h>

struct Span {
  int *data;
  int size;
};
struct Holder {
  int values[4];
};

__global__ void child(int *p) {}
__global__ void childSpan(Span s) {}
__global__ void childConst(const int *p) {}

__device__ int deviceArray[16];
__constant__ int constantArray[16];

__global__ void addresses(int byValue) {
  int local = 0;
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1): a child grid cannot access its parent's local memory; pass global memory (a __device__ variable, cudaMalloc or malloc) instead [-Wcdp-local-pointer]
  child<<<1, 1>>>(&local);
  // CHECK: local-pointer.cu:[[@LINE-3]]:7: note: 'local' is a local variable of the parent

  int array[8];
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(array);
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(&array[3]);
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(array + 2);

  Holder holder;
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(holder.values);
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(&holder.values[1]);

  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(&byValue);
  // CHECK: local-pointer.cu:[[@LINE-22]]:31: note: 'byValue' is a parameter passed by value: it lives in the parent's local memory
}

__global__ void derived(bool flag) {
  int local[4];
  int *p = local;
  int *q;
  q = p + 1;
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(q);
  // CHECK: local-pointer.cu:[[@LINE+1]]:24: error: cannot pass a pointer to local memory to child kernel 'childConst' (argument 1){{.*}} [-Wcdp-local-pointer]
  childConst<<<1, 1>>>((const int *)p);
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(flag ? deviceArray : p);

  Span span = {local, 4};
  // CHECK: local-pointer.cu:[[@LINE+1]]:23: error: cannot pass a pointer to local memory to child kernel 'childSpan' (argument 1, field 'data'){{.*}} [-Wcdp-local-pointer]
  childSpan<<<1, 1>>>(span);
  Span copy = span;
  // CHECK: local-pointer.cu:[[@LINE+1]]:23: error: cannot pass a pointer to local memory to child kernel 'childSpan' (argument 1, field 'data'){{.*}} [-Wcdp-local-pointer]
  childSpan<<<1, 1>>>(copy);
  Span assigned;
  assigned.data = &local[2];
  // CHECK: local-pointer.cu:[[@LINE+1]]:23: error: cannot pass a pointer to local memory to child kernel 'childSpan' (argument 1, field 'data'){{.*}} [-Wcdp-local-pointer]
  childSpan<<<1, 1>>>(assigned);
  // CHECK: local-pointer.cu:[[@LINE+1]]:23: error: cannot pass a pointer to local memory to child kernel 'childSpan' (argument 1, field 'data'){{.*}} [-Wcdp-local-pointer]
  childSpan<<<1, 1>>>(Span{local, 4});
}

__global__ void memoryCalls(int *global) {
  int local[4];
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  // CHECK: local-pointer.cu:[[@LINE+1]]:27: error: cannot pass a pointer to local memory to cudaMemcpyAsync (argument 2): device-side memcpy and memset may run as a child grid and fail for local or shared memory; use global memory instead [-Wcdp-local-pointer]
  cudaMemcpyAsync(global, local, sizeof local, cudaMemcpyDeviceToDevice, s);
  // CHECK: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to cudaMemsetAsync (argument 1){{.*}} [-Wcdp-local-pointer]
  cudaMemsetAsync(local, 0, sizeof local, s);
  // CHECK: local-pointer.cu:[[@LINE+1]]:33: error: cannot pass a pointer to local memory to cudaMemcpy2DAsync (argument 3){{.*}} [-Wcdp-local-pointer]
  cudaMemcpy2DAsync(global, 16, local, 16, 16, 1, cudaMemcpyDeviceToDevice, s);
  // CHECK: local-pointer.cu:[[@LINE+1]]:21: error: cannot pass a pointer to local memory to cudaMemset3DAsync (argument 1, field 'ptr'){{.*}} [-Wcdp-local-pointer]
  cudaMemset3DAsync(cudaPitchedPtr{local, 16, 4, 1}, 0, cudaExtent{16, 1, 1},
                    s);
  cudaMemcpy3DParms parms = {};
  parms.srcPtr = cudaPitchedPtr{local, 16, 4, 1};
  parms.dstPtr = cudaPitchedPtr{global, 16, 4, 1};
  parms.extent = cudaExtent{16, 1, 1};
  parms.kind = cudaMemcpyDeviceToDevice;
  // The parameter struct itself may be local: it is read before the call
  // returns. Its source pointer may not.
  // CHECK: local-pointer.cu:[[@LINE+1]]:22: error: cannot pass a pointer to local memory to cudaMemcpy3DAsync (argument 1, field 'srcPtr'){{.*}} [-Wcdp-local-pointer]
  cudaMemcpy3DAsync(&parms, s);
}

// Nothing below may be reported: global, __device__, __constant__, heap and
// parameter pointers, static locals, and values whose origin is unknown.
__device__ int *pickBuffer();

__global__ void fine(int *fromHost, Span spanFromHost) {
  static __device__ int staticLocal[4];
  child<<<1, 1>>>(deviceArray);
  child<<<1, 1>>>(&deviceArray[4]);
  childConst<<<1, 1>>>(constantArray);
  child<<<1, 1>>>(fromHost);
  child<<<1, 1>>>(fromHost + 8);
  child<<<1, 1>>>(staticLocal);
  child<<<1, 1>>>(pickBuffer());
  childSpan<<<1, 1>>>(spanFromHost);
  int *heap = static_cast<int *>(malloc(16));
  child<<<1, 1>>>(heap);
  int *p = fromHost;
  p = p + 1;
  child<<<1, 1>>>(p);
  // Stored after the launch: the launch saw the global pointer.
  int local = 0;
  int *later = deviceArray;
  child<<<1, 1>>>(later);
  later = &local;
  Span span = {fromHost, 4};
  childSpan<<<1, 1>>>(span);
  cudaMemcpyAsync(fromHost, deviceArray, 16, cudaMemcpyDeviceToDevice, 0);
}

// A launch or call in a template is reported once however often the
// template is instantiated: from the pattern, or, where the argument types
// depend on T, from the first instantiation (whose order of reports is
// clang's order of instantiation, hence CHECK-DAG).
template <class T> __global__ void parentTemplate() {
  T values[2];
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
  child<<<1, 1>>>(values);
  // CHECK-DAG: local-pointer.cu:[[@LINE-3]]:5: note: 'values' is a local variable of the parent
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to local memory to cudaMemsetAsync (argument 1){{.*}} [-Wcdp-local-pointer]
  cudaMemsetAsync(values, 0, sizeof values, 0);
  // CHECK-DAG: local-pointer.cu:[[@LINE-6]]:5: note: 'values' is a local variable of the parent
  auto launch = [] __device__ () {
    T inLambda[2];
    // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:21: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
    child<<<1, 1>>>(inLambda);
    // CHECK-DAG: local-pointer.cu:[[@LINE-3]]:7: note: 'inLambda' is a local variable of the parent
  };
  launch();
}
// Not dependent: seen in the pattern and in both instantiations.
template <class T> struct Launcher {
  __device__ void run() {
    int member[2];
    // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:21: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-local-pointer]
    child<<<1, 1>>>(member);
    // CHECK-DAG: local-pointer.cu:[[@LINE-3]]:9: note: 'member' is a local variable of the parent
  }
};
template __global__ void parentTemplate<int>();
__global__ void instantiateTwice() {
  parentTemplate<int><<<1, 1>>>();
  Launcher<int>().run();
  Launcher<char>().run();
}
// A reference parameter is passed the address of the object it binds
// (GP_sampling_CUDA passes its data so): local objects are reported as
// pointers to them are, references the parent was itself passed are not.
struct Graph {
  int first;
  double scale;
};
__global__ void childGraph(const Graph &graph) {}
__global__ void childGraphs(Graph &graph, int n) {}
__device__ Graph globalGraph;
__global__ void references(Graph byValue, const Graph &passedOn) {
  Graph local = {1, 2.0};
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:24: error: cannot pass local memory by reference to child kernel 'childGraph' (argument 1): a child grid cannot access its parent's local memory; pass global memory (a __device__ variable, cudaMalloc or malloc) instead [-Wcdp-local-pointer]
  childGraph<<<1, 1>>>(local);
  // CHECK-DAG: local-pointer.cu:[[@LINE-3]]:9: note: 'local' is a local variable of the parent
  const Graph &alias = local;
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:24: error: cannot pass local memory by reference to child kernel 'childGraph' (argument 1){{.*}} [-Wcdp-local-pointer]
  childGraph<<<1, 1>>>(alias);
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:25: error: cannot pass local memory by reference to child kernel 'childGraphs' (argument 1){{.*}} [-Wcdp-local-pointer]
  childGraphs<<<1, 1>>>(byValue, 2);
  // CHECK-DAG: local-pointer.cu:[[@LINE-10]]:34: note: 'byValue' is a parameter passed by value: it lives in the parent's local memory
  // CHECK-DAG: local-pointer.cu:[[@LINE+1]]:24: error: cannot pass a temporary by reference to child kernel 'childGraph' (argument 1): it lives in the parent's local memory, which a child grid cannot access; pass a global object (a __device__ variable, cudaMalloc or malloc) instead [-Wcdp-local-pointer]
  childGraph<<<1, 1>>>(Graph{3, 4.0});
  childGraph<<<1, 1>>>(passedOn);
  childGraph<<<1, 1>>>(globalGraph);
  Graph *onHeap = new Graph;
  childGraphs<<<1, 1>>>(*onHeap, 1);
}
// Each finding above once, and no other (a repeat would be a CHECK-DAG
// match left over).
// CHECK: {{^}}27 errors generated
