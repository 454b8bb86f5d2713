// RUN: %cdp-lower --aggregate=block -Wno-cdp-device-stream-flags %s -o %t.block.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BLOCK --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.block.cu | FileCheck %s --check-prefix=BLOCK-OUT
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --aggregate=block -Wno-cdp-device-stream-flags %t.block.cu | diff -u %t.block.cu -
// RUN: %strip-checks %t.block.cu | FileCheck %s --check-prefix=BLOCK-DEAD
// RUN: %cdp-lower --threshold=64 -Wno-cdp-device-stream-flags %s -o %t.thresh.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.thresh.cu | FileCheck %s --check-prefix=THRESH-OUT
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
//
// Launches into streams the launching thread made for them. CDP1 code
// gives each thread streams of its own so that its launches do not wait
// for those of the rest of its block; a stream that only its thread
// launches into, once, orders no grid after another, and its launch is
// aggregated and run serially as a cudaStreamFireAndForget one is. A
// stream launched into twice, in a loop, passed on, made blocking or
// taken from elsewhere still orders its grids: those launches are refused.
// Aggregated, the launch names cudaStreamFireAndForget, and what only made
// and destroyed its stream goes (its lines stay, blank); run serially
// below the threshold, it still launches into the stream above it.

__global__ void child(int *out, int v) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__device__ void useStream(cudaStream_t) {}

// BLOCK-OUT-LABEL: perThreadStreams(int *out, int n) {
// BLOCK-OUT-NOT: cudaStream{{Create|Destroy}}
// BLOCK-OUT: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, out + 32 * tid, tid);
// THRESH-OUT-LABEL: perThreadStreams(int *out, int n) {
// THRESH-OUT: if (cdp::serial::fewerThreads(1, 32, 64)) child_serial(1, 32, out + 32 * tid, tid); else
__global__ void perThreadStreams(int *out, int n) {
  cudaStream_t s[4];
  for (int i = 0; i < 4; ++i)
    cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking);
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    child<<<1, 32, 0, s[threadIdx.x % 4]>>>(out + 32 * tid, tid);
}

// BLOCK-OUT-LABEL: oneStream(int *out) {
// BLOCK-OUT: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, out + 32 * threadIdx.x, 1);
// BLOCK-OUT-NOT: cudaStream{{Create|Destroy}}
// BLOCK-OUT: }
// THRESH-OUT-LABEL: oneStream(int *out) {
// THRESH-OUT: if (cdp::serial::fewerThreads(1, 32, 64)) child_serial
__global__ void oneStream(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, 1);
  cudaStreamDestroy(s);
}

// Braces, a comment and a loop that destroys the streams go too.
// BLOCK-DEAD-LABEL: {{^}}__global__ void {{.*}}bracedLoops(int *out) {
// BLOCK-DEAD-NEXT: {{^  //}} The launches of 'child' by this block
// BLOCK-DEAD-NEXT: BlockScope
// BLOCK-DEAD-NEXT: {{^#line}}
// BLOCK-DEAD-NEXT: {{^  //}} No stream 'streams': its one launch is fire-and-forget now.
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-NEXT: launch({1, 32, 0, cudaStreamFireAndForget}, out + 32 * threadIdx.x, 2);
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-EMPTY:
// BLOCK-DEAD-NEXT: {{^}}}
__global__ void bracedLoops(int *out) {
  cudaStream_t streams[2];
  for (int i = 0; i < 2; i++) {
    // Non-blocking: the device runtime makes no other kind.
    cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking);
  }
  child<<<1, 32, 0, streams[threadIdx.x % 2]>>>(out + 32 * threadIdx.x, 2);
  for (int i = 0; i < 2; i += 1)
    cudaStreamDestroy(streams[i]);
}

// A creation whose result is tested is not a statement of its own: the
// launch is still taken, and the stream's statements all stay.
// BLOCK-DEAD-LABEL: {{^}}__global__ void {{.*}}testedCreation(int *out) {
// BLOCK-DEAD: {{^}}  cudaStream_t s;
// BLOCK-DEAD: if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
// BLOCK-DEAD: launch({1, 32, 0, cudaStreamFireAndForget}, out + 32 * threadIdx.x, 3);
// BLOCK-DEAD-NEXT: cudaStreamDestroy(s);
__global__ void testedCreation(int *out) {
  cudaStream_t s;
  if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
    return;
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, 3);
  cudaStreamDestroy(s);
}

__global__ void inLoop(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  for (int i = 0; i < 2; ++i)
    // BLOCK: :[[@LINE+3]]:5: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): launches into one stream run one after another, and aggregated they would run at the same time
    // BLOCK: :[[@LINE+2]]:5: note: if the child grids do not rely on that order, say so with --aggregate-unordered=child (or in .cdp-lower), or mark the stream with cdp::aggregate::warp(), block() or grid()
    // THRESH: :[[@LINE+1]]:5: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): a grid of that stream runs after the launches made into it before, and in the launching thread it would run first
    child<<<1, 32, 0, s>>>(out + 64 * threadIdx.x + 32 * i, i);
}

__global__ void twice(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 64 * threadIdx.x, 0);
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 64 * threadIdx.x + 32, 1);
}

__global__ void passedOn(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  useStream(s);
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, 1);
}

__global__ void copied(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStream_t t = s;
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, (int)(t != 0));
}

// The device runtime makes only non-blocking streams: asked for another,
// it makes none, and the launch into it fails (an error of
// -Wcdp-device-stream-flags, turned off above).
__global__ void blocking(int *out) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamDefault);
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, 1);
}

__global__ void fromParameter(int *out, cudaStream_t s) {
  // BLOCK: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget
  // THRESH: :[[@LINE+1]]:3: warning: launch of 'child' always launches a grid under --threshold, even a small one: its stream is not cudaStreamFireAndForget
  child<<<1, 32, 0, s>>>(out + 32 * threadIdx.x, 1);
}
