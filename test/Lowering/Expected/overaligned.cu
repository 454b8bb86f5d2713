// RUN: cd %S && %cdp-lower overaligned.cu -o %t.cu
// RUN: diff -u %S/Expected/overaligned.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Parameters aligned above 16 sit at offsets that differ between GPU
// architectures (sm_80: 32, sm_90: 16, sm_100: 0 for the first one), so the
// offsets come from the runtime, which compiles once per architecture.
// nvcc's own <<<>>> lowering stores Wide at 32 here and the child reads
// zeros (shared/FACTS.md 9).

#include <cdp/launch.cuh>
#line 12 "overaligned.cu"
struct Bytes3 {
  char c[3];
};
struct __align__(32) Wide {
  int x;
  float y;
};

__global__ void child(Bytes3 b, Wide w, int after) {}
__global__ void plain(Bytes3 b, int after) {}

__global__ void parent() {
  Bytes3 b = {{1, 2, 3}};
  Wide w;
  w.x = 11;
  w.y = 12.5f;
  cdp::DeviceLaunch<void(::Bytes3, ::Wide, int)>(child, {1, 1, 0, cudaStreamTailLaunch})
      .arg(b)
      .arg(w)
      .arg(77)
      .launch();
#line 29
  cdp::DeviceLaunch<void(::Bytes3, int)>(plain, {1, 1})
      .arg<0>(b)
      .arg<4>(77)
      .launch();
#line 30
}
