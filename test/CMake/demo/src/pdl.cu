// A PDL pair as libraries write it: griddepcontrol only assembles for
// sm_90, so the secondary's wait is guarded for sm_90 and later. Built for
// CUDA_ARCHITECTURES 80 (SASS and PTX), the sm_80 PTX is what an sm_90 GPU
// JIT-compiles, without the wait: cdp-lower stops that build.
#include <cuda_runtime.h>

__global__ void produce(float *data) { data[threadIdx.x] = threadIdx.x; }

__global__ void consume(const float *data, float *out) {
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  out[threadIdx.x] = data[threadIdx.x];
}

void runPair(float *data, float *out, cudaStream_t stream) {
  produce<<<1, 32, 0, stream>>>(data);
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = 1;
  config.blockDim = 32;
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, consume, (const float *)data, out);
}
