// RUN: %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// Off, as a warning can be:
// RUN: %cdp-lower --check-only -Wno-cdp-spin-on-child %s 2>&1 | count 0
// A warning, so the file still lowers, and nvcc builds the output:
// RUN: %cdp-lower %s -o %t.cu 2>/dev/null
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// cdp-spin-on-child: a parent thread that loops until its child grid writes.

#include <cuda_runtime.h>

__global__ void decrement(int *flag) { atomicSub(flag, 1); }
__global__ void work(float *data, int *done) {
  data[threadIdx.x] = 1.0f;
  *done = 1;
}

__device__ int finished;
__global__ void finish() { finished = 1; }

// A flag handed to the child, read as plain memory (ProteinSimGPU's wait).
__global__ void plainFlag(int *flag) {
  *flag = 1;
  decrement<<<1, 1>>>(flag);
  // CHECK: spin-on-child.cu:[[@LINE+3]]:3: warning: this loop waits for the child grid 'decrement', launched above, to change '*flag'; a child grid is not guaranteed to start before its parent grid ends, so the loop may never end [-Wcdp-spin-on-child]
  // CHECK: spin-on-child.cu:[[@LINE-2]]:3: note: 'decrement' is launched here
  // CHECK: spin-on-child.cu:[[@LINE+1]]:10: note: '*flag' is a plain read, neither volatile nor atomic: the compiler may read it once before the loop (nvcc does, without -G), so the loop would not see the child's write
  while (*flag != 0) {
  }
}

// Volatile and atomic reads are read each time, but still wait.
__global__ void volatileFlag(volatile int *flags, float *data) {
  work<<<1, 32>>>(data, (int *)flags + 2);
  // CHECK: spin-on-child.cu:[[@LINE+1]]:3: warning: this loop waits for the child grid 'work', launched above, to change 'flags[2]'{{.*}} [-Wcdp-spin-on-child]
  while (flags[2] == 0)
    ;
  // CHECK: spin-on-child.cu:[[@LINE-4]]:3: note: 'work' is launched here
}
__global__ void atomicFlag(int *flag) {
  decrement<<<1, 1>>>(&flag[0]);
  // CHECK: spin-on-child.cu:[[@LINE+1]]:3: warning: this loop waits for the child grid 'decrement', launched above, to change 'atomicAdd(flag, 0)'{{.*}} [-Wcdp-spin-on-child]
  do {
    __nanosleep(100);
  } while (atomicAdd(flag, 0) != 0);
  // CHECK: spin-on-child.cu:[[@LINE-5]]:3: note: 'decrement' is launched here
}

// A global variable the child's body writes.
__global__ void globalFlag() {
  finish<<<1, 1>>>();
  // CHECK: spin-on-child.cu:[[@LINE+3]]:3: warning: this loop waits for the child grid 'finish', launched above, to change 'finished'{{.*}} [-Wcdp-spin-on-child]
  // CHECK: spin-on-child.cu:[[@LINE-2]]:3: note: 'finish' is launched here
  // CHECK: spin-on-child.cu:[[@LINE+1]]:11: note: 'finished' is a plain read
  for (; !finished;) {
  }
}

// Not reported: loops that do not wait for the child.
__global__ void notWaits(int *flag, int *list, int n) {
  decrement<<<1, 1>>>(flag);
  // The body changes what the condition reads.
  while (*flag > 0)
    --*flag;
  int i = 0;
  while (list[i] != 0 && i < n)
    ++i;
  // Another way out.
  for (int tries = 0; *flag != 0; ++tries)
    if (tries > 1000)
      break;
  // Memory the child is not handed.
  while (list[0] != 0) {
  }
  // A loop of launches.
  while (*flag != 0)
    decrement<<<1, 1>>>(flag);
}
__global__ void waitsBeforeLaunching(int *flag) {
  while (*flag != 0) {
  }
  decrement<<<1, 1>>>(flag);
}
// The host may wait for a grid: only device code is checked.
void host(int *flag) {
  decrement<<<1, 1>>>(flag);
  while (*flag != 0) {
  }
}
