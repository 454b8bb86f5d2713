__global__ void child(int v) {}
__global__ void parent(int v) { child<<<1, 1>>>(v); }
