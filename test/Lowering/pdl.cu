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
  secondary<<<dim3(1, 1), 32, 64, cdp::pdl::streamSerialization(stream)>>>(
      b, a);
  if (cdpConfig > 0)
    typed<<<1, 32, 0, cdp::pdl::streamSerialization(stream)>>>(b, 1.5f);
  overloaded<<<1, 1, 0, cdp::pdl::streamSerialization(0)>>>(c);
  // The primary of an event, which triggers as each block starts.
  primary<<<1, 32, 0, cdp::pdl::programmaticEvent(stream, ready, 1)>>>(a,
                                                                      cdpConfig);
  primary<<<1, 32, 0, cdp::pdl::programmaticEvent(stream, ready)>>>(a, 1);
}
