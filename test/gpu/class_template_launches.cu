// Launches from the members of a class template, as dragon_li's graph
// codes expand a long row from a static __device__ member of
// `BfsCdpDevice<Settings>`, into a stream the thread made for that launch
// alone (programs.txt lowers it plain, aggregated by warp, under
// --threshold and coarsened). Rows of many lengths copy their columns
// through child grids; the host logs a hash of the copy and the rows each
// child saw, so a launch lost, doubled or given another row's arguments
// logs other values.
#include "common.cuh"

constexpr int kRows = 1024; // under the 2,048 pending launches

template <class Settings>
__global__ void expand(const int *columns, int *out, int first, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    out[first + i] = columns[first + i] * Settings::Scale;
}
__global__ void mark(int *marks, int row) { atomicAdd(&marks[row], 1); }

template <class Settings> struct Expander {
  static __device__ void expandRow(const int *offsets, const int *columns,
                                   int *out, int row) {
    int first = offsets[row], length = offsets[row + 1] - first;
    if (length >= Settings::Threshold) {
      cudaStream_t s;
      cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
      expand<Settings><<<(length + Settings::Threads - 1) / Settings::Threads,
                         Settings::Threads, 0, s>>>(columns, out, first,
                                                    length);
      cudaStreamDestroy(s);
    } else {
      for (int i = 0; i < length; ++i)
        out[first + i] = columns[first + i] * Settings::Scale;
    }
  }
  int *marks;
  __device__ void markRow(int row) {
    if (row % 3 == 0)
      mark<<<1, 1, 0, cudaStreamFireAndForget>>>(marks, row);
  }
};

struct Narrow {
  static const int Threads = 32, Threshold = 40, Scale = 3;
};
struct Wide {
  static const int Threads = 128, Threshold = 200, Scale = 5;
};

template <class Settings>
__global__ void expandAll(const int *offsets, const int *columns, int *out,
                          int *marks) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= kRows)
    return;
  Expander<Settings>::expandRow(offsets, columns, out, row);
  Expander<Settings>{marks}.markRow(row);
}

__global__ void hashAll(const int *out, const int *marks, int nonzeros) {
  int hash = 0;
  for (int i = 0; i < nonzeros; ++i)
    hash = hash * 31 + out[i];
  logValue(hash);
  int marked = 0;
  for (int r = 0; r < kRows; ++r)
    marked = marked * 7 + marks[r];
  logValue(marked);
}

int main() {
  int offsets[kRows + 1] = {0};
  for (int r = 0; r < kRows; ++r)
    offsets[r + 1] = offsets[r] + (r * 37) % 301;
  const int nonzeros = offsets[kRows];
  int *columns = new int[nonzeros];
  for (int i = 0; i < nonzeros; ++i)
    columns[i] = i * 13 % 1009;
  int *dOffsets, *dColumns, *dOut, *dMarks;
  cudaMalloc(&dOffsets, sizeof offsets);
  cudaMalloc(&dColumns, nonzeros * sizeof(int));
  cudaMalloc(&dOut, nonzeros * sizeof(int));
  cudaMalloc(&dMarks, kRows * sizeof(int));
  cudaMemcpy(dOffsets, offsets, sizeof offsets, cudaMemcpyHostToDevice);
  cudaMemcpy(dColumns, columns, nonzeros * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(dMarks, 0, kRows * sizeof(int));
  expandAll<Narrow><<<kRows / 128, 128>>>(dOffsets, dColumns, dOut, dMarks);
  hashAll<<<1, 1>>>(dOut, dMarks, nonzeros);
  expandAll<Wide><<<kRows / 64, 64>>>(dOffsets, dColumns, dOut, dMarks);
  hashAll<<<1, 1>>>(dOut, dMarks, nonzeros);
  printLog("class_template_launches");
}
