// RUN: not %cdp-lower %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cdp-lower --check-only %s 2>&1 | FileCheck %s --check-prefix=CHECK-ONLY
// RUN: not %cdp-lower --aggregate=block --aggregate-unordered=all %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cdp-lower --threshold=64 --aggregate-unordered=all %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cdp-lower --coarsen=4 %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %cdp-lower --check-only %s -- -DONLY_ALLOWED
// RUN: %cdp-lower %s -o %t.cu -- -DONLY_ALLOWED
// RUN: %nvcc-rdc -DONLY_ALLOWED -c %t.cu -o %t.o
//
// nvcc refuses an argument at a device-side launch when a byte-wise copy
// into the parameter buffer would skip code: a non-trivial copy or move
// constructor (its own, a member's, or one a virtual function makes) or a
// non-trivial destructor (nvcc 13.0: "cannot pass an argument with a
// user-provided copy-constructor|destructor"). So does cdp-lower, at the
// argument, whatever transform is asked for: aggregation, a serial run or
// coarsening would copy the object by its bytes as well (they once took
// such launches, and coarsening's output then failed to compile). A
// user-provided copy assignment is no obstacle.
#include <cuda_fp16.h>

struct HoldsHalf { __half h; }; // __half is trivially copyable: allowed
struct Assigned {
  int value;
  __device__ Assigned &operator=(const Assigned &other) {
    value = other.value;
    return *this;
  }
};
__global__ void allowed(Assigned a, HoldsHalf h) {}

#ifndef ONLY_ALLOWED
struct Counted {
  int value;
  __device__ Counted(int v) : value(v) {}
  __device__ Counted(const Counted &other) : value(other.value + 1) {}
};
struct HoldsHalf2 { __half2 h; }; // __half2 has a user-provided copy
struct Moved {
  int value;
  __device__ Moved() {}
  __device__ Moved(const Moved &) = default;
  __device__ Moved(Moved &&other) : value(other.value) {}
};
struct Destroyed {
  int value;
  __device__ ~Destroyed() {}
};
struct Virtual {
  virtual __device__ void f() {}
};

__global__ void child(int plain, Counted counted) {}
__global__ void takes(HoldsHalf2 h, Moved m, Destroyed d, Virtual v) {}

__global__ void parent(HoldsHalf2 h, Moved m, Destroyed d, Virtual v) {
  child<<<1, 1>>>(1, Counted(2));
  // CHECK: error-copy-constructor.cu:[[@LINE-1]]:22: error: cannot pass an argument of type 'Counted' to a device-side kernel launch: its copy constructor is user-provided, and the parameter buffer is filled byte by byte
  // CHECK: note: nvcc refuses it too; pass a type that is trivially copyable, or a pointer to the object
  takes<<<1, 1>>>(h, m, d, v);
  // CHECK: error-copy-constructor.cu:[[@LINE-1]]:19: error: cannot pass an argument of type 'HoldsHalf2' to a device-side kernel launch: its copy constructor is not trivial (a member, base or virtual function makes it so), and the parameter buffer is filled byte by byte
  // CHECK: note: nvcc refuses it too; pass a type that is trivially copyable, or a pointer to the object
  // CHECK: error-copy-constructor.cu:[[@LINE-3]]:22: error: cannot pass an argument of type 'Moved' to a device-side kernel launch: its move constructor is user-provided
  // CHECK: error-copy-constructor.cu:[[@LINE-4]]:25: error: cannot pass an argument of type 'Destroyed' to a device-side kernel launch: its destructor is user-provided
  // CHECK: error-copy-constructor.cu:[[@LINE-5]]:28: error: cannot pass an argument of type 'Virtual' to a device-side kernel launch: its copy constructor is not trivial
  // CHECK: cdp-lower: error: {{.*}} was not lowered; it is left unchanged
 // --check-only reports what the lowering refuses, and fails, as the
 // lowering does (it is a dry run):
 // CHECK-ONLY: error: cannot pass an argument of type 'Virtual' to a device-side kernel launch
}
#endif

__global__ void parent_allowed(Assigned a, HoldsHalf h) {
  allowed<<<1, 1>>>(a, h);
}
