#include "shared.h"

int main() {
  rowSums<<<1, 32>>>(nullptr, nullptr, 0, nullptr);
  expand<<<1, 32>>>(nullptr, nullptr, 0, nullptr);
  return cudaDeviceSynchronize() != cudaSuccess;
}
