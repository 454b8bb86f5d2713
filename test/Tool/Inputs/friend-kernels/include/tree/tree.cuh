#pragma once
// A class whose private nodes its kernels reach as friends, its kernels in
// a header of their own that launches nothing, and the launches in another
// (as static-priority-search-tree's StaticPSTGPU is laid out).
template <class T> class Tree;
template <class T> __global__ void visit(Tree<T> *tree, int node);

template <class T> class Tree {
public:
  __device__ void expand(int node);

private:
  T nodes[64];
  template <class U> friend __global__ void visit(Tree<U> *tree, int node);
};

#include "tree-kernels.cuh"
#include "tree-expand.cuh"
