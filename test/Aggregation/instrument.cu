// RUN: %cdp-lower --instrument %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --instrument %t.cu | diff -u %t.cu -
// RUN: grep -v '^// ' %t.cu | FileCheck %s
//
// --instrument lowers each device-side launch as written and counts it
// first, at its site (file, line and column), by its grid and block; main
// registers the writer of the counts at exit. Counting reads the grid and
// block a second time, so a launch whose configuration has side effects,
// or is written in a macro, is lowered and not counted, with a warning.
// main, and each host function that launches a kernel, register the
// writer first.

// CHECK: #include <cdp/profile.cuh>

__global__ void child(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i;
}

// CHECK-LABEL: __global__ void statements(
// CHECK: cdp::profile::count("{{.*}}instrument.cu:[[@LINE+4]]:5", (n + 31) / 32, 32); cdp::DeviceLaunch<void(int *, int)>(cdp::oneThreadOfBlock, child, {(n + 31) / 32, 32, 0, cudaStreamFireAndForget})
// CHECK: cdp::profile::count("{{.*}}instrument.cu:[[@LINE+4]]:5", dim3(n, 2), dim3(16, 2)); cdp::DeviceLaunch<void(int *, int)>(cdp::oneThreadOfBlock, child, {dim3(n, 2), dim3(16, 2), 0, cudaStreamFireAndForget})
__global__ void statements(int *out, int n) {
  if (threadIdx.x == 0) {
    child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
    child<<<dim3(n, 2), dim3(16, 2), 0, cudaStreamFireAndForget>>>(out, n);
  }
}

// A branch without braces: the count joins the launch in an expression.
// CHECK-LABEL: __global__ void branch(
// CHECK: if (n > 64)
// CHECK-NEXT: (cdp::profile::count("{{.*}}instrument.cu:[[@LINE+4]]:5", n / 64, 64), cdp::DeviceLaunch<void(int *, int)>(child, {n / 64, 64})
// CHECK: .launch());
__global__ void branch(int *out, int n) {
  if (n > 64)
    child<<<n / 64, 64>>>(out, n);
}

// CHECK: cdp::profile::count("{{.*}}instrument.cu:[[@LINE+2]]:3", n / Block, Block); cdp::DeviceLaunch<void(int *, int)>(child, {n / Block, Block})
template <int Block> __global__ void templated(int *out, int n) {
  child<<<n / Block, Block>>>(out, n);
}

#define LAUNCH_CHILD(out, n) child<<<1, 32>>>(out, n)

__global__ void uncounted(int *out, int n, int *grids) {
  // WARN: :[[@LINE+1]]:3: warning: launch of 'child' is lowered but not counted under --instrument: its grid or block has side effects, and the count would evaluate them a second time
  child<<<(*grids)++, 32>>>(out, n);
  // WARN: :[[@LINE+1]]:3: warning: launch of 'child' is lowered but not counted under --instrument: it is written in a macro
  LAUNCH_CHILD(out, n);
}

// A host function that launches registers the writer too, for a program
// whose main is in a file the tool does not lower; the first to run does.
// CHECK-LABEL: void runBranch(int *out)
// CHECK-SAME: { cdp::profile::writeAtExit();
void runBranch(int *out) { branch<<<1, 32>>>(out, 4096); }

// CHECK-LABEL: int main(
// CHECK-SAME: { cdp::profile::writeAtExit();
int main() {
  int *out;
  cudaMalloc(&out, 4096 * sizeof(int));
  statements<<<1, 32>>>(out, 4096);
  templated<128><<<1, 1>>>(out, 4096);
  runBranch(out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
