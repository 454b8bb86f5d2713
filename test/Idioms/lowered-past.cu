// RUN: %nvcc-rdc --expt-relaxed-constexpr -c %s -o %t.original.o
// RUN: %nvcc-rdc --expt-relaxed-constexpr -DSPECIALIZED -c %s -o %t.specialized.o
// RUN: %cdp-lower --aggregate=warp %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not="{{[0-9]}}: error:" --implicit-check-not=DSPECIALIZED
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=AGGREGATED
// RUN: %nvcc-rdc --expt-relaxed-constexpr -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=warp --extra-arg=-DSPECIALIZED %s -o %t.specialized.cu 2>&1 | FileCheck %s --check-prefixes=WARN,SPECIALIZED --implicit-check-not="{{[0-9]}}: error:"
// RUN: %strip-checks %t.specialized.cu | FileCheck %s --check-prefix=LOWERED
// RUN: %nvcc-rdc --expt-relaxed-constexpr -DSPECIALIZED -c %t.specialized.cu -o %t.specialized.lowered.o
// RUN: %cdp-lower --aggregate=warp --extra-arg=-w %s -o %t.quiet.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: cmp %t.cu %t.quiet.cu
// RUN: not %nvcc-rdc --expt-relaxed-constexpr -DBROKEN -c %s -o %t.broken.o
// RUN: not %cdp-lower --extra-arg=-DBROKEN %s -o %t.broken.cu 2>&1 | FileCheck %s --check-prefixes=WARN,BROKEN
// RUN: not test -e %t.broken.cu
//
// clang's errors in code that nvcc builds, which the device code cannot
// depend on (lib/CudaAST/NvccAcceptedErrors.h): the file is lowered past
// them, each a warning with a note that says why, and the code stays as
// written for nvcc. nvcc builds this file (the first two RUN lines); the
// errors that nvcc reports as well stand (refused.cu).

#include <cstdio>

// QUIET-NOT: {{.}}

// Host code: GCC, nvcc's host compiler, takes `h != nullptr` for the
// conversion to `void *`; clang finds the template conversion as good.
struct StreamHolder {
  void *Stream = nullptr;
  operator void *() const { return Stream; }
  template <class T> operator T *() const { return (T *)Stream; }
};

bool hasStream(StreamHolder Holder) {
  return Holder != nullptr;
  // WARN: lowered-past.cu:[[@LINE-1]]:17: warning: use of overloaded operator '!=' is ambiguous (with operand types 'StreamHolder' and 'std::nullptr_t')
  // WARN: lowered-past.cu:[[@LINE-2]]:17: note: cdp-lower lowers past this error in host code: nvcc compiles host code with its host compiler, which accepts code that clang refuses, and device code cannot call it; the lowered file keeps it as written, for nvcc to judge
}

int firstOf(int n) {
  int buffer[n] = {0};
  // WARN: lowered-past.cu:[[@LINE-1]]:14: warning: variable-sized object may not be initialized
  // WARN: lowered-past.cu:[[@LINE-2]]:14: note: cdp-lower lowers past this error in host code
  return buffer[0];
}

template <class T> constexpr unsigned leadingZeros(T x) {
  unsigned n = 0;
  for (T bit = T(1) << (8 * sizeof(T) - 1); bit && !(x & bit); bit >>= 1)
    ++n;
  return n;
}

#ifdef __CUDA_ARCH__
// A template that nothing instantiates, in code only nvcc's device pass
// reads: that pass compiles the templates it instantiates only.
template <class T> constexpr T roundDown(T x, int mode) {
  T result;
  switch (mode) {
  default:
    result = x
        break;
    // WARN: lowered-past.cu:[[@LINE-2]]:15: warning: expected ';' after expression
    // WARN: lowered-past.cu:[[@LINE-3]]:15: note: cdp-lower lowers past this error: no pass of nvcc compiles this template, since its host pass does not take this __CUDA_ARCH__ branch and its device pass compiles only the templates the file instantiates, which it does not; the lowered file keeps it as written
  }
  return result;
}

// A template parameter that shadows another: nvcc's front end warns
// (#497-D) and reads the inner one, as clang's recovery does. (GCC refuses
// it, so only the device pass has it here; MSVC accepts it.)
template <class T> struct Scaled {
  T factor;
  template <class T> __device__ T apply(T x) const { return x * (T)factor; }
  // WARN: lowered-past.cu:[[@LINE-1]]:19: warning: declaration of 'T' shadows template parameter
  // WARN: lowered-past.cu:[[@LINE-4]]:17: note: template parameter is declared here
  // WARN: lowered-past.cu:[[@LINE-3]]:19: note: nvcc's own front end reports this as a warning (#497-D) and, as clang does here, reads the inner parameter where the name is used: cdp-lower lowers past this error and keeps the code as written, for nvcc's host compiler to judge (MSVC accepts it, GCC does not)
};
__device__ int scaledThree() { return Scaled<float>{2.5f}.apply(3); }

#ifdef BROKEN
// Instantiated: the device pass compiles it, and reports the error.
template <class T> __device__ T roundUp(T x) {
  T result = x
  // BROKEN: lowered-past.cu:[[@LINE-1]]:15: error: expected ';' at end of declaration
  return result;
}
__device__ int roundedUp = roundUp(1);
#endif

#ifdef SPECIALIZED
// An execution space given again: nvcc lets a __device__ specialization of
// a constexpr template (clang's __host__ __device__) stand.
template <> __device__ constexpr unsigned leadingZeros<int>(int x) {
  return __clz(x);
}
// SPECIALIZED: lowered-past.cu:[[@LINE-3]]:43: warning: no function template matches function template specialization 'leadingZeros'
// SPECIALIZED: lowered-past.cu:{{[0-9]+}}:39: note: candidate template ignored: target attributes do not match
// SPECIALIZED: lowered-past.cu:[[@LINE-5]]:43: note: nvcc accepts a __device__ declaration of a constexpr function, which clang makes __host__ __device__: cdp-lower lowers past this error and keeps the code as written, but does not transform the file's launches, since its parse of the device code is not nvcc's
#endif
#endif

#ifdef BROKEN
// Outside the device's own branches nvcc's host pass reads the template,
// instantiated or not, and reports the error.
template <class T> __device__ T roundToZero(T x) {
  T result = x
  // BROKEN: lowered-past.cu:[[@LINE-1]]:15: error: expected ';' at end of declaration
  return result;
}
#endif

__global__ void child(int *out, unsigned zeros) { out[threadIdx.x] = zeros; }

__global__ void parent(int *out) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(out + 32 * threadIdx.x,
                                                 leadingZeros(threadIdx.x));
  // AGGREGATED: cdp::aggregated::byWarp(child_aggregated, {1, 32, 0, cudaStreamFireAndForget}, out + 32 * threadIdx.x,
  // LOWERED: cdp::DeviceLaunch<void(int *, unsigned int)>(child, {1, 32, 0, cudaStreamFireAndForget})
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * 32 * sizeof(int));
  parent<<<1, 32>>>(out);
  int first;
  cudaMemcpy(&first, out + 32, sizeof first, cudaMemcpyDeviceToHost);
  std::printf("%d %d\n", first, hasStream({}) + firstOf(1));
  return 0;
}
