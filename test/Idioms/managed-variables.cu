// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// nvcc reads `__managed__ int n;` as a __device__ variable the host
// reaches too. clang knows the attribute for HIP only: in CUDA it dropped
// it with a warning, the variable was a host one, and every device
// function that used it failed to parse. The parse reads it as nvcc does
// (nvcc-compat.h, parse only); the output keeps what was written.
// QUIET-NOT: {{warning|error}}

__managed__ int launches;
__device__ __managed__ float scale = 2.0f;
extern __managed__ int declaredElsewhere;
__managed__ int declaredElsewhere;

__global__ void child(int *counter, float *out) {
  atomicAdd(counter, 1);
  out[threadIdx.x] = scale * launches;
}

__global__ void parent(float *out) {
  launches += 1;
  child<<<1, 32>>>(&declaredElsewhere, out);
  // CHECK: cdp::DeviceLaunch<void(int *, float *)>(child, {1, 32})
  // CHECK-NEXT: .arg<0>(&declaredElsewhere)
}

// CHECK: int readOnHost() { return launches + declaredElsewhere; }
int readOnHost() { return launches + declaredElsewhere; }
