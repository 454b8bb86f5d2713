__global__ void child(int *p) { *p = 1; }

__global__ void parent(int *global) {
  int unused = 0;
  child<<<1, 1>>>(global + undeclared);
}
