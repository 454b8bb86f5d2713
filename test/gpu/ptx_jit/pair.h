// The two halves of a PDL pair, each in its own file so that each can be
// built for its own target (see run.sh).
#include <cuda_runtime.h>

struct Timing {
  unsigned long long PrimaryLastExit;
  unsigned long long SecondaryFirstStart;
};

// The primary triggers at once, then spends a while before writing.
void launchPrimary(cudaStream_t Stream, float *Data, int N, Timing *T);
// The secondary waits for the primary (where its build keeps the wait), then
// counts the elements it read before the primary wrote them.
void launchSecondary(cudaStream_t Stream, const float *Data, int N,
                     unsigned *Stale, Timing *T, int *Arch);
