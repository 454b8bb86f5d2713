#include <cdp/pdl.cuh>
#include <wait-for-primary.h>
__global__ void secondary(float *out, const float *in) {
  waitForPrimary();
  out[threadIdx.x] = in[threadIdx.x];
}
void launches(float *out, const float *in, cudaStream_t s) {
  secondary<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(out, in);
}
