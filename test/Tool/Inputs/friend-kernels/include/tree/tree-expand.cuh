template <class T> __device__ void Tree<T>::expand(int node) {
  visit<<<1, 2, 0, cudaStreamFireAndForget>>>(this, node);
}
