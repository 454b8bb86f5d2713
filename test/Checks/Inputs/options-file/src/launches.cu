__global__ void child(int *p) {}

__global__ void parent(int *global) {
  int local = 0;
  child<<<1, 1>>>(&local);
  child<<<1, 1>>>(global);
}
