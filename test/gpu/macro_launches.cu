// Launches written in macro bodies (lowered in the macro's definition) and
// arguments that one macro supplies together.
#include "common.cuh"
#define LAUNCH_ONE(kernel, value) kernel<<<1, 1>>>(value)
#define LAUNCH_ALL(kernel, ...) kernel<<<1, 1>>>(__VA_ARGS__)
#define CHAR_AND_DOUBLE (char)9, 2.25
__global__ void child(int value) { logValue(value); }
__global__ void mixed(char c, double d, int i) {
  logValue(c);
  logValue((int)(d * 4));
  logValue(i);
}
template <class T> __global__ void scaled(T value) {
  logValue((int)(value * 10));
}
__global__ void parent() {
  LAUNCH_ONE(child, 1);
  LAUNCH_ALL(mixed, (char)2, 0.75, 3);
  mixed<<<1, 1>>>(CHAR_AND_DOUBLE, 4);
}
template <class T> __global__ void templateParent(T value) {
  LAUNCH_ONE(scaled<T>, value);
}
int main() {
  parent<<<1, 1>>>();
  cudaDeviceSynchronize();
  templateParent<<<1, 1>>>(0.5f);
  cudaDeviceSynchronize();
  templateParent<<<1, 1>>>(7);
  printLog("macro_launches");
}
