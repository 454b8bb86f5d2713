// CDP1: a recursive quicksort. Each parent partitions its range, sorts the
// two halves in children, waits for them, and then checks that its whole
// range is sorted. Prints "quicksort: OK" when the array is sorted and
// holds the values it was given.
#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int MaxDepth = 16;
constexpr int Small = 32;

__device__ void selectionSort(unsigned *data, int left, int right) {
  for (int i = left; i <= right; ++i) {
    int smallest = i;
    for (int j = i + 1; j <= right; ++j)
      if (data[j] < data[smallest])
        smallest = j;
    unsigned value = data[i];
    data[i] = data[smallest];
    data[smallest] = value;
  }
}

__global__ void quicksort(unsigned *data, int left, int right, int depth,
                          int *unsorted) {
  if (depth >= MaxDepth || right - left <= Small) {
    selectionSort(data, left, right);
    return;
  }
  unsigned pivot = data[left + (right - left) / 2];
  int l = left, r = right;
  while (l <= r) {
    while (data[l] < pivot)
      ++l;
    while (data[r] > pivot)
      --r;
    if (l <= r) {
      unsigned value = data[l];
      data[l++] = data[r];
      data[r--] = value;
    }
  }
  if (left < r)
    quicksort<<<1, 1>>>(data, left, r, depth + 1, unsorted);
  if (l < right)
    quicksort<<<1, 1>>>(data, l, right, depth + 1, unsorted);
  cudaDeviceSynchronize();
  // The children are done: the whole range must be sorted now.
  for (int i = left; i < right; ++i)
    if (data[i] > data[i + 1]) {
      atomicAdd(unsorted, 1);
      break;
    }
}

int main() {
  const int n = 20000;
  std::vector<unsigned> host(n);
  unsigned seed = 12345;
  for (unsigned &v : host) {
    seed = seed * 1664525u + 1013904223u;
    v = seed >> 8;
  }
  unsigned *data;
  int *unsorted;
  cudaMalloc(&data, n * sizeof(unsigned));
  cudaMalloc(&unsorted, sizeof(int));
  cudaMemset(unsorted, 0, sizeof(int));
  cudaMemcpy(data, host.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, MaxDepth);
  quicksort<<<1, 1>>>(data, 0, n - 1, 0, unsorted);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<unsigned> sorted(n);
  int badRanges = -1;
  cudaMemcpy(sorted.data(), data, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&badRanges, unsorted, sizeof(int), cudaMemcpyDeviceToHost);
  std::sort(host.begin(), host.end());
  if (status != cudaSuccess || sorted != host || badRanges != 0) {
    printf("quicksort: FAIL (%s): sorted %d, unsorted ranges seen %d\n",
           cudaGetErrorString(status), sorted == host, badRanges);
    return 1;
  }
  printf("quicksort: OK, %d values sorted, every range checked\n", n);
  return 0;
}
