// RUN: not %cdp-lower %s 2>&1 | FileCheck %s
//
// nvcc refuses arguments with a user-provided copy constructor at a
// device-side launch ("cannot pass an argument with a user-provided
// copy-constructor"); so does cdp-lower, at the argument.

struct Counted {
  int value;
  __device__ Counted(int v) : value(v) {}
  __device__ Counted(const Counted &other) : value(other.value + 1) {}
};

__global__ void child(int plain, Counted counted) {}

__global__ void parent() {
  child<<<1, 1>>>(1, Counted(2));
  // CHECK: error-copy-constructor.cu:[[@LINE-1]]:22: error: cannot pass an argument of type 'Counted' with a user-provided copy constructor to a device-side kernel launch
}
