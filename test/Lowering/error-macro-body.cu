// RUN: cp %s %t.cu
// RUN: not %cdp-lower -i %t.cu 2>&1 | FileCheck %s -DFILE=%t.cu --implicit-check-not="{{[0-9]}}: error:"
// RUN: diff %s %t.cu
//
// A launch in a macro body is rewritten in the definition (macros.cu) only
// when every use of the macro can take the lowered form; otherwise the use
// that cannot is named, and the file is left untouched.

#define LAUNCH_ONE(kernel, value) kernel<<<1, 1>>>(value)
#define ARGS (1)
#define CALL_WITH_ARGS(kernel) kernel<<<1, 1>>> ARGS

__global__ void child(int v) {}
__global__ void overloaded(int v) {}
__global__ void overloaded(float v) {}
template <class T> __global__ void deduced(T v) {}
__global__ void withDefault(int a, int b = 2) {}

__global__ void parent() {
  LAUNCH_ONE(child, 3);
  LAUNCH_ONE(overloaded, 3);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: error: device-side launch of 'overloaded' is spelled inside the body of macro 'LAUNCH_ONE', which cdp-lower rewrites only where every use names one kernel: one function, or a template with its template arguments written out
  // CHECK: note: expand the macro at this use, or move the '<<<...>>>' into the macro's arguments
  LAUNCH_ONE(deduced, 3);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: error: device-side launch of 'deduced<int>' {{.*}} where every use names one kernel
  LAUNCH_ONE(withDefault, 3);
  // CHECK: [[FILE]]:[[@LINE-1]]:14: error: device-side launch of 'withDefault' {{.*}} only where every use passes every argument (this one leaves default arguments to the kernel){{$}}
  CALL_WITH_ARGS(child);
  // CHECK: [[FILE]]:[[@LINE-1]]:18: error: device-side launch of 'child' {{.*}} macro 'CALL_WITH_ARGS', which cdp-lower rewrites only when its '<<<', '>>>' and the parentheses of the arguments are all written in the macro body{{$}}
}

int main() {
  LAUNCH_ONE(child, 1);
  // CHECK: [[FILE]]:[[@LINE-1]]:3: error: macro 'LAUNCH_ONE' holds a device-side launch that cdp-lower rewrites in the macro's definition, but this use of it is not a device-side launch that cdp-lower lowers, and would expand to the lowered form
  // CHECK: note: expand the macro at its device-side uses instead
  // CHECK: [[FILE]]:9:9: note: macro 'LAUNCH_ONE' defined here
  // CHECK: cdp-lower: error: '[[FILE]]' was not lowered; it is left unchanged
}
