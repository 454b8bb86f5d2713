// Each refusal names the condition that fails, at the line that makes it
// fail, and leaves the file as it was.
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DRESULT_USED 2>&1 | FileCheck %s --check-prefix=RESULT_USED
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DTESTED_IN_IF 2>&1 | FileCheck %s --check-prefix=TESTED_IN_IF
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DDEVICE_FUNCTION 2>&1 | FileCheck %s --check-prefix=DEVICE_FUNCTION
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DIN_MACRO 2>&1 | FileCheck %s --check-prefix=IN_MACRO
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DIN_ASSERT 2>&1 | FileCheck %s --check-prefix=IN_ASSERT
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DTEMPLATE 2>&1 | FileCheck %s --check-prefix=TEMPLATE
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DSWITCH 2>&1 | FileCheck %s --check-prefix=SWITCH
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DCONTINUE 2>&1 | FileCheck %s --check-prefix=CONTINUE
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DARRAY 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DSTREAM 2>&1 | FileCheck %s --check-prefix=STREAM
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DEVENT_ALIAS 2>&1 | FileCheck %s --check-prefix=EVENT_ALIAS
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DSHARED 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DPER_THREAD 2>&1 | FileCheck %s --check-prefix=PER_THREAD
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DRETURN 2>&1 | FileCheck %s --check-prefix=RETURN
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DNESTED 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DPARAMETER 2>&1 | FileCheck %s --check-prefix=PARAMETER
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DDYNAMIC_SHARED 2>&1 | FileCheck %s --check-prefix=DYNAMIC_SHARED
// RUN: not %cdp-lower --migrate-cdp1 %s -- -DLOOP 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: cp %s %t.cu && not %cdp-lower --migrate-cdp1 --fix %t.cu -- -DARRAY 2>/dev/null && cmp %s %t.cu

__global__ void child(int *p) { *p = 1; }

#ifdef RESULT_USED
__global__ void parent(int *p) {
  child<<<1, 1>>>(p);
  if (cudaDeviceSynchronize() != cudaSuccess)
    *p = -1;
}
// RESULT_USED: error-refusals.cu:[[@LINE-3]]:7: error: cannot migrate this cudaDeviceSynchronize() to CDP2: its result is used here; a result is migrated only where an 'if' without an else tests it against cudaSuccess and its branch returns{{$}}
// RESULT_USED: note: write 'if (cudaDeviceSynchronize() != cudaSuccess) { ...; return; }', or call it as a statement of its own (a child's own error reaches the host, not the parent, in CDP1 too)
// RESULT_USED: cdp-lower: error: '{{.*}}error-refusals.cu' was not migrated; it is left unchanged
#endif

#ifdef TESTED_IN_IF
__global__ void parent(int *p, int n) {
  if (n > 0) {
    child<<<1, 1>>>(p);
    if (cudaDeviceSynchronize() != cudaSuccess)
      return;
    p[blockIdx.x] += 1;
  }
}
// TESTED_IN_IF: error-refusals.cu:[[@LINE-5]]:9: error: cannot migrate this cudaDeviceSynchronize() to CDP2: its result is tested, and the code after it needs the whole grid (it reads blockIdx), so the continuation is launched after the 'if' around it, where the test cannot follow{{$}}
// TESTED_IN_IF: note: call it as a statement of its own
#endif

#ifdef DEVICE_FUNCTION
__device__ void waitForChildren() { cudaDeviceSynchronize(); }
// DEVICE_FUNCTION: error-refusals.cu:[[@LINE-1]]:37: error: cannot migrate this cudaDeviceSynchronize() to CDP2: it is in 'waitForChildren', which is not a kernel; the code after a synchronisation moves into a continuation kernel only from a kernel's own body{{$}}
// DEVICE_FUNCTION: note: write it in the kernel
#endif

#ifdef IN_MACRO
#define WAIT() cudaDeviceSynchronize()
__global__ void parent(int *p) {
  child<<<1, 1>>>(p);
  WAIT();
  *p += 1;
}
// IN_MACRO: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: it is written in a macro{{$}}
// IN_MACRO: note: expand the macro here
#endif

#ifdef IN_ASSERT
#include <cassert>
// An assertion that the wait succeeds migrates (result-tested.cu); one of
// another outcome asks for more than CDP2 tells a parent.
__global__ void parent(int *p) {
  child<<<1, 1>>>(p);
  assert(cudaDeviceSynchronize() != cudaErrorLaunchFailure);
  *p += 1;
}
// IN_ASSERT: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: it is written in a macro{{$}}
#endif

#ifdef TEMPLATE
template <class T> __global__ void parent(T *p) {
  child<<<1, 1>>>((int *)p);
  cudaDeviceSynchronize();
  *p += 1;
}
// TEMPLATE: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: kernel parent is a template, and its continuation would have to be one too{{$}}
// TEMPLATE: note: cdp-lower migrates non-template kernels only
#endif

#ifdef SWITCH
__global__ void parent(int *p, int mode) {
  switch (mode) {
  case 0:
    child<<<1, 1>>>(p);
    cudaDeviceSynchronize();
    *p += 1;
  }
}
// SWITCH: error-refusals.cu:[[@LINE-4]]:5: error: cannot migrate this cudaDeviceSynchronize() to CDP2: it lies in a 'switch' statement; the code after it is carried into a continuation only through blocks, if, for, while and do statements{{$}}
#endif

