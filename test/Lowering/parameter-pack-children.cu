// RUN: %cdp-lower %s -o %t.cu 2>&1 | count 0
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARP --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COARSE --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %cdp-lower --optimize %s -o %t.optimize.cu 2>&1 | count 0
// RUN: %nvcc-rdc -c %t.optimize.cu -o %t.optimize.o
//
// A kernel template with a function parameter pack: the lowering packs its
// arguments as any others', but the transforms' copies of a child write one
// parameter per parameter as written (`Ts ts...` read as C's ellipsis, the
// pack passed unexpanded), so they leave its launches to the lowering and
// say why.

template <class... Ts> __global__ void variadic(int *p, Ts... ts) {
  p[threadIdx.x] = sizeof...(Ts) * 10 + (int(ts) + ... + 0);
}
template <class... Ts> __global__ void byReference(int *p, const Ts &...ts) {
  p[threadIdx.x] = (int(ts) + ... + 0);
}
__device__ int first = 5, second = 7;

__global__ void parent(int *p) {
  const int t = threadIdx.x;
  // WARP: parameter-pack-children.cu:[[@LINE+3]]:3: warning: launch of 'variadic<int, double, char>' is not aggregated by warp, only lowered: 'variadic<int, double, char>' takes a function parameter pack ('ts'), which the copies of a child do not pass on yet{{$}}
  // THRESH: parameter-pack-children.cu:[[@LINE+2]]:3: warning: launch of 'variadic<int, double, char>' always launches a grid under --threshold, even a small one: 'variadic<int, double, char>' takes a function parameter pack ('ts'), which the copies of a child do not pass on yet{{$}}
  // COARSE: parameter-pack-children.cu:[[@LINE+1]]:3: warning: launch of 'variadic<int, double, char>' keeps one block per block asked for under --coarsen: 'variadic<int, double, char>' takes a function parameter pack ('ts'), which the copies of a child do not pass on yet{{$}}
  variadic<<<1, 4, 0, cudaStreamFireAndForget>>>(p + 8 * t, t, 2.0, 'c');
  // WARP: parameter-pack-children.cu:[[@LINE+3]]:3: warning: launch of 'variadic<int, char>' is not aggregated by warp{{.*}}
  // THRESH: parameter-pack-children.cu:[[@LINE+2]]:3: warning: launch of 'variadic<int, char>' always launches a grid{{.*}}
  // COARSE: parameter-pack-children.cu:[[@LINE+1]]:3: warning: launch of 'variadic<int, char>' keeps one block{{.*}}
  variadic<int, char><<<1, 4, 0, cudaStreamFireAndForget>>>(p + 8 * t + 4, t, 'd');
  // WARP: parameter-pack-children.cu:[[@LINE+3]]:3: warning: launch of 'byReference<int, int>' is not aggregated by warp{{.*}}
  // THRESH: parameter-pack-children.cu:[[@LINE+2]]:3: warning: launch of 'byReference<int, int>' always launches a grid{{.*}}
  // COARSE: parameter-pack-children.cu:[[@LINE+1]]:3: warning: launch of 'byReference<int, int>' keeps one block{{.*}}
  byReference<<<1, 2, 0, cudaStreamFireAndForget>>>(p + 256 + 2 * t, first, second);
}
