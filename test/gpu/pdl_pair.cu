// The guide's Programmatic Dependent Launch pair (CUDA Programming Guide
// 4.5): the primary triggers its secondary early, the secondary does
// independent work, waits with cudaGridDependencySynchronize(), then reads
// the primary's results. Built as written, the marked launches are plain
// launches; lowered, they are cudaLaunchKernelEx with the PDL attributes.
// Both must print the same. Also: a launch error is reported through
// cudaGetLastError() as for <<<>>>, and a programmatic event can be waited
// on from another stream.
#include <cdp/pdl.cuh>

#include <cstdio>

__global__ void primary(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cudaTriggerProgrammaticLaunchCompletion();
  float v = i;
  for (int k = 0; k < 2000; ++k)
    v = v * 0.5f + 1.0f;
  if (i < n)
    data[i] = v + i;
}

__global__ void secondary(float *out, const float *data, int n, float bias) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float independent = 0.0f;
  for (int k = 0; k < 2000; ++k)
    independent = independent * 0.5f + bias;
  cudaGridDependencySynchronize();
  if (i < n)
    out[i] = data[i] * 2.0f + independent;
}

int main() {
  const int n = 1 << 16;
  float *data, *out, *other;
  cudaMalloc(&data, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&other, n * sizeof(float));
  cudaStream_t stream, waiter;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&waiter, cudaStreamNonBlocking);
  cudaEvent_t ready;
  cudaEventCreateWithFlags(&ready, cudaEventDisableTiming);

  double total = 0;
  for (int round = 0; round < 20; ++round) {
    cudaMemsetAsync(data, 0, n * sizeof(float), stream);
    primary<<<n / 256, 256, 0, stream>>>(data, n);
    secondary<<<n / 256, 256, 0, cdp::pdl::streamSerialization(stream)>>>(
        out, data, n, 1.0f);
  }
  static float host[1 << 16];
  cudaMemcpyAsync(host, out, n * sizeof(float), cudaMemcpyDeviceToHost,
                  stream);
  cudaStreamSynchronize(stream);
  for (int i = 0; i < n; ++i)
    total += host[i];
  std::printf("serialization: checksum %.1f first %.3f last %.3f\n", total,
              host[0], host[n - 1]);

  // The primary of an event: the waiting stream starts the secondary.
  primary<<<n / 256, 256, 0, cdp::pdl::programmaticEvent(stream, ready)>>>(
      data, n);
  cudaStreamWaitEvent(waiter, ready, 0);
  secondary<<<n / 256, 256, 0, waiter>>>(other, data, n, 1.0f);
  cudaMemcpyAsync(host, other, n * sizeof(float), cudaMemcpyDeviceToHost,
                  waiter);
  cudaStreamSynchronize(waiter);
  total = 0;
  for (int i = 0; i < n; ++i)
    total += host[i];
  std::printf("event: checksum %.1f\n", total);

  // A launch error reads as for <<<>>>: 2048 threads per block is invalid.
  cudaGetLastError();
  secondary<<<1, 2048, 0, cdp::pdl::streamSerialization(stream)>>>(
      out, data, n, 1.0f);
  std::printf("invalid launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  std::printf("after: %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaStreamSynchronize(stream);
  std::printf("done: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
