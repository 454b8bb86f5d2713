// RUN: cd %S && %cdp-lower --threshold=128 threshold.cu -o %t.cu
// RUN: diff -u %S/Expected/threshold.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=128 %t.cu | diff -u %t.cu -
// RUN: cd %S && %cdp-lower --threshold=128 --aggregate=block threshold.cu -o %t.block.cu
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: grep -v '^// ' %t.block.cu | FileCheck %s --check-prefix=BLOCK
// BLOCK: if (cdp::serial::fewerThreads((degree + 31) / 32, 32, 128)) visit_serial<cdp::serial::sameArguments<0, 3>>((degree + 31) / 32, 32, edges, offsets[v], degree, seen); else cdp_visit_block_launches.launch(
// RUN: cd %S && %cdp-lower --emit=explicit --threshold=128 threshold.cu -o %t.explicit.cu 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// RUN: diff %t.cu %t.explicit.cu
// EXPLICIT: threshold.cu:{{[0-9]+}}:{{[0-9]+}}: warning: --emit=explicit writes this file's launches in the runtime form: beside launches that a transform runs in the warp or aggregates, a launch that calls the device runtime directly can enter it with another group of its warp's lanes, which hangs the runtime
// EXPLICIT: note: lower the file without --threshold, --aggregate, --coarsen and --optimize to read its launches in the explicit form
// EXPLICIT-NOT: warning:
//
// --threshold: a launch of fewer threads than the threshold runs in the
// launching warp, through `<child>_serial`, which has the lanes that take
// that branch call `<child>_thread` (the child's body, with the indices
// as parameters) for each thread of each one's grid; bigger ones launch
// as before (lowered, or aggregated). The arguments that every lane of
// the kernel passes the same (`edges` and `seen`, parameters of the
// kernel) are named at the call, `sameArguments<0, 3>`, and are not sent
// from lane to lane. A launch that is the body of an if statement gets
// braces; a grid or block built by dim3's (constexpr) constructors or the
// math API's functions of values (ceil, min) may be read twice. The
// refusals are tested in threshold-refusals.cu, the index guards of the
// children in threshold-guard.cu. Under --emit=explicit the launches stay
// in the runtime form, whose launches take the warp's turn in the device
// runtime, and the tool says so (LowerLaunchesAction.cpp).

#include <cdp/launch.cuh>
#line 30 "threshold.cu"
__global__ void visit(const int *edges, int first, int degree, int *seen) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= degree)
    return;
  atomicAdd(&seen[edges[first + e]], 1);
}

/// 'visit' for one thread (cdp-lower --threshold): its body, with
/// the indices as parameters.
static __device__ void visit_thread(const uint3 blockIdx, const uint3 threadIdx,
    const dim3 gridDim, const dim3 blockDim, const int *edges, int first, int degree, int *seen)
#line 30
{
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= degree)
    return;
  atomicAdd(&seen[edges[first + e]], 1);
}

/// 'visit' run by the launching warp, for each thread of a small grid
/// whose x index is below degree (the others return at once).
template <unsigned long long cdp_same = 0, class cdp_grid_type, class cdp_block_type>
static __device__ void visit_serial(cdp_grid_type cdp_grid, cdp_block_type cdp_block, const int *edges, int first, int degree, int *seen) {
  cdp::serial::byWarpFirst<visit_thread, cdp_same>(
      cdp::serial::threadsBelowX(cdp_grid, cdp_block, degree),
      cdp_grid, cdp_block, edges, first, degree, seen);
}
#line 36

using cdp_launch_visit = cdp::DeviceLaunch<void(const int *, int, int, int *)>;
#line 37
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS expand(const int *offsets, const int *edges, int n,
                       int *seen) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int degree = offsets[v + 1] - offsets[v];
  if (degree > 0)
    { if (cdp::serial::fewerThreads((degree + 31) / 32, 32, 128)) visit_serial<cdp::serial::sameArguments<0, 3>>((degree + 31) / 32, 32, edges, offsets[v], degree, seen); else cdp_launch_visit(visit, {(degree + 31) / 32, 32, 0, cudaStreamFireAndForget})
        .arg<0>(edges).arg<8>(offsets[v]).arg<12>(degree).arg<16>(seen).launch(); }
  // dim3's constructors are constexpr: the choice may read the grid and
  // the launch read it again.
  if (cdp::serial::fewerThreads(dim3(degree % 4 + 1, 2), dim3(8, 2), 128)) visit_serial<cdp::serial::sameArguments<0, 3>>(dim3(degree % 4 + 1, 2), dim3(8, 2), edges, offsets[v], degree, seen); else cdp_launch_visit(visit, {dim3(degree % 4 + 1, 2), dim3(8, 2), 0, cudaStreamFireAndForget})
      .arg<0>(edges).arg<8>(offsets[v]).arg<12>(degree).arg<16>(seen).launch();
  // So are the math API's functions of values, as KLAP's programs write
  // their grids.
  if (cdp::serial::fewerThreads(ceil((float)degree / 32.0f), min(degree, 32), 128)) visit_serial<cdp::serial::sameArguments<0, 3>>(ceil((float)degree / 32.0f), min(degree, 32), edges, offsets[v], degree, seen); else cdp_launch_visit(visit, {ceil((float)degree / 32.0f), min(degree, 32), 0,
          cudaStreamFireAndForget}).arg<0>(edges).arg<8>(offsets[v]).arg<12>(degree).arg<16>(seen).launch();
}
