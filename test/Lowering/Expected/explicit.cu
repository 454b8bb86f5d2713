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

#include <cdp/launch.cuh>
#line 18 "explicit.cu"
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
  [&] {
    void (*cdp_kernel)(int *, char, double, ::Pair) = child;
    const dim3 cdp_grid = n;
    const dim3 cdp_block = 32;
    const unsigned cdp_shmem = 0;
    const cudaStream_t cdp_stream = stream;
    int *cdp_arg0 = out;
    char cdp_arg1 = 1;
    double cdp_arg2 = 0.0;
    ::Pair cdp_arg3 = Pair{0.f, 0.0};
    void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
    if (cdp_buffer) {
      char *cdp_params = static_cast<char *>(cdp_buffer);
      *reinterpret_cast<int **>(cdp_params + 0) = cdp_arg0;
      *reinterpret_cast<char *>(cdp_params + 8) = cdp_arg1;
      *reinterpret_cast<double *>(cdp_params + 16) = cdp_arg2;
      *reinterpret_cast<::Pair *>(cdp_params + 24) = cdp_arg3;
      cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
    }
  }();
#line 39
  if (n > 3)
    [&] {
      void (*cdp_kernel)(char, ::Wide) = wide;
      const dim3 cdp_grid = 1;
      const dim3 cdp_block = 1;
      const unsigned cdp_shmem = 0;
      const cudaStream_t cdp_stream = 0;
      char cdp_arg0 = 'x';
      ::Wide cdp_arg1 = Wide{3};
      void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
      if (cdp_buffer) {
        char *cdp_params = static_cast<char *>(cdp_buffer);
#if __CUDA_ARCH__ >= 1000
        *reinterpret_cast<char *>(cdp_params + 0) = cdp_arg0;
        *reinterpret_cast<::Wide *>(cdp_params + 32) = cdp_arg1;
#elif __CUDA_ARCH__ >= 900
        *reinterpret_cast<char *>(cdp_params + 0) = cdp_arg0;
        *reinterpret_cast<::Wide *>(cdp_params + 16) = cdp_arg1;
#else
        *reinterpret_cast<char *>(cdp_params + 0) = cdp_arg0;
        *reinterpret_cast<::Wide *>(cdp_params + 32) = cdp_arg1;
#endif
        cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
      }
    }();
#line 41 // a comment after the launch
  [&] {
    void (*cdp_kernel)() = noParameters;
    const dim3 cdp_grid = dim3(1, 2);
    const dim3 cdp_block = 1;
    const unsigned cdp_shmem = 0;
    const cudaStream_t cdp_stream = cudaStreamTailLaunch;
    void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
    if (cdp_buffer) {
      cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
    }
  }();
#line 42
  [&] {
    void (*cdp_kernel)(int, int) = withDefault;
    const dim3 cdp_grid = 1;
    const dim3 cdp_block = 1;
    const unsigned cdp_shmem = 0;
    const cudaStream_t cdp_stream = 0;
    int cdp_arg0 = n;
    int cdp_arg1 = 5;
    void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
    if (cdp_buffer) {
      char *cdp_params = static_cast<char *>(cdp_buffer);
      *reinterpret_cast<int *>(cdp_params + 0) = cdp_arg0;
      *reinterpret_cast<int *>(cdp_params + 4) = cdp_arg1;
      cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
    }
  }();
#line 43
  [&] {
    void (*cdp_kernel)(::Assigned) = assigned;
    const dim3 cdp_grid = 1;
    const dim3 cdp_block = 1;
    const unsigned cdp_shmem = 0;
    const cudaStream_t cdp_stream = 0;
    ::Assigned cdp_arg0 = Assigned{n};
    void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
    if (cdp_buffer) {
      char *cdp_params = static_cast<char *>(cdp_buffer);
      memcpy(cdp_params + 0, &cdp_arg0, sizeof cdp_arg0);
      cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
    }
  }();
#line 44
  int launched = ([&] {
    void (*cdp_kernel)(int *, char, double, ::Pair) = child;
    const dim3 cdp_grid = 1;
    const dim3 cdp_block = 1;
    const unsigned cdp_shmem = 0;
    const cudaStream_t cdp_stream = 0;
    int *cdp_arg0 = out;
    char cdp_arg1 = 2;
    double cdp_arg2 = 1.0;
    ::Pair cdp_arg3 = Pair{};
    void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);
    if (cdp_buffer) {
      char *cdp_params = static_cast<char *>(cdp_buffer);
      *reinterpret_cast<int **>(cdp_params + 0) = cdp_arg0;
      *reinterpret_cast<char *>(cdp_params + 8) = cdp_arg1;
      *reinterpret_cast<double *>(cdp_params + 16) = cdp_arg2;
      *reinterpret_cast<::Pair *>(cdp_params + 24) = cdp_arg3;
      cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
    }
  }(), 1);
}

template <class T> __global__ void templateParent(T value) {
  cdp::DeviceLaunch(generic<T>, {1, 1}).arg(value).launch();
}
template __global__ void templateParent<float>(float);
