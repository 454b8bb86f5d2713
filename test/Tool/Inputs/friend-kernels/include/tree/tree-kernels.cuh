template <class T> __global__ void visit(Tree<T> *tree, int node) {
  const int child = node * 2 + 1 + threadIdx.x;
  if (child < 64)
    tree->nodes[child] += tree->nodes[node];
}
