// What the checks reject: a child grid cannot see its parent's locals.
__global__ void child(int *value) { *value = 1; }

__global__ void parent() {
  int local = 0;
  child<<<1, 1>>>(&local);
  cudaGetLastError();
}
