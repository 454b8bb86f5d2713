#include "tree/tree.cuh"

__global__ void grow(Tree<int> *tree) { tree->expand(threadIdx.x); }
