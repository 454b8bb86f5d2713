// The PDL benchmark: the time of a primary/secondary pair whose secondary
// has a long independent preamble (CUDA Programming Guide 4.5, figure 41).
// The source uses plain launches with a <cdp/pdl.cuh> marker, so built as
// written the pair is serialized and, lowered by cdp-lower, the secondary is
// a programmatic dependent launch. bench/pdl_compare.sh builds both and
// prints the ratio.
//
// Rows: the grid size of each kernel (a quarter, a half or all of the GPU's
// resident blocks), as the overlap needs free SMs for the secondary's blocks.
// Output per row: "row=<name> pair_us=<best of 7 timings of 100 pairs>
// checksum=<sum of the secondary's output>".
#include <cdp/pdl.cuh>

#include <algorithm>
#include <cstdio>

__global__ void primary(float *data, int work) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Let the secondary launch now: what it does before waiting is
  // independent of this kernel.
  cudaTriggerProgrammaticLaunchCompletion();
  float v = i & 255;
  for (int k = 0; k < work; ++k)
    v = v * 0.9999f + 0.5f;
  data[i] = v;
}

__global__ void secondary(float *out, const float *data, int preamble) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float independent = threadIdx.x & 7;
  for (int k = 0; k < preamble; ++k)
    independent = independent * 0.9999f + 0.25f;
  cudaGridDependencySynchronize();
  out[i] = data[i] + independent;
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int threads = 256, work = 20000, pairs = 100;
  struct Row {
    const char *name;
    int blocks;
  } rows[] = {{"quarter_gpu", sms / 2}, {"half_gpu", sms}, {"full_gpu", sms * 8}};
  float *data, *out;
  cudaMalloc(&data, sms * 8 * threads * sizeof(float));
  cudaMalloc(&out, sms * 8 * threads * sizeof(float));
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  static float host[132 * 16 * 256];
  for (const Row &row : rows) {
    float best = 1e30f;
    for (int timing = 0; timing < 8; ++timing) {
      cudaEventRecord(start, stream);
      for (int p = 0; p < pairs; ++p) {
        primary<<<row.blocks, threads, 0, stream>>>(data, work);
        secondary<<<row.blocks, threads, 0,
                    cdp::pdl::streamSerialization(stream)>>>(out, data, work);
      }
      cudaEventRecord(stop, stream);
      cudaEventSynchronize(stop);
      float ms = 0;
      cudaEventElapsedTime(&ms, start, stop);
      if (timing > 0) // the first is a warm-up
        best = std::min(best, ms);
    }
    int n = std::min(row.blocks * threads, 132 * 16 * 256);
    cudaMemcpy(host, out, n * sizeof(float), cudaMemcpyDeviceToHost);
    double checksum = 0;
    for (int i = 0; i < n; ++i)
      checksum += host[i];
    std::printf("row=%s pair_us=%.3f checksum=%.6e error=%s\n", row.name,
                best * 1000.0f / pairs, checksum,
                cudaGetErrorName(cudaGetLastError()));
  }
  return 0;
}
