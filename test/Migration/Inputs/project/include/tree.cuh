#pragma once
__global__ void sumTree(const int *in, int n, long long *out);
