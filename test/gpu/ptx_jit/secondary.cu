#include "pair.h"

__device__ unsigned long long secondaryTime() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}

// The guard of the issue: griddepcontrol only assembles for sm_90, so the
// wait is compiled for sm_90 and later only.
__global__ void secondary(const float *Data, int N, unsigned *Stale,
                          Timing *T, int *Arch) {
  if (threadIdx.x == 0)
    atomicMin(&T->SecondaryFirstStart, secondaryTime());
#ifdef __CUDA_ARCH__
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *Arch = __CUDA_ARCH__;
#endif
#if __CUDA_ARCH__ >= 900 && !defined(NO_WAIT)
  cudaGridDependencySynchronize();
#endif
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Data[I] != 1.0f)
    atomicAdd(Stale, 1u);
}

void launchSecondary(cudaStream_t Stream, const float *Data, int N,
                     unsigned *Stale, Timing *T, int *Arch) {
  cudaLaunchAttribute Attribute;
  Attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  Attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t Config = {};
  Config.gridDim = (N + 255) / 256;
  Config.blockDim = 256;
  Config.stream = Stream;
  Config.attrs = &Attribute;
  Config.numAttrs = 1;
  cudaLaunchKernelEx(&Config, secondary, Data, N, Stale, T, Arch);
}