#ifdef CONTINUE
__global__ void parent(int *p, int n) {
  for (int i = 0; i < n; ++i) {
    child<<<1, 1>>>(p + i);
    cudaDeviceSynchronize();
    if (p[i] == 0)
      continue;
    p[i] += 1;
  }
}
// CONTINUE: error-refusals.cu:[[@LINE-6]]:5: error: cannot migrate this cudaDeviceSynchronize() to CDP2: the 'continue' after it leaves the loop around it, and in the continuation kernel the rest of that iteration no longer runs inside the loop{{$}}
// CONTINUE: note: make the iteration reach its end
#endif

#ifdef ARRAY
__global__ void parent(int *p) {
  int seen[2] = {p[0], p[1]};
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  p[2] = seen[0] + seen[1] + p[0];
}
// ARRAY: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: 'seen' is used after it, and an array cannot be passed to the continuation kernel{{$}}
// ARRAY: error-refusals.cu:[[@LINE-6]]:7: note: 'seen' declared here
#endif

#ifdef STREAM
__global__ void parent(int *p) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  child<<<1, 1, 0, stream>>>(p);
  cudaDeviceSynchronize();
  child<<<1, 1, 0, stream>>>(p + 1);
}
// STREAM: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: 'stream' is used after it, and a stream or event handle (valid only in the grid that created it) cannot be passed to the continuation kernel{{$}}
// STREAM: error-refusals.cu:[[@LINE-7]]:16: note: 'stream' declared here
#endif

#ifdef EVENT_ALIAS
// A handle under another name is still one.
typedef cudaEvent_t Marker;
__global__ void parent(int *p) {
  Marker done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  cudaEventRecord(done, 0);
}
// EVENT_ALIAS: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: 'done' is used after it, and a stream or event handle (valid only in the grid that created it) cannot be passed to the continuation kernel{{$}}
// EVENT_ALIAS: error-refusals.cu:[[@LINE-7]]:10: note: 'done' declared here
#endif

#ifdef SHARED
__global__ void parent(int *p) {
  __shared__ int first;
  if (threadIdx.x == 0) {
    first = *p;
    child<<<1, 1>>>(p);
    cudaDeviceSynchronize();
  }
  __syncthreads();
  p[threadIdx.x + 1] = first + *p;
}
// SHARED: error-refusals.cu:[[@LINE-5]]:5: error: cannot migrate this cudaDeviceSynchronize() to CDP2: __shared__ variable 'first' is used both before and after it; shared memory does not survive into the continuation kernel, which runs in new blocks{{$}}
// SHARED: error-refusals.cu:[[@LINE-10]]:18: note: 'first' declared here
#endif

#ifdef PER_THREAD
__global__ void parent(int *p) {
  int before = p[threadIdx.x];
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  __syncthreads();
  p[threadIdx.x] += before;
}
// PER_THREAD: error-refusals.cu:[[@LINE-4]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: 'before' is used after it, but its value may differ between threads and cannot be recomputed from the parameters and the thread's indices, and the code after it needs the whole grid (it calls __syncthreads()){{$}}
// PER_THREAD: note: the continuation can carry such a value only when each thread continues on its own
// PER_THREAD: error-refusals.cu:[[@LINE-8]]:7: note: 'before' declared here
#endif

#ifdef RETURN
__global__ void parent(int *p, int n) {
  if (threadIdx.x >= n)
    return;
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  p[threadIdx.x] += 1;
}
// RETURN: error-refusals.cu:[[@LINE-5]]:5: error: cannot migrate this cudaDeviceSynchronize() to CDP2: a thread may return before it while others go on, and the code after it needs the whole grid (it reads threadIdx){{$}}
// RETURN: note: make the return depend only on the kernel's parameters
#endif

#ifdef NESTED
__global__ void parent(int *p, int n) {
  if (n > 0) {
    if (threadIdx.x == 0) {
      child<<<1, 1>>>(p);
      cudaDeviceSynchronize();
      p[threadIdx.x] += 1;
    }
  }
}
// NESTED: error-refusals.cu:[[@LINE-5]]:7: error: cannot migrate this cudaDeviceSynchronize() to CDP2: the code after it needs the whole grid (it reads threadIdx), which a continuation gives only to a synchronisation written in the kernel's body or in an 'if' at its top level{{$}}
#endif

#ifdef PARAMETER
__global__ void parent(int *p, int n) {
  n += threadIdx.x;
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  p[threadIdx.x] = n;
}
// PARAMETER: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: parameter 'n' changes before it, and the code after it needs the whole grid (it reads threadIdx), whose threads may hold different values of it{{$}}
#endif

#ifdef DYNAMIC_SHARED
extern __shared__ int dynamic[];
__global__ void parent(int *p) {
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  dynamic[threadIdx.x] = *p;
}
// DYNAMIC_SHARED: error-refusals.cu:[[@LINE-3]]:3: error: cannot migrate this cudaDeviceSynchronize() to CDP2: the code after it uses dynamic shared memory ('dynamic'), whose size a continuation launch cannot know{{$}}
#endif

#ifdef LOOP
__global__ void parent(int *p, int n) {
  for (int i = 0; i < n; ++i) {
    child<<<1, 1>>>(p + i);
    cudaDeviceSynchronize();
    p[threadIdx.x] += p[i];
  }
}
// LOOP: error-refusals.cu:[[@LINE-4]]:5: error: cannot migrate this cudaDeviceSynchronize() to CDP2: the code after it needs the whole grid (it reads threadIdx) and lies in a loop; a continuation runs the grid once, not once per iteration{{$}}
#endif
