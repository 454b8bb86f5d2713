// RUN: %cdp-lower %s -o %t.cu 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=LOWERED < %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=WARP < %t.warp.cu
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --aggregate=block %s -o %t.block.cu 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=BLOCK < %t.block.cu
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=COARSE < %t.coarse.cu
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=THRESH < %t.thresh.cu
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
//
// A launch that leaves arguments to the kernel's defaults. Every form
// writes them out at the launch: the lowering's `.arg`, and the aggregated
// and coarsened launches, calls of the runtime that take every argument
// (they left them out, and nvcc found no runtime call that matched), and
// the serial runs of --threshold (which refused such launches before). A
// default that names what the launch cannot see (a constant of the
// kernel's namespace, the kernel template's own parameter) is written as
// its value; a literal as written.

namespace work {
constexpr int kScale = 3;
constexpr float kHalf = 0.5f;
enum Mode { Slow, Fast };
template <int N>
__global__ void tile(int *p, int scale = kScale, char tag = 'x', int width = N,
                     Mode mode = Fast) {
  p[threadIdx.x % N] = scale + tag + width + mode;
}
__global__ void plain(int *p, float factor = kHalf) { p[threadIdx.x] *= factor; }
} // namespace work

__global__ void parent(int *p) {
  int *mine = p + 64 * threadIdx.x;
  // LOWERED: .arg<0>(mine)
  // LOWERED-NEXT: .arg<8>(3)
  // LOWERED-NEXT: .arg<12>('x')
  // LOWERED-NEXT: .arg<16>(8)
  // LOWERED-NEXT: .arg<20>(static_cast<::work::Mode>(1ull))
  // WARP: cdp::aggregated::byWarp(work::tile_aggregated<8>, {1, 8, 0, cudaStreamFireAndForget}, mine, 3, 'x', 8, static_cast<::work::Mode>(1ull));
  // BLOCK: .launch({1, 8, 0, cudaStreamFireAndForget}, mine, 3, 'x', 8, static_cast<::work::Mode>(1ull));
  // COARSE: cdp::coarse::launch<2>(work::tile_coarsened<8>, {1, 8, 0, cudaStreamFireAndForget}, mine, 3, 'x', 8, static_cast<::work::Mode>(1ull));
  // THRESH: work::tile_serial<0, 8>(1, 8, mine, 3, 'x', 8, static_cast<::work::Mode>(1ull));
  work::tile<8><<<1, 8, 0, cudaStreamFireAndForget>>>(mine);
  // WARP: cdp::aggregated::byWarp(work::tile_aggregated<4>, {1, 4, 0, cudaStreamFireAndForget}, mine + 8, 2, 'x', 4, static_cast<::work::Mode>(1ull));
  // BLOCK: .launch({1, 4, 0, cudaStreamFireAndForget}, mine + 8, 2, 'x', 4, static_cast<::work::Mode>(1ull));
  // COARSE: cdp::coarse::launch<2>(work::tile_coarsened<4>, {1, 4, 0, cudaStreamFireAndForget}, mine + 8, 2, 'x', 4, static_cast<::work::Mode>(1ull));
  work::tile<4><<<1, 4, 0, cudaStreamFireAndForget>>>(mine + 8, 2);
  // LOWERED: .arg<8>(0x1p-1f)
  // WARP: cdp::aggregated::byWarp(work::plain_aggregated, {1, 4, 0, cudaStreamFireAndForget}, mine + 16, 0x1p-1f);
  // BLOCK: .launch({1, 4, 0, cudaStreamFireAndForget}, mine + 16, 0x1p-1f);
  // COARSE: cdp::coarse::launch<2>(work::plain_coarsened, {1, 4, 0, cudaStreamFireAndForget}, mine + 16, 0x1p-1f);
  // THRESH: work::plain_serial(1, 4, mine + 16, 0x1p-1f);
  work::plain<<<1, 4, 0, cudaStreamFireAndForget>>>(mine + 16);
}
