// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// nvcc includes <time.h>, <string.h> and <stdlib.h> into every CUDA file
// (crt/common_functions.h), and programs rely on it: `srand(time(NULL))`
// with no #include at all. clang's CUDA headers include the last two
// only, so the tool's parse includes <time.h> itself (nvcc-compat.h,
// parse only).

__global__ void child(int *p) { p[0] = (int)clock(); }

__global__ void parent(int *p) {
  child<<<1, 1>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 1}).arg<0>(p).launch();
}

int seconds() {
  srand((unsigned)time(NULL));
  clock_t start = clock();
  char *text = (char *)malloc(4);
  memset(text, 0, 4);
  int elapsed = (int)(clock() - start + strlen(text));
  free(text);
  return elapsed + rand() % 2;
}
