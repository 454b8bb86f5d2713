#include "rows/row_sum.cuh"
#include "shared.h"

// Short rows in the thread, long ones through a child grid.
__global__ void rowSums(const int *offsets, const float *values, int rows,
                        float *out) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  const int first = offsets[r], length = offsets[r + 1] - first;
  if (length > kLongRow)
    sumLongRow(values, first, length, &out[r]);
  else
    for (int k = 0; k < length; ++k)
      out[r] += values[first + k];
}
