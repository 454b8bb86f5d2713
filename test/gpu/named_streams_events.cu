// Device-created streams ordered through an event: the second child waits
// for the first; cudaStreamPerThread launches run too. The children run
// concurrently, so each writes its own slot and a tail launch logs them.
#include "common.cuh"
__device__ int g_step, g_slots[4];
__global__ void first() { for (volatile int i = 0; i < 100000; ++i) {} g_step = 1; g_slots[0] = 10; }
__global__ void second() { g_slots[1] = 20 + g_step; }
__global__ void perThread(int v) { g_slots[2] = v; }
__global__ void report() { for (int i = 0; i < 4; ++i) logValue(g_slots[i]); }
__global__ void parent() {
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  first<<<1, 1, 0, a>>>();
  cudaEventRecord(done, a);
  cudaStreamWaitEvent(b, done, 0);
  second<<<1, 1, 0, b>>>();
  perThread<<<1, 1, 0, cudaStreamPerThread>>>(7);
  g_slots[3] = 100 + cudaGetLastError();
  report<<<1, 1, 0, cudaStreamTailLaunch>>>();
  cudaEventDestroy(done);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
}
int main() { parent<<<1, 1>>>(); printLog("named_streams_events"); }
