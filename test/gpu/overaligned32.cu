// shared/FACTS.md 9: an __align__(32) parameter. nvcc's own <<<>>> stores
// Wide at 32 while the child reads it at 16 (sm_90); the lowered program
// must print the values the parent passed: 6 11 12 77.
#include "common.cuh"
struct Bytes3 { char c[3]; };
struct __align__(32) Wide { int x; float y; };
__global__ void child(Bytes3 b, Wide w, int after) {
  logValue(b.c[0] + b.c[1] + b.c[2]); logValue(w.x); logValue((int)w.y); logValue(after);
}
__global__ void parent() {
  Bytes3 b = {{1, 2, 3}};
  Wide w;
  w.x = 11;
  w.y = 12.5f;
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(b, w, 77);
}
int main() { parent<<<1, 1>>>(); printLog("overaligned32"); }
