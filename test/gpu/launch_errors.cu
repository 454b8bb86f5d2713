// A launch the device runtime rejects leaves its error for
// cudaGetLastError(), and the child does not run. The launch that succeeds
// is a tail launch, so that its child logs after the parent: a child of
// the parent's stream may run before the parent's last line (it did so
// once on an H200, lowered, which read as a difference from nvcc's).
#include "common.cuh"
__global__ void child(int v) { logValue(v); }
__global__ void parent() {
  child<<<1, 2048>>>(1);               // too many threads per block
  logValue(cudaGetLastError());
  child<<<1, 1, 1 << 30>>>(2);         // too much shared memory
  logValue(cudaGetLastError());
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(3);
  logValue(cudaGetLastError());
}
int main() { parent<<<1, 1>>>(); printLog("launch_errors"); }
