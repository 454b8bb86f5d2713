// Device-side launch throughput. Written with plain <<<>>>: built once as
// written (nvcc's own lowering) and once after cdp-lower; bench/compare.sh
// runs both and prints the ratio per row.
//
// Rows: every kind of stream (null, a named stream, fire-and-forget, tail,
// one chosen at run time) with 1, 4 and 16 launches per thread over a full
// GPU of threads; a single launching thread; and parameter buffers of 8 B,
// 64 B, 512 B and 4 KB.
#include <cstdio>
#include <cstdlib>

struct Pair { float a; double b; };
template <int Bytes> struct Blob { char bytes[Bytes]; };
__device__ int g_errors;

__global__ void child(int *out, char tag, double scale, Pair p) {
  if (threadIdx.x == 0) atomicAdd(out, (int)tag + (int)(scale + p.a + p.b));
}
// Buffers of 8 B, 64 B, 512 B and 4 KB (the pointer plus a blob).
__global__ void child8(int *out) { if (threadIdx.x == 0) atomicAdd(out, 1); }
__global__ void child64(int *out, Blob<56> b) {
  if (threadIdx.x == 0) atomicAdd(out, 1 + b.bytes[0]);
}
__global__ void child512(int *out, Blob<504> b) {
  if (threadIdx.x == 0) atomicAdd(out, 1 + b.bytes[0]);
}
__global__ void child4k(int *out, Blob<4088> b) {
  if (threadIdx.x == 0) atomicAdd(out, 1 + b.bytes[0]);
}

enum Mode { Null, Named, FireAndForget, Tail, RunTime, Buf8, Buf64, Buf512, Buf4k };
const char *const kModeNames[] = {"null", "named", "fire_and_forget", "tail",
                                  "runtime(null)", "buffer_8B", "buffer_64B",
                                  "buffer_512B", "buffer_4KB"};

__global__ void parent(int *out, int perThread, int mode) {
  cudaStream_t chosen = mode == FireAndForget ? cudaStreamFireAndForget
                        : mode == Tail ? cudaStreamTailLaunch : (cudaStream_t)0;
  // A named stream is shared by the block: thread 0 creates it.
  __shared__ cudaStream_t named;
  if (mode == Named && threadIdx.x == 0)
    cudaStreamCreateWithFlags(&named, cudaStreamNonBlocking);
  __syncthreads();
  for (int i = 0; i < perThread; ++i) {
    switch (mode) {
    case Null:
      child<<<1, 32>>>(out, 1, 0.0, Pair{0.f, 0.0});
      break;
    case Named:
      child<<<1, 32, 0, named>>>(out, 1, 0.0, Pair{0.f, 0.0});
      break;
    case FireAndForget:
      child<<<1, 32, 0, cudaStreamFireAndForget>>>(out, 1, 0.0, Pair{0.f, 0.0});
      break;
    case Tail:
      child<<<1, 32, 0, cudaStreamTailLaunch>>>(out, 1, 0.0, Pair{0.f, 0.0});
      break;
    case RunTime:
      child<<<1, 32, 0, chosen>>>(out, 1, 0.0, Pair{0.f, 0.0});
      break;
    case Buf8:
      child8<<<1, 32>>>(out);
      break;
    case Buf64:
      child64<<<1, 32>>>(out, Blob<56>{});
      break;
    case Buf512:
      child512<<<1, 32>>>(out, Blob<504>{});
      break;
    case Buf4k:
      child4k<<<1, 32>>>(out, Blob<4088>{});
      break;
    }
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_errors, 1);
  }
  __syncthreads();
  if (mode == Named && threadIdx.x == 0)
    cudaStreamDestroy(named);
}

struct Row { int mode, blocks, threads, perThread; };

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "build";
  const int reps = 7;
  Row rows[32];
  int n = 0;
  for (int mode : {Null, Named, FireAndForget, Tail, RunTime})
    for (int perThread : {1, 4, 16})
      rows[n++] = {mode, 132, 32, perThread};
  for (int mode : {Null, FireAndForget, Tail})
    rows[n++] = {mode, 1, 1, 1024}; // a single launching thread
  for (int mode : {Buf8, Buf64, Buf512, Buf4k})
    rows[n++] = {mode, 132, 32, 4};

  int *out;
  cudaMalloc(&out, sizeof(int));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int r = 0; r < n; ++r) {
    const Row &row = rows[r];
    size_t total = (size_t)row.blocks * row.threads * row.perThread;
    cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, total + 1024);
    float best = 1e30f;
    int got = 0;
    for (int rep = 0; rep < reps; ++rep) {
      cudaMemset(out, 0, sizeof(int));
      cudaEventRecord(start);
      parent<<<row.blocks, row.threads>>>(out, row.perThread, row.mode);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms;
      cudaEventElapsedTime(&ms, start, stop);
      best = ms < best ? ms : best;
      cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
    }
    int errors = 0;
    cudaMemcpyFromSymbol(&errors, g_errors, sizeof errors);
    const char *shape = row.blocks == 1 && row.threads == 1 ? "1thread" : "fullgpu";
    printf("%s %s/%s per_thread=%d launches=%zu best_ms=%.3f launches_per_s=%.4e correct=%s errors=%d\n",
           label, kModeNames[row.mode], shape, row.perThread, total, best,
           total / (best * 1e-3), got == (int)total ? "yes" : "NO", errors);
  }
  return 0;
}
