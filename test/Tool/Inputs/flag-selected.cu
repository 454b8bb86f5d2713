__global__ void child(int v) {}
#ifdef CHILD_ARG
__global__ void parent() { child<<<1, 1>>>(CHILD_ARG + 1); }
#endif
