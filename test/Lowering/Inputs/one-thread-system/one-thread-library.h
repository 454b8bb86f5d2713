// A library's header, read as a system header (-isystem), whose device
// functions one-thread-of-block.cu calls.
#pragma once

__global__ void libraryChild(int *p) { p[threadIdx.x] = 2; }

namespace library {
__device__ inline void launch(int *p) { libraryChild<<<1, 32>>>(p); }
__device__ inline int twice(int v) { return 2 * v; }
} // namespace library

// Global functions, read: the first two call into a namespace's, which
// count as calls of the runtime unread.
__device__ inline void libraryLaunch(int *p) { library::launch(p); }
__device__ inline int libraryTwice(int v) { return library::twice(v); }
__device__ inline int libraryThrice(int v) { return 3 * v; }
