// RUN: cd %S && %cdp-lower streams.cu -o %t.cu
// RUN: diff -u %S/Expected/streams.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Every kind of stream. The runtime picks the launch API from the stream's
// value (V1 for the null stream and created streams, V2 for the reserved
// handles), so a stream known only at run time is handled too.

#include <cdp/launch.cuh>
#line 10 "streams.cu"
__global__ void child(int v) {}

__global__ void parent(int v, cudaStream_t fromHost) {
  cudaStream_t created;
  cudaStreamCreateWithFlags(&created, cudaStreamNonBlocking);
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, 0}).arg<0>(v).launch();
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, NULL}).arg<0>(v).launch();
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, nullptr}).arg<0>(v).launch();
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, created}).arg<0>(v).launch();
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, cudaStreamPerThread})
      .arg<0>(v)
      .launch();
#line 20
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, cudaStreamTailLaunch})
      .arg<0>(v)
      .launch();
#line 21
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, cudaStreamFireAndForget})
      .arg<0>(v)
      .launch();
#line 22
  cdp::DeviceLaunch<void(int)>(child, {1, 1, 0, v ? cudaStreamTailLaunch : fromHost})
      .arg<0>(v)
      .launch();
#line 23
  cudaStreamDestroy(created);
}
