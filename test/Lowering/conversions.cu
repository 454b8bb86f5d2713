// RUN: cd %S && %cdp-lower conversions.cu -o %t.cu
// RUN: diff -u %S/Expected/conversions.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Each argument converts to its parameter's type exactly as in a call:
// integral and floating conversions (no narrowing error), null pointer
// constants, user-defined conversions and derived-to-base slicing.

#include <cstddef>

struct Base {
  int id;
};
struct Derived : Base {
  int extra;
};
struct Celsius {
  float degrees;
  __device__ operator float() const { return degrees; }
};
enum class Mode : unsigned char { Fast, Exact };

__global__ void child(char c, float f, int *p, Base b, float converted,
                      Mode m, bool flag) {}

__global__ void parent(double d, long long big) {
  Derived derived{};
  Celsius warm{21.5f};
  child<<<1, 1>>>(big, d, NULL, derived, warm, Mode::Exact, 3);
  child<<<1, 1>>>(65, 1, 0, Base{1}, 2.5, Mode::Fast, true);
}
