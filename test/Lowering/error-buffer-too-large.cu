// RUN: not %cdp-lower %s 2>&1 | FileCheck %s
//
// The parameter buffer of a device-side launch holds at most 4 KB.

struct Block {
  char bytes[4090];
};

__global__ void child(Block block, double extra[1], long long tail) {}

__global__ void parent(Block *b) {
  child<<<1, 1>>>(*b, nullptr, 1);
  // CHECK: error-buffer-too-large.cu:[[@LINE-1]]:3: error: the parameters of kernel 'child' need 4112 bytes, but the parameter buffer of a device-side launch holds at most 4096 bytes
  // CHECK: error-buffer-too-large.cu:9:17: note: kernel 'child' declared here
}
