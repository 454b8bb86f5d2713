// Launches by a warp that aggregation's own code has split into groups.
//
// The shape of the program fuzzer's seed 125 (test/fuzz/program_fuzz.py
// --aggregate) once reduced: one warp of four threads makes tail launches
// from device functions, which aggregation leaves as they are, then two
// if/else pairs of launches of one child that --aggregate=block records (one
// pair into the null stream through a marker, one into fire-and-forget),
// then tail launches again. Before the runtime gave each warp's launches a
// turn (cdp/launch.cuh, "Launch turns"), the reduced seed's build by block
// hung on an H100 in three runs out of three: lanes of the one warp blocked
// for good inside the device runtime's cudaGetParameterBufferV2 and
// cudaLaunchDeviceV2 at once. Dropping either if/else pair, or the tail
// launches before or after them, made the hang go away. Lowered with
// --aggregate=block (programs.txt).
#include <cdp/aggregate.cuh>
#include <cstdio>

struct Bytes {
  unsigned char v[3];
};
struct Tag {
  long long id;
};

/// Folds a value's bytes into a running hash, so that every bit counts.
template <class T>
__device__ unsigned long long fold(unsigned long long h, const T &value) {
  const unsigned char *bytes = reinterpret_cast<const unsigned char *>(&value);
  for (unsigned i = 0; i < sizeof(T); ++i)
    h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}

__global__ void record(unsigned long long *out, int slot, float a, Bytes b,
                       const int *c, short d, double e) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(fold(fold(fold(fold(h, a), b.v[0]), b.v[1]), b.v[2]), *c);
  out[slot] = fold(fold(h, d), e);
}

__global__ void tally(unsigned long long *out, int slot, Bytes b, Tag t,
                      int c) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(fold(fold(h, b.v[0]), b.v[1]), b.v[2]);
  out[slot] = fold(fold(h, t.id), c);
}

__device__ void recordLater(unsigned long long *out, const int *table, int t) {
  record<<<1, 1, 0, cudaStreamTailLaunch>>>(
      out, t, t * 0.5f, Bytes{{(unsigned char)(t + 6), 2, 3}}, table + (t & 7),
      (short)(t + 90), t / 3.0);
}

__device__ void tallyLater(unsigned long long *out, int x, int slot) {
  tally<<<1, 1, 0, cudaStreamTailLaunch>>>(
      out, slot, Bytes{{(unsigned char)(x + 7), 2, 3}}, Tag{x + 9}, x + 3);
}

__global__ void parent(unsigned long long *out, const int *table) {
  int t = threadIdx.x;
  recordLater(out, table, t);
  if (t % 2 == 1)
    record<<<1, 1, 0, cdp::aggregate::grid(0)>>>(
        out, 4 + t, t * 0.5f, Bytes{{(unsigned char)t, 2, 3}},
        table + ((t + 1) & 7), (short)(t + 66), t / 3.0);
  else
    record<<<1, 1, 0, cdp::aggregate::grid(0)>>>(
        out, 4 + t, t * 1.5f, Bytes{{(unsigned char)t, 4, 3}},
        table + ((t + 2) & 7), (short)(t + 67), t / 5.0);
  if (t % 2 == 0)
    record<<<1, 1, 0, cudaStreamFireAndForget>>>(
        out, 8 + t, t * 0.25f, Bytes{{(unsigned char)t, 6, 3}},
        table + ((t + 3) & 7), (short)(t + 54), t / 7.0);
  else
    record<<<1, 1, 0, cudaStreamFireAndForget>>>(
        out, 8 + t, t * 2.5f, Bytes{{(unsigned char)t, 8, 3}},
        table + ((t + 4) & 7), (short)(t + 55), t / 9.0);
  tallyLater(out, t, 12 + t);
  tallyLater(out, t + 100, 16 + t);
}

int main() {
  const int slots = 20;
  unsigned long long *out;
  int *table;
  cudaMalloc(&out, slots * sizeof(unsigned long long));
  cudaMemset(out, 0, slots * sizeof(unsigned long long));
  const int host[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  cudaMalloc(&table, sizeof host);
  cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
  parent<<<1, 4>>>(out, table);
  const cudaError_t error = cudaDeviceSynchronize();
  unsigned long long result[slots];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("%s\n", cudaGetErrorString(error));
  for (int i = 0; i < slots; ++i)
    std::printf("%d %llx\n", i, result[i]);
  return error != cudaSuccess;
}
