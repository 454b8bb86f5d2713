#include <cstdio>
struct Pair { int a; double b; };
__global__ void childWithAVeryLongName(int *p, Pair q, double r, float s, unsigned long long t, char u) {}
__global__ void child(int *p) {}
__global__ void parent(int *p) {
  childWithAVeryLongName<<<1, 1>>>(p, Pair{1, 2}, 3.0, 4.0f, 5ull, 6);
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(p);
}
