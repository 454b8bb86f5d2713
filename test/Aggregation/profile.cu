// RUN: %cdp-lower --optimize --optimize-remarks \
// RUN:   --profile=%S/Inputs/profile.json --profile=%S/Inputs/profile-more.json \
// RUN:   %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize --profile=%S/Inputs/profile.json %t.cu \
// RUN:   | diff -u %t.cu -
// RUN: grep -v '^// ' %t.cu | FileCheck %s
//
// --optimize --profile: the launch counts of a run of the program lowered
// with --instrument (Inputs/profile.json names the launches below by file
// name, line and column, as a profile made in another directory does;
// two profiles add up). A launch whose grids all had at least the
// threshold's threads gets none, as a constant grid of that size; one
// whose grids all had fewer runs below it and launches unaggregated above.
// A launch the profile did not count, or saw on both sides of the
// threshold, is chosen for as without a profile.

__global__ void cells(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i;
}

// Its threads loop: the threshold would be 32.
__global__ void walk(int *out, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] += 1;
}

// Every grid counted had 8,192 or more threads: as a constant grid that
// size, of a child that does not loop, it launches as written.
// REMARK: profile.cu:[[@LINE+5]]:3: remark: launch of 'cells' launches as written, as a grid above the threshold would: its threads do not loop, and a launch of its own carries their work (each of its 300 launches profiled had at least the 4096 threads below which it would run in the launching warp) (--optimize)
// CHECK-LABEL: __global__ void wide(
// CHECK-NOT: fewerThreads
// CHECK: cdp::DeviceLaunch<void(int *, int)>(cells, {n / 128, 128, 0, cudaStreamFireAndForget})
__global__ void wide(int *out, int n) {
  cells<<<n / 128, 128, 0, cudaStreamFireAndForget>>>(out, n);
}

// A looping child with every grid counted at 64 or more threads: no serial
// run, and aggregated by block; beside it, a launch all of whose grids had
// fewer than 4,096 threads runs those in the launching warp and launches
// the rest unaggregated. A launch not counted and one counted on both
// sides of the threshold keep the choice made without a profile.
// REMARK: profile.cu:[[@LINE+9]]:3: remark: launch of 'walk' is aggregated by block (each of its 1500 launches profiled had at least the 32 threads below which it would run in the launching warp) (--optimize)
// REMARK: profile.cu:[[@LINE+9]]:3: remark: launch of 'cells' runs in the launching warp below 4096 threads, and launches above, unaggregated: none of its 700 launches profiled had that many threads (--optimize)
// REMARK: profile.cu:[[@LINE+9]]:3: remark: launch of 'cells' runs in the launching warp below 4096 threads, and is aggregated by block above (--optimize)
// REMARK: profile.cu:[[@LINE+9]]:3: remark: launch of 'cells' runs in the launching warp below 4096 threads, and is aggregated by block above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS beside(
// CHECK: cdp_walk_block_launches.launch({n / 64, 64, 0, cudaStreamFireAndForget}, out, n);
// CHECK: if (cdp::serial::fewerThreads(n / 32, 32, 4096)) cells_serial<{{.*}}>(n / 32, 32, out, n); else cdp::DeviceLaunch<void(int *, int)>(cells, {n / 32, 32, 0, cudaStreamFireAndForget})
// CHECK: if (cdp::serial::fewerThreads(n, 32, 4096)) cells_serial<{{.*}}>(n, 32, out, n); else cdp_cells_block_launches.launch({n, 32, 0, cudaStreamFireAndForget}, out, n);
__global__ void beside(int *out, int n) {
  walk<<<n / 64, 64, 0, cudaStreamFireAndForget>>>(out, n);
  cells<<<n / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
  cells<<<n, 32, 0, cudaStreamFireAndForget>>>(out, n);
  cells<<<n / 2, 32, 0, cudaStreamFireAndForget>>>(out, n);
}
