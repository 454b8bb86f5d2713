// RUN: cd %S && %cdp-lower streams.cu -o %t.cu
// RUN: diff -u %S/Expected/streams.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Every kind of stream. The runtime picks the launch API from the stream's
// value (V1 for the null stream and created streams, V2 for the reserved
// handles), so a stream known only at run time is handled too.

__global__ void child(int v) {}

__global__ void parent(int v, cudaStream_t fromHost) {
  cudaStream_t created;
  cudaStreamCreateWithFlags(&created, cudaStreamNonBlocking);
  child<<<1, 1, 0, 0>>>(v);
  child<<<1, 1, 0, NULL>>>(v);
  child<<<1, 1, 0, nullptr>>>(v);
  child<<<1, 1, 0, created>>>(v);
  child<<<1, 1, 0, cudaStreamPerThread>>>(v);
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(v);
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(v);
  child<<<1, 1, 0, v ? cudaStreamTailLaunch : fromHost>>>(v);
  cudaStreamDestroy(created);
}
