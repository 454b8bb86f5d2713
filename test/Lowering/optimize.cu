// RUN: cd %S && %cdp-lower --optimize --optimize-remarks optimize.cu -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
// RUN: grep -v '^// ' %t.cu | FileCheck %s --check-prefix=OUT
// RUN: %cdp-lower --optimize --aggregate=grid optimize.cu -o %t.grid.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GIVEN --allow-empty
// RUN: grep -v '^// ' %t.grid.cu | FileCheck %s --check-prefix=GRID
//
// --optimize chooses per launch: a grid of fewer than 4096 threads (32 for
// a child whose threads loop) runs in the launching warp where --threshold
// keeps what the program may observe,
// and what still launches is aggregated, by block in a kernel and by warp
// in a __device__ function, where --aggregate keeps it; except above the
// threshold where every launch of the function is of a child that runs in
// the launching warp at 4096 (no looping or recursive child, whose
// aggregation the kernel would pay for anyway): there it launches. What a transform
// refuses goes unreported (the user did not ask for it); the remarks of
// --optimize-remarks say what was chosen. An option the user gives is kept.
// A kernel whose children all run in phases (barriers, shared memory) is
// not aggregated; in one that aggregates, such a child runs in phases
// below the threshold too (since the runtime's split-warp turn).

__global__ void visit(const int *edges, int first, int degree, int *seen) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < degree)
    atomicAdd(&seen[edges[first + e]], 1);
}

__global__ void tile(float *out, int width) {
  __shared__ float row[32];
  row[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * width + threadIdx.x] = row[31 - threadIdx.x];
}

/// A barrier in a loop: no phases a serial run could take in turn.
__global__ void halves(float *out) {
  for (unsigned step = blockDim.x / 2; step > 0; step /= 2) {
    if (threadIdx.x < step)
      out[threadIdx.x] += out[threadIdx.x + step];
    __syncthreads();
  }
}

/// Each thread loops, in a function it calls: a launch spreads that work
/// over the grid's warps, so only grids under one warp run in the
/// launching warp.
__device__ int steps(int x) {
  int n = 0;
  while (x > 1 && n < 256) {
    x = x % 2 ? 3 * x + 1 : x / 2;
    ++n;
  }
  return n;
}

__global__ void shade(int *out, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = steps(first + i);
}

/// A loop of three trips, which the compiler unrolls whole, is not one.
__global__ void weigh(int *out, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, sum = 0;
  for (int k = 0; k < 3; ++k)
    sum += (first + i) * k;
  out[i] = sum;
}

__device__ void visitFrom(const int *edges, int first, int degree, int *seen) {
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'visit' runs in the launching warp below 4096 threads, and launches above (--optimize)
  visit<<<(degree + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(edges, first,
                                                                 degree, seen);
}

/// A kernel that launches only children a serial run takes in phases: no
/// block aggregation, so their small grids run in the launching warp.
__global__ void tiles(float *out, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'tile' runs in the launching warp below 4096 threads, and launches above (--optimize)
  tile<<<r % 4 + 1, 32, 0, cudaStreamFireAndForget>>>(out + r * 128, rows);
}

__global__ void expand(const int *offsets, const int *edges, int n, int *seen,
                       float *out) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int degree = offsets[v + 1] - offsets[v];
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'visit' runs in the launching warp below 4096 threads, and is aggregated by block above (--optimize)
  visit<<<(degree + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(edges, offsets[v], degree, seen);
  visitFrom(edges, offsets[v], degree, seen);
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'shade' runs in the launching warp below 32 threads (its threads loop), and is aggregated by block above (--optimize)
  shade<<<degree, 16, 0, cudaStreamFireAndForget>>>(seen, v);
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'weigh' runs in the launching warp below 4096 threads, and is aggregated by block above (--optimize)
  weigh<<<degree, 16, 0, cudaStreamFireAndForget>>>(seen, v);
  // Shared memory and barriers, in a kernel that aggregates by block: in
  // the launching warp phase by phase below the threshold; aggregated
  // above.
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'tile' runs in the launching warp below 4096 threads, and is aggregated by block above (--optimize)
  tile<<<degree, 32, 0, cudaStreamFireAndForget>>>(out, 32);
  // A barrier in a loop: not in the launching warp; aggregated.
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'halves' is aggregated by block; it never runs in the launching warp: 'halves' has a barrier or warp collective inside a statement; {{.*}} (--optimize)
  halves<<<degree, 32, 0, cudaStreamFireAndForget>>>(out);
  // The default stream keeps its order: neither transform applies.
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'visit' launches as written, unaggregated: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): launches into one stream run one after another, and aggregated they would run at the same time; it never runs in the launching warp: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): a grid of that stream runs after the launches made into it before, and in the launching thread it would run first (--optimize)
  visit<<<1, 32>>>(edges, offsets[v], degree, seen);
}

/// Launches of children that run in the launching warp at 4096 alone:
/// above it they launch, and the kernel aggregates nothing.
__global__ void visitAll(const int *offsets, const int *edges, int n,
                         int *seen) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int degree = offsets[v + 1] - offsets[v];
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'visit' runs in the launching warp below 4096 threads, and launches above (--optimize)
  visit<<<(degree + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(edges, offsets[v], degree, seen);
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'weigh' runs in the launching warp below 4096 threads, and launches above (--optimize)
  weigh<<<degree, 16, 0, cudaStreamFireAndForget>>>(seen, v);
}

// The output, its comments left out (they hold these lines):
// OUT: if (cdp::serial::fewerThreads((degree + 31) / 32, 32, 4096)) visit_serial((degree + 31) / 32, 32, edges, first, degree, seen); else cdp_launch_visit(visit, {(degree + 31) / 32, 32, 0, cudaStreamFireAndForget})
// OUT: if (cdp::serial::fewerThreads(r % 4 + 1, 32, 4096)) tile_serial<cdp::serial::sameArguments<1>>(r % 4 + 1, 32, out + r * 128, rows); else cdp::DeviceLaunch<void(float *, int)>(tile, {r % 4 + 1, 32, 0, cudaStreamFireAndForget})
// OUT: if (cdp::serial::fewerThreads((degree + 31) / 32, 32, 4096)) visit_serial<cdp::serial::sameArguments<0, 3>>((degree + 31) / 32, 32, edges, offsets[v], degree, seen); else cdp_visit_block_launches.launch(
// OUT: if (cdp::serial::fewerThreads(degree, 16, 32)) shade_serial<cdp::serial::sameArguments<0>>(degree, 16, seen, v); else cdp_shade_block_launches.launch(
// OUT: if (cdp::serial::fewerThreads(degree, 32, 4096)) tile_serial<cdp::serial::sameArguments<0, 1>>(degree, 32, out, 32); else cdp_tile_block_launches.launch({degree, 32, 0, cudaStreamFireAndForget}, out, 32);
// OUT: cdp_halves_block_launches.launch({degree, 32, 0, cudaStreamFireAndForget}, out);
// OUT: cdp_launch_visit(visit, {1, 32})
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS visitAll(
// OUT: visit_serial<cdp::serial::sameArguments<0, 3>>((degree + 31) / 32, 32, edges, offsets[v], degree, seen); else cdp_launch_visit(visit,
// OUT: weigh_serial<cdp::serial::sameArguments<0>>(degree, 16, seen, v); else cdp::DeviceLaunch<void(int *, int)>(weigh,

// GIVEN-NOT: remark:
// GRID: cdp_visit_grid_launches.launch(
