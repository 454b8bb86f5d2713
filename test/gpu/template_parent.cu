// Template parents whose launches depend on the template parameter: the
// runtime lays the parameters out for each instantiation.
#include "common.cuh"
template <class T> struct Tagged { char tag; T value; };
template <class T> __global__ void child(Tagged<T> t, T extra, int scale = 3) {
  logValue(t.tag);
  logValue((int)(t.value * scale + extra));
}
template <class T> __global__ void parent(T v) {
  child<T><<<1, 1>>>(Tagged<T>{(char)sizeof(T), v}, v);
}
int main() {
  parent<char><<<1, 1>>>(2);
  cudaDeviceSynchronize();
  parent<short><<<1, 1>>>(5);
  cudaDeviceSynchronize();
  parent<double><<<1, 1>>>(1.5);
  cudaDeviceSynchronize();
  parent<long long><<<1, 1>>>(1ll << 40 >> 36);
  printLog("template_parent");
}
