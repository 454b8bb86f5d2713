// A launch in a __host__ __device__ function, made from the host and from
// the device: the lowered program launches from the device where the
// function runs there, and from the host where it runs there.
#include "common.cuh"
__global__ void child(int value, char side) {
  logValue(side);
  logValue(value);
}
template <class T> __global__ void scaled(T value) {
  logValue((int)(value * 4));
}
__host__ __device__ void launchFromEitherSide(int value) {
#ifdef __CUDA_ARCH__
  const char side = 'd';
#else
  const char side = 'h';
#endif
  child<<<1, 1>>>(value, side);
}
template <class T> __host__ __device__ void generic(T value) {
  scaled<<<1, 1>>>(value);
}
__global__ void parent(int value) {
  launchFromEitherSide(value);
  generic(value + 0.5);
}
int main() {
  launchFromEitherSide(1);
  cudaDeviceSynchronize();
  generic(2);
  cudaDeviceSynchronize();
  parent<<<1, 1>>>(3);
  printLog("host_device");
}
