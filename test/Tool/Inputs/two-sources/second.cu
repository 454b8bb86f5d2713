void runFirst(int *p);
__global__ void secondChild(int *p) { p[1] = 2; }
__global__ void secondParent(int *p) { secondChild<<<1, 1>>>(p); }
int main() { int *p; cudaMalloc(&p, 8); runFirst(p); secondParent<<<1, 1>>>(p); return cudaDeviceSynchronize(); }
