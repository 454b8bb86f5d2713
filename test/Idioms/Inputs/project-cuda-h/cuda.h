// A project header named as the toolkit's, as darknet's src/cuda.h is: it
// defines no CUDA_VERSION.
#ifndef PROJECT_CUDA_H
#define PROJECT_CUDA_H
__device__ inline int projectScale(int x) { return 3 * x; }
#endif
