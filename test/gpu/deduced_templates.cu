// Kernel templates launched from templates with deduced template arguments
// and pack expansions: cdp-lower writes the deduced arguments out, and the
// runtime packs each pack element at its own offset.
#include "common.cuh"
template <class T> struct Box {
  char tag;
  T value;
};
template <class U> __global__ void boxed(Box<U> box, int scale = 3) {
  logValue(box.tag);
  logValue((int)(box.value * scale));
}
template <class... Us> __global__ void sum(Us... values) {
  logValue((int)sizeof...(Us));
  logValue((int)(0 + ... + values));
}
template <class U> __global__ void readBack(const U *data) {
  logValue((int)*data);
}
template <class T> __device__ void launchBoth(T value, const T *data) {
  boxed<<<1, 1>>>(Box<T>{(char)sizeof(T), value});
  readBack<<<1, 1>>>(data);
}
template <class... Ts> __global__ void parent(Ts... values) {
  sum<<<1, 1>>>(values...);
  sum<<<1, 1>>>((char)1, values...);
}
__device__ double g_double = 2.5;
__global__ void startDouble() { launchBoth(1.5, &g_double); }
int main() {
  parent<<<1, 1>>>(1, (short)2, 3ll, (char)4, 5.0);
  cudaDeviceSynchronize();
  parent<<<1, 1>>>();
  cudaDeviceSynchronize();
  startDouble<<<1, 1>>>();
  printLog("deduced_templates");
}
