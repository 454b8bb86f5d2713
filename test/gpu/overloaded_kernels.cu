// Overloaded kernels launched from templates: overloads of one name told
// apart by their number of parameters and by their types, as LHCb Allen's
// segmented sort declares them, and overloaded kernel templates whose last
// template arguments the launch leaves to their defaults, as FIDESlib's
// NTT launcher does (with __grid_constant__ parameters and locals named
// gridDim and blockDim). The lowered launch writes the type of the
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

enum Mode { Plain, Fused };
template <class T, bool Second = true, Mode M = Plain>
__global__ void transform(T *__restrict__ data, const int __grid_constant__ prime,
                          const T *__restrict__ extra = nullptr, int shift = 7) {
  logValue(100000 * shift + 10000 * (extra != nullptr) + 1000 * Second +
           100 * M + 10 * prime + (int)data[0] + blockDim.x * gridDim.x);
}
template <bool Second, Mode M>
__global__ void transform(void **data, const int __grid_constant__ first) {
  logValue(-first);
}
template <class T, Mode M>
__global__ void transformAll(T *data, const __grid_constant__ int prime) {
  dim3 blockDim = 2;
  dim3 gridDim{3};
  transform<T, false><<<gridDim, blockDim, 0, cudaStreamTailLaunch>>>(data,
                                                                     prime);
  transform<T, true, M><<<1, 1>>>(data, prime + 1, data, 3);
}

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
  cudaDeviceSynchronize();
  transformAll<int, Fused><<<1, 1>>>(ints, 4);
  cudaDeviceSynchronize();
  transformAll<float, Plain><<<1, 1>>>(floats, 5);
  printLog("overloaded_kernels");
}
