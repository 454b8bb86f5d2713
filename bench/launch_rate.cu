// Device-side launch throughput. Written with plain <<<>>>: built once as
// written (nvcc's own lowering) and once after cdp-lower; bench/compare.sh
// runs both and prints the ratio per row.
#include <cstdio>
#include <cstdlib>

struct Pair { float a; double b; };
__device__ int g_errors;

__global__ void child(int *out, char tag, double scale, Pair p) {
  if (threadIdx.x == 0) atomicAdd(out, (int)tag + (int)(scale + p.a + p.b));
}

// mode: 0 null, 1 fire-and-forget, 2 tail, 3 stream chosen at run time
__global__ void parent(int *out, int perThread, int mode) {
  cudaStream_t chosen = mode == 1 ? cudaStreamFireAndForget
                        : mode == 2 ? cudaStreamTailLaunch : (cudaStream_t)0;
  for (int i = 0; i < perThread; ++i) {
    if (mode == 0)
      child<<<1, 32>>>(out, 1, 0.0, Pair{0.f, 0.0});
    else if (mode == 1)
      child<<<1, 32, 0, cudaStreamFireAndForget>>>(out, 1, 0.0, Pair{0.f, 0.0});
    else if (mode == 2)
      child<<<1, 32, 0, cudaStreamTailLaunch>>>(out, 1, 0.0, Pair{0.f, 0.0});
    else
      child<<<1, 32, 0, chosen>>>(out, 1, 0.0, Pair{0.f, 0.0});
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_errors, 1);
  }
}

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "build";
  const int blocks = 132, threads = 32, reps = 7;
  const char *modes[] = {"null", "fire_and_forget", "tail", "runtime(null)"};
  int *out;
  cudaMalloc(&out, sizeof(int));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int perThread : {1, 4, 16}) {
    size_t total = (size_t)blocks * threads * perThread;
    cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, total + 1024);
    for (int mode = 0; mode < 4; ++mode) {
      float best = 1e30f;
      int got = 0;
      for (int r = 0; r < reps; ++r) {
        cudaMemset(out, 0, sizeof(int));
        cudaEventRecord(start);
        parent<<<blocks, threads>>>(out, perThread, mode);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms;
        cudaEventElapsedTime(&ms, start, stop);
        best = ms < best ? ms : best;
        cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
      }
      int errors = 0;
      cudaMemcpyFromSymbol(&errors, g_errors, sizeof errors);
      printf("%s %s per_thread=%d launches=%zu best_ms=%.3f launches_per_s=%.4e correct=%s errors=%d\n",
             label, modes[mode], perThread, total, best, total / (best * 1e-3),
             got == (int)total ? "yes" : "NO", errors);
    }
  }
  return 0;
}
