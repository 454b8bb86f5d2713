// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,THRESH --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,COARSE --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,WARP --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: not grep -q '[_]serial\|[_]coarsened\|[_]aggregated' %t.thresh.cu %t.coarse.cu %t.warp.cu
//
// In a template whose parameters choose the kernel, one copy of the child
// serves every instance the file makes, so each instance's kernel is
// checked, not only the first's: here the first instance's index reads
// threadIdx alone, the second's blockIdx too, which a serial run, a
// coarsened grid or an aggregated one would not map.

struct Rows {
  static __device__ int index() { return threadIdx.x; }
};
struct Blocks {
  static __device__ int index() { return blockIdx.x * blockDim.x + threadIdx.x; }
};
template <class Settings> __global__ void fill(int *out) {
  out[Settings::index()] = 1;
}
template <class Settings> __device__ void launchFill(int *out) {
  // THRESH: :[[@LINE+6]]:3: warning: launch of 'fill<Settings>' always launches a grid under --threshold, even a small one: 'fill<Settings>' calls 'index', which reads blockIdx or gridDim (or uses cooperative groups); in the launching thread it would see that thread's
  // COARSE: :[[@LINE+5]]:3: warning: launch of 'fill<Settings>' keeps one block per block asked for under --coarsen: 'fill<Settings>' calls 'index', which reads blockIdx or gridDim (or uses cooperative groups); in a coarsened grid it would see the block that runs it, not the block it stands for
  // WARP: :[[@LINE+4]]:3: warning: launch of 'fill<Settings>' is not aggregated by warp, only lowered: 'fill<Settings>' calls 'index', which reads blockIdx or gridDim (or uses cooperative groups); in an aggregated grid only the body of 'fill<Settings>' sees the values of its own launch
  // The note names the second instance's function, the one that reads
  // blockIdx.
  // CHECK: :19:25: note: 'index' declared here
  fill<Settings><<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
__global__ void parent(int *out) {
  launchFill<Rows>(out);
  launchFill<Blocks>(out);
}
