// RUN: cp %s %t.cu && %cdp-lower --migrate-cdp1 --fix %t.cu -- -std=c++17
// RUN: diff -u %S/Expected/per-thread.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --migrate-cdp1 %s -o %t.lowered.cu -- -std=c++17
// RUN: %strip-checks %t.lowered.cu | FileCheck %s --check-prefix=LOWERED
// RUN: %nvcc-rdc -c %t.lowered.cu -o %t.lowered.o
//
// Code after a device-side cudaDeviceSynchronize() that does not depend on
// the thread's place in the grid continues in a kernel of its own, which
// each thread that synchronised launches into cudaStreamTailLaunch with the
// values it needs. A loop around the call becomes a chain of tail launches.

__global__ void sumTree_continuation(long long *out, long long *partial);

__global__ void sumTree(const int *in, int n, long long *out) {
  if (n <= 64) {
    long long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += in[i];
    *out = sum;
    return;
  }
  long long *partial = (long long *)malloc(2 * sizeof(long long));
  int half = n / 2;
  sumTree<<<1, 1>>>(in, half, partial);
  sumTree<<<1, 1>>>(in + half, n - half, partial + 1);
  sumTree_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(out, partial);
}

// The rest of sumTree after its cudaDeviceSynchronize() (line 25), for CDP2:
// it runs once sumTree's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
__global__ void sumTree_continuation(long long *out, long long *partial) {
  // The children are done.
  *out = partial[0] + partial[1];
  free(partial);
}

__global__ void step(int *value) { *value += 1; }

__global__ void stepTimes_continuation(int *value, int times, int *log, int i);

// A for loop: the continuation runs the rest of the iteration, the
// increment, and the loop again.
__global__ void stepTimes(int *value, int times, int *log) {
  for (int i = 0; i < times; ++i) {
    step<<<1, 1>>>(value);
    if (*value > 100)
      break;
    stepTimes_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(value, times, log,
                                                              i);
    return;
  }
  log[times] = -1;
}

// The rest of stepTimes after its cudaDeviceSynchronize() (line 40), for CDP2:
// it runs once stepTimes's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
__global__ void stepTimes_continuation(int *value, int times, int *log, int i) {
  log[i] = *value;
  ++i;
  for (; i < times; ++i) {
    step<<<1, 1>>>(value);
    if (*value > 100)
      break;
    stepTimes_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(value, times, log,
                                                              i);
    return;
  }
  log[times] = -1;
}

// Lowered in the same run, a continuation's launch is one chain, broken as
// a long launch is: its arguments are not left aligned after a parenthesis.
// LOWERED:      {{^}}    cdp::DeviceLaunch<void(int *, int, int *, int)>(stepTimes_continuation, {1, 1, 0, cudaStreamTailLaunch})
// LOWERED-NEXT: {{^}}        .arg<0>(value)
// LOWERED-NEXT: {{^}}        .arg<8>(times)
// LOWERED-NEXT: {{^}}        .arg<16>(log)
// LOWERED-NEXT: {{^}}        .arg<24>(i)
// LOWERED-NEXT: {{^}}        .launch();

__global__ void everyThread_continuation(int *data, int i);

// Every thread launches and waits; what follows uses a value computed from
// its index, which travels with it.
__global__ void everyThread(int *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  step<<<1, 1>>>(data + i);
  everyThread_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(data, i);
}

// The rest of everyThread after its cudaDeviceSynchronize() (line 60), for CDP2:
// it runs once everyThread's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
__global__ void everyThread_continuation(int *data, int i) {
  data[i] *= 2;
}

static __global__ void twice_continuation1(int *value);
static __global__ void twice_continuation2(int *value, int seen);

// Two synchronisations: two continuations, the first launching the second.
static __global__ void twice(int *value) {
  step<<<1, 1>>>(value);
  twice_continuation1<<<1, 1, 0, cudaStreamTailLaunch>>>(value);
}

// The rest of twice after its cudaDeviceSynchronize() (line 67), for CDP2:
// it runs once twice's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
static __global__ void twice_continuation1(int *value) {
  int seen = *value;
  step<<<1, 1>>>(value);
  twice_continuation2<<<1, 1, 0, cudaStreamTailLaunch>>>(value, seen);
}

// The rest of twice after its cudaDeviceSynchronize() (line 70), for CDP2:
// it runs once twice's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
static __global__ void twice_continuation2(int *value, int seen) {
  value[1] = seen + *value;
}

__global__ void doubleSlice(int *slice) { slice[threadIdx.x] *= 2; }

__global__ void doubleRounds_continuation(int *data, int rounds,
                                          long long *sums, const int t, int r);

// The child reads its own threadIdx, not the thread's: what follows the call
// does not, so each thread continues on its own, round after round.
__global__ void doubleRounds(int *data, int rounds, long long *sums) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    doubleSlice<<<1, 32>>>(data + 32 * t);
    doubleRounds_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(data, rounds,
                                                                 sums, t, r);
    return;
  }
}

// The rest of doubleRounds after its cudaDeviceSynchronize() (line 82), for CDP2:
// it runs once doubleRounds's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
__global__ void doubleRounds_continuation(int *data, int rounds,
                                          long long *sums, const int t, int r) {
  sums[t] += data[32 * t];
  ++r;
  for (; r < rounds; ++r) {
    doubleSlice<<<1, 32>>>(data + 32 * t);
    doubleRounds_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(data, rounds,
                                                                 sums, t, r);
    return;
  }
}

__global__ void braceAlone_continuation(int *value);

// Textbook style, the brace on a line of its own: the continuation is
// written so too.
__global__ void braceAlone(int *value)
{
  step<<<1, 1>>>(value);
  braceAlone_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(value);
}

// The rest of braceAlone after its cudaDeviceSynchronize() (line 92), for CDP2:
// it runs once braceAlone's grid and all the work it launched have completed.
// Each thread that reached the call launches its own, with its values.
__global__ void braceAlone_continuation(int *value)
{
  value[1] = *value;
}

