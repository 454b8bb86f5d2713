// Headers nvcc finds by itself: the toolkit's CCCL and cooperative groups.
#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
#include <thrust/device_vector.h>

__global__ void child(int *sum) { *sum = 0; }

__global__ void parent(int *sum) {
  namespace cg = cooperative_groups;
  if (cg::this_thread_block().thread_rank() == 0)
    child<<<1, 1>>>(sum);
}
