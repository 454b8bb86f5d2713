// RUN: not %cdp-lower %s 2>&1 | FileCheck %s
//
// In a template, a launch whose kernel template arguments are deduced from
// dependent arguments has no single kernel to name before instantiation.

template <class T> __global__ void child(T *data) {}

template <class T> __global__ void parent(T *data) {
  child<<<1, 1>>>(data);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: the template arguments of kernel child are deduced from dependent arguments; name them explicitly (for example 'child<T>')
}
