// RUN: cp %s %t.cu
// RUN: not %cdp-lower -i %t.cu 2>&1 | FileCheck %s -DFILE=%t.cu
// RUN: diff %s %t.cu
//
// A file clang cannot compile is reported with clang's own errors and left
// as it was.

__global__ void child(int v) {}

__global__ void parent() {
  child<<<1, 1>>>(undeclared);
  // CHECK: [[FILE]]:[[@LINE-1]]:19: error: use of undeclared identifier 'undeclared'
  // CHECK: cdp-lower: error: '[[FILE]]' was not lowered; it is left unchanged
}
