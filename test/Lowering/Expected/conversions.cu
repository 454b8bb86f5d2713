// RUN: cd %S && %cdp-lower conversions.cu -o %t.cu
// RUN: diff -u %S/Expected/conversions.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Each argument converts to its parameter's type exactly as in a call:
// integral and floating conversions (no narrowing error), null pointer
// constants, user-defined conversions and derived-to-base slicing.

#include <cdp/launch.cuh>
#line 10 "conversions.cu"
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

using cdp_launch_child = cdp::DeviceLaunch<void(char, float, int *, ::Base, float, ::Mode, bool)>;
#line 27
__global__ void parent(double d, long long big) {
  Derived derived{};
  Celsius warm{21.5f};
  cdp_launch_child(child, {1, 1})
      .arg<0>(big)
      .arg<4>(d)
      .arg<8>(NULL)
      .arg<16>(derived)
      .arg<20>(warm)
      .arg<24>(Mode::Exact)
      .arg<25>(3)
      .launch();
#line 31
  cdp_launch_child(child, {1, 1})
      .arg<0>(65)
      .arg<4>(1)
      .arg<8>(0)
      .arg<16>(Base{1})
      .arg<20>(2.5)
      .arg<24>(Mode::Fast)
      .arg<25>(true)
      .launch();
#line 32
}
