// The types the program fuzzer's children take and the hash they fold
// their arguments into: test/fuzz/program_fuzz.py writes this text at the
// top of every program, and the GPU tests that keep a program of it
// include it.
#pragma once
#include <cuda_runtime.h>

namespace fz {
enum class Mode : short { Off = 1, On = 7 };
struct Pair {
  int a;
  double b;
};
struct __align__(16) Quad {
  float x, y, z, w;
};
struct Bytes {
  unsigned char v[3];
};
namespace inner {
struct Tag {
  long long id;
};
} // namespace inner
/// A class whose default constructor is host-only, as Lonestar's Graph.
struct HostBuilt {
  int value;
  __host__ HostBuilt() : value(-1) {}
  __host__ __device__ explicit HostBuilt(int v) : value(v) {}
};
/// A class with no default constructor at all.
class NoDefault {
public:
  __host__ __device__ explicit NoDefault(long long v) : value(v * 3) {}
  __device__ long long get() const { return value; }

private:
  long long value;
};
/// Objects children take by reference: a launch passes their addresses,
/// and the children fold where the object is as well as what it holds, so
/// that a copy passed in its place changes the output.
__device__ int refInts[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ Pair refPairs[8] = {{1, 0.5},  {2, 1.5},  {3, -2.0}, {4, 8.25},
                               {5, 0.75}, {6, 1e9},  {7, -3.5}, {8, 2.0}};
} // namespace fz

/// Folds a value into a running hash (its bytes, so that every bit counts).
template <class T>
__device__ unsigned long long fold(unsigned long long h, const T &value) {
  const unsigned char *bytes = reinterpret_cast<const unsigned char *>(&value);
  for (unsigned i = 0; i < sizeof(T); ++i)
    h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}
