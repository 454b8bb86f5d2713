// RUN: cd %S && %cdp-lower pdl.cu -o %t.cu
// RUN: diff -u %S/Expected/pdl.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// The unlowered source builds with nvcc as it is, fully serialized.
// RUN: %nvcc-rdc -c %s -o %t.plain.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Host launches marked for Programmatic Dependent Launch become
// cudaLaunchKernelEx with the attribute; other launches keep their bytes.

#include <cdp/pdl.cuh>

__global__ void primary(float *out, int n) {
  if (threadIdx.x < n)
    out[threadIdx.x] = 1.0f;
  cudaTriggerProgrammaticLaunchCompletion();
}

__global__ void secondary(float *out, const float *in, float scale = 2.0f) {
  cudaGridDependencySynchronize();
  out[threadIdx.x] = in[threadIdx.x] * scale;
}

template <class T> __global__ void typed(T *out, T value) {
  cudaGridDependencySynchronize();
  out[threadIdx.x] = value;
}

__global__ void overloaded(int *out) { cudaGridDependencySynchronize(); }
__global__ void overloaded(float *out) { cudaGridDependencySynchronize(); }

void launch(float *a, float *b, int *c, cudaStream_t stream, cudaEvent_t ready,
            int cdpConfig) {
  primary<<<1, 32, 0, stream>>>(a, 32);
  {
    cudaLaunchConfig_t cdpConfig = {};
    cdpConfig.gridDim = dim3(1, 1);
    cdpConfig.blockDim = 32;
    cdpConfig.dynamicSmemBytes = 64;
    cdpConfig.stream = stream;
    cudaLaunchAttribute cdpAttribute = {};
    cdpAttribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    cdpAttribute.val.programmaticStreamSerializationAllowed = 1;
    cdpConfig.attrs = &cdpAttribute;
    cdpConfig.numAttrs = 1;
    cudaLaunchKernelEx(&cdpConfig, secondary, b, a, 2.0f);
  }
  if (cdpConfig > 0)
    {
      cudaLaunchConfig_t cdpConfig = {};
      cdpConfig.gridDim = 1;
      cdpConfig.blockDim = 32;
      cdpConfig.dynamicSmemBytes = 0;
      cdpConfig.stream = stream;
      cudaLaunchAttribute cdpAttribute = {};
      cdpAttribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
      cdpAttribute.val.programmaticStreamSerializationAllowed = 1;
      cdpConfig.attrs = &cdpAttribute;
      cdpConfig.numAttrs = 1;
      cudaLaunchKernelEx(&cdpConfig, static_cast<void (*)(float *, float)>(typed), b, 1.5f);
    }
  {
    cudaLaunchConfig_t cdpConfig = {};
    cdpConfig.gridDim = 1;
    cdpConfig.blockDim = 1;
    cdpConfig.dynamicSmemBytes = 0;
    cdpConfig.stream = 0;
    cudaLaunchAttribute cdpAttribute = {};
    cdpAttribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    cdpAttribute.val.programmaticStreamSerializationAllowed = 1;
    cdpConfig.attrs = &cdpAttribute;
    cdpConfig.numAttrs = 1;
    cudaLaunchKernelEx(&cdpConfig, static_cast<void (*)(int *)>(overloaded), c);
  }
  // The primary of an event, which triggers as each block starts.
  {
    cudaLaunchConfig_t cdpConfig_ = {};
    cdpConfig_.gridDim = 1;
    cdpConfig_.blockDim = 32;
    cdpConfig_.dynamicSmemBytes = 0;
    cdpConfig_.stream = stream;
    cudaLaunchAttribute cdpAttribute = {};
    cdpAttribute.id = cudaLaunchAttributeProgrammaticEvent;
    cdpAttribute.val.programmaticEvent.event = ready;
    cdpAttribute.val.programmaticEvent.triggerAtBlockStart = 1;
    cdpConfig_.attrs = &cdpAttribute;
    cdpConfig_.numAttrs = 1;
    cudaLaunchKernelEx(&cdpConfig_, primary, a, cdpConfig);
  }
  {
    cudaLaunchConfig_t cdpConfig = {};
    cdpConfig.gridDim = 1;
    cdpConfig.blockDim = 32;
    cdpConfig.dynamicSmemBytes = 0;
    cdpConfig.stream = stream;
    cudaLaunchAttribute cdpAttribute = {};
    cdpAttribute.id = cudaLaunchAttributeProgrammaticEvent;
    cdpAttribute.val.programmaticEvent.event = ready;
    cdpAttribute.val.programmaticEvent.triggerAtBlockStart = 0;
    cdpConfig.attrs = &cdpAttribute;
    cdpConfig.numAttrs = 1;
    cudaLaunchKernelEx(&cdpConfig, primary, a, 1);
  }
}
