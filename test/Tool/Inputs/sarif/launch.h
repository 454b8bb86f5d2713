__global__ void child(int *p);

__device__ void launchChild(int *p) { child<<<1, 1>>>(p); }
