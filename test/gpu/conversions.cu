// Arguments convert to the parameter types as in a call.
#include "common.cuh"
struct Base { int id; };
struct Derived : Base { int extra; };
struct Celsius { float degrees; __device__ operator float() const { return degrees; } };
__global__ void child(char c, float f, int *p, Base b, float converted, bool flag, unsigned u) {
  logValue(c); logValue((int)(f * 10)); logValue(p == nullptr); logValue(b.id);
  logValue((int)(converted * 10)); logValue(flag); logValue((int)(u >> 20));
}
__global__ void parent(double d, long long big) {
  Derived derived{};
  derived.id = 5;
  derived.extra = 9;
  Celsius warm{21.5f};
  child<<<1, 1>>>(big, d, NULL, derived, warm, 3, -1);
}
int main() { parent<<<1, 1>>>(3.25, 0x141); printLog("conversions"); }
