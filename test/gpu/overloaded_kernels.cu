// Overloaded kernels launched from templates: overloads of one name told
// apart by their number of parameters and by their types, as LHCb Allen's
// segmented sort declares them. The lowered launch writes the type of the
// overload each launch calls; the wrong one would log other values.
#include "common.cuh"
template <class K> __global__ void sortLike(const K *keys, unsigned n, int *out) {
  logValue(1000 + (int)(keys[0] * 10) + (int)n);
}
template <class K> __global__ void sortLike(K *keys, unsigned n) {
  logValue(2000 + (int)(keys[0] * 10) + (int)n);
}
template <class U> __global__ void scale(U *data, U factor) {
  logValue(3000 + (int)(*data * factor));
}
template <class U> __global__ void scale(const U *data, U *out) {
  logValue(4000 + (int)(*data * 3));
}
__global__ void count(int n) { logValue(5000 + n); }
__global__ void count(float n) { logValue(6000 + (int)(n * 10)); }

template <class K> __global__ void parent(K *keys, int *out) {
  sortLike<K><<<1, 1>>>((const K *)keys, 4u, out);
  sortLike<K><<<1, 1>>>(keys, 5u);
  scale<K><<<1, 1>>>(keys, (K)2);
  scale<K><<<1, 1>>>((const K *)keys, keys);
  count<<<1, 1>>>((int)keys[0] + 1);
}
__device__ int g_ints[1] = {7};
__device__ float g_floats[1] = {1.5f};
__device__ int g_out[1];
int main() {
  int *ints, *out;
  float *floats;
  cudaGetSymbolAddress((void **)&ints, g_ints);
  cudaGetSymbolAddress((void **)&floats, g_floats);
  cudaGetSymbolAddress((void **)&out, g_out);
  parent<int><<<1, 1>>>(ints, out);
  cudaDeviceSynchronize();
  parent<float><<<1, 1>>>(floats, out);
  printLog("overloaded_kernels");
}
