#pragma once
// Small fire-and-forget children, launched from a device function in a
// project header: --optimize runs them in the launching warp.

__global__ void addRange(int *total, int first, int count);

__device__ inline void scatterRange(int *total, int first, int count) {
  addRange<<<1, count, 0, cudaStreamFireAndForget>>>(total, first, count);
}
