#pragma once
#define LAUNCH(kernel, ...) kernel<<<1, 1>>>(__VA_ARGS__)
__global__ void child(int *p, int v);
template <class T> __global__ void tchild(T *p) { *p += 1; }
__host__ __device__ inline void either(int *p) { child<<<1, 1>>>(p, 7); }
