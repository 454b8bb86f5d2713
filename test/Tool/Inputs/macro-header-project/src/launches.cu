#include "launch.cuh"
__global__ void child(int *p, int v) { atomicAdd(p, v); }
template <class T> __device__ void go(T *p) { tchild<<<1, 1>>>(p); }
__global__ void parent(int *p) {
  LAUNCH(child, p, 1);
  child << <1, 1 >> > (p, 2);
  go(p);
  either(p);
}
