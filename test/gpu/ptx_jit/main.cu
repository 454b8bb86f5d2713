// What a PDL pair does when a part of it is PTX compiled for an older
// target and JIT-compiled by the driver on an sm_90+ GPU. Prints, over 20
// rounds: the __CUDA_ARCH__ the secondary ran as, the elements it read
// before the primary wrote them, and in how many rounds it started before
// the primary's last block had finished.
#include "pair.h"

#include <cstdio>

int main() {
  const int N = 1 << 20;
  float *Data;
  unsigned *Stale;
  Timing *T;
  int *Arch;
  cudaMalloc(&Data, N * sizeof(float));
  cudaMalloc(&Stale, sizeof(unsigned));
  cudaMalloc(&T, sizeof(Timing));
  cudaMalloc(&Arch, sizeof(int));
  cudaStream_t Stream;
  cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking);
  unsigned TotalStale = 0, Overlapping = 0;
  int RanAs = 0;
  for (int Round = 0; Round < 20; ++Round) {
    Timing Start = {0, ~0ull};
    cudaMemcpyAsync(T, &Start, sizeof Start, cudaMemcpyHostToDevice, Stream);
    cudaMemsetAsync(Stale, 0, sizeof(unsigned), Stream);
    cudaMemsetAsync(Data, 0, N * sizeof(float), Stream);
    launchPrimary(Stream, Data, N, T);
    launchSecondary(Stream, Data, N, Stale, T, Arch);
    unsigned HostStale;
    Timing Seen;
    cudaMemcpyAsync(&HostStale, Stale, sizeof HostStale,
                    cudaMemcpyDeviceToHost, Stream);
    cudaMemcpyAsync(&Seen, T, sizeof Seen, cudaMemcpyDeviceToHost, Stream);
    cudaMemcpyAsync(&RanAs, Arch, sizeof RanAs, cudaMemcpyDeviceToHost,
                    Stream);
    cudaStreamSynchronize(Stream);
    TotalStale += HostStale;
    Overlapping += Seen.SecondaryFirstStart < Seen.PrimaryLastExit;
  }
  cudaError_t Error = cudaGetLastError();
  std::printf("secondary ran as __CUDA_ARCH__ %d; stale reads %u of %d; "
              "started before the primary's end in %u/20 rounds; %s\n",
              RanAs, TotalStale, 20 * N, Overlapping,
              cudaGetErrorName(Error));
  return Error != cudaSuccess;
}
