// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=TOOL --allow-empty
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// The parse reads a file as nvcc does: nvcc defines its version macros
// and its host compiler (g++) a global nullptr_t, and code relies on both
// (MUDA chooses its device-side stream model by __CUDACC_VER_MAJOR__ and
// writes nullptr_t unqualified). Both are defined for the parse only
// (nvcc-compat.h); before, the parse took the CUDA-0 branch below and
// stopped at its error.

// TOOL-NOT: error
// TOOL-NOT: warning

#if __CUDACC_VER_MAJOR__ >= 12 && __CUDACC_VER_MINOR__ >= 0 &&                \
    defined(__CUDACC_VER_BUILD__)
#define DEVICE_STREAM cudaStreamTailLaunch
#else
#error "the parse took nvcc's version for CUDA 0"
#endif

struct Stream {
  explicit Stream(nullptr_t) {}
};

__global__ void child(int *p, int version) { p[0] = version; }

__global__ void parent(int *p) {
  child<<<1, 1, 0, DEVICE_STREAM>>>(p, __CUDACC_VER_MAJOR__ * 100 +
                                           __CUDACC_VER_MINOR__);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {1, 1, 0, DEVICE_STREAM}).arg<0>(p).arg<8>(__CUDACC_VER_MAJOR__ * 100 +
}

int main() {
  Stream none(nullptr);
  (void)none;
  return 0;
}
