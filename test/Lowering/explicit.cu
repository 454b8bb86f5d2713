// RUN: cd %S && %cdp-lower --emit=explicit explicit.cu -o %t.cu
// RUN: diff -u %S/Expected/explicit.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %nvcc-rdc -arch=sm_100 -c %t.cu -o %t.sm100.o
// RUN: %cdp-lower --emit=explicit %t.cu | diff -u %t.cu -
//
// --emit=explicit: each launch whose parameters the tool knows is written
// as the device runtime's own calls, in a lambda called where the launch
// stood: the configuration and each argument initialise variables of the
// types `<<<>>>` converts them to, the V2 pair obtains and launches the
// buffer (it accepts every stream), and each parameter is one typed store
// at its offset. Offsets that differ between architectures (a parameter
// aligned above 16) get one branch per architecture family. A launch that
// is a statement is followed by `#line`, which numbers the next lines as
// in the input. A launch in a template keeps the runtime form, which lays
// out each instantiation.

struct Pair {
  float first;
  double second;
};
struct __align__(32) Wide {
  int value;
};
struct Assigned {
  int value;
  __device__ Assigned &operator=(const Assigned &) { return *this; }
};

__global__ void child(int *out, char tag, double scale, Pair pair) {}
__global__ void wide(char tag, Wide value) {}
__global__ void assigned(Assigned value) {}
__global__ void noParameters() {}
__global__ void withDefault(int a, int b = 5) {}
template <class T> __global__ void generic(T value) {}

__global__ void parent(int *out, int n, cudaStream_t stream) {
  child<<<n, 32, 0, stream>>>(out, 1, 0.0, Pair{0.f, 0.0});
  if (n > 3)
    wide<<<1, 1>>>('x', Wide{3}); // a comment after the launch
  noParameters<<<dim3(1, 2), 1, 0, cudaStreamTailLaunch>>>();
  withDefault<<<1, 1>>>(n);
  assigned<<<1, 1>>>(Assigned{n});
  int launched = (child<<<1, 1>>>(out, 2, 1.0, Pair{}), 1);
}

template <class T> __global__ void templateParent(T value) {
  generic<<<1, 1>>>(value);
}
template __global__ void templateParent<float>(float);
