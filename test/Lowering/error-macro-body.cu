// RUN: cp %s %t.cu
// RUN: not %cdp-lower -i %t.cu 2>&1 | FileCheck %s -DFILE=%t.cu
// RUN: diff %s %t.cu
//
// A launch written in a macro body cannot be rewritten at its uses; the
// file is left untouched.

#define LAUNCH_ONE(kernel, value) kernel<<<1, 1>>>(value)

__global__ void child(int v) {}

__global__ void parent() {
  LAUNCH_ONE(child, 3);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: error: device-side launch of 'child' is spelled inside the body of macro 'LAUNCH_ONE' and cannot be rewritten in place; expand the macro at this use, or move the '<<<...>>>' into the macro's arguments
  // CHECK: cdp-lower: error: '[[FILE]]' was not lowered; it is left unchanged
}
