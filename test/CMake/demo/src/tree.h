#pragma once
// Beside the sources: the lowered copies still find it.

constexpr int kTreeDepth = 4;
/// Nodes of a binary tree of that depth: each one adds 1.
constexpr int kTreeNodes = (2 << kTreeDepth) - 1;

__global__ void root(int *sum, int *seen);
