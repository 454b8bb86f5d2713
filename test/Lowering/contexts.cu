// RUN: cd %S && %cdp-lower contexts.cu -o %t.cu
// RUN: diff -u %S/Expected/contexts.cu %t.cu
// RUN: %nvcc-rdc --extended-lambda -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// A lowered launch is a void expression: it stands wherever <<<>>> can,
// including unbraced bodies, comma and conditional operands, macro
// arguments and lambdas in device code.

#define CHECKED(...) __VA_ARGS__
#define TWICE(...) do { __VA_ARGS__; __VA_ARGS__; } while (0)

__global__ void child(int value) {}

__device__ void fromDeviceFunction(int n) { child<<<1, 1>>>(n); }

__global__ void parent(int n) {
  if (n > 0)
    child<<<1, 1>>>(n);
  else
    child<<<1, 1>>>(-n);
  for (int i = 0; i < n; ++i)
    child<<<1, 1>>>(i);
  while (n-- > 3)
    child<<<1, 1>>>(n);
  (child<<<1, 1>>>(1), child<<<1, 1>>>(2));
  n ? child<<<1, 1>>>(3) : child<<<1, 1>>>(4);
  CHECKED(child<<<1, 1>>>(5));
  TWICE(child<<<1, 1>>>(6));
  auto launcher = [&](int v) { child<<<1, 1>>>(v + n); };
  launcher(7);
  auto explicitDevice = [] __device__(int v) { child<<<1, 1>>>(v); };
  explicitDevice(8);
  fromDeviceFunction(n);
}

// Host code keeps its launches: the host runtime handles them.
void host(int n) {
  child<<<1, 1>>>(n);
  auto hostLambda = [](int v) { child<<<1, 1>>>(v); };
  hostLambda(n);
}
