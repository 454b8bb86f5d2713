// Layouts the fuzzer found hard, run on the GPU: an __align__(256)
// parameter (aligned absolutely in constant bank 0 on sm_90), a packed
// record holding a non-POD member (clang and nvcc lay it out differently;
// the runtime computes the offsets), and a launch through a pointer to a
// kernel. The lowered build must print layout_edges.expected; nvcc's own
// <<<>>> is shown for reference.
#include "common.cuh"
#include <cuda_fp16.h>

struct __align__(256) Aligned256 { int v; };
struct Q { int i; __half h; };
struct __attribute__((packed)) Packed { Q q; double d; };

__global__ void childAligned(char c, Aligned256 a, int tail) {
  logValue(c);
  logValue(a.v);
  logValue(tail);
}

__global__ void childPacked(char c, Packed p, int tail) {
  logValue(c);
  logValue(p.q.i);
  logValue(static_cast<int>(__half2float(p.q.h)));
  logValue(static_cast<int>(p.d));
  logValue(tail);
}

__global__ void childThroughPointer(int x, int y) { logValue(x * 100 + y); }

__global__ void parent() {
  Aligned256 a;
  a.v = 42;
  childAligned<<<1, 1>>>(7, a, 99);
  Packed p;
  p.q.i = 5;
  p.q.h = __float2half(3.0f);
  p.d = 8.0;
  childPacked<<<1, 1>>>(9, p, 77);
  auto kernel = childThroughPointer;
  kernel<<<1, 1>>>(1, 2);
}

int main() {
  parent<<<1, 1>>>();
  printLog("layout_edges");
  return 0;
}
