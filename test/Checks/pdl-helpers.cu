// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{[0-9]}}: {{error|warning}}:'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{[0-9]}}: {{error|warning}}:'
//
// Real projects (CUTLASS, FlashInfer, llama.cpp) set the programmatic
// attribute in a helper that receives the kernel as a parameter. The kernel
// is followed from the helper's cudaLaunchKernelEx back to the calls that
// name it. Twelve shapes: a template parameter, a function parameter,
// std::forward through a helper that passes it on, a generic lambda, a
// configuration built by one function and used by another, one passed in,
// an element of a parameter pack, a pack passed on whole, a local variable
// (FlashInfer), a kernel template named with the launching template's
// arguments (FlashInfer), the C launch of a `void const *` (CUTLASS), and
// a kernel chosen by a condition (each one it may be).
// Each kernel launched so is a PDL secondary, and the PDL checks look at
// it. (Each kernel's error comes with its launch's note, so the expected
// lines are matched in any order.)

#include <utility>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughTemplate' never calls cudaGridDependencySynchronize(){{.*}} [-Wcdp-pdl-missing-sync]
__global__ void throughTemplate(const float *in, float *out) { out[0] = in[0]; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughFunction' never calls
__global__ void throughFunction(const float *in, float *out) { out[0] = in[0]; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughForwarder' never calls
__global__ void throughForwarder(const float *in, float *out) { out[0] = in[0]; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughLambda' never calls
__global__ void throughLambda(const float *in, float *out) { out[0] = in[0]; }
__global__ void restricted(const float *__restrict__ in, float *out) {
  cudaGridDependencySynchronize();
  out[0] = in[0];
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:12: warning: load through '__restrict__' parameter 'in' in PDL secondary kernel 'restricted'{{.*}} [-Wcdp-pdl-restrict-load]
}
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'configBuiltElsewhere' never calls
__global__ void configBuiltElsewhere(float *out) { out[0] = 1.0f; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'configPassedIn' never calls
__global__ void configPassedIn(float *out) { out[0] = 2.0f; }
// Not reported: a configuration without the attribute.
__global__ void plainConfig(float *out) { out[0] = 3.0f; }
// Not reported: it waits.
__global__ void waits(const float *in, float *out) {
  cudaGridDependencySynchronize();
  out[0] = in[0];
}

template <class Kernel, class... Args>
void launchPdl(Kernel kernel, cudaStream_t s, Args &&...args) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = 1;
  config.blockDim = 32;
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...);
}

void launchPlain(void (*kernel)(const float *, float *), cudaStream_t s,
                 const float *in, float *out) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, kernel, in, out);
}

template <class Kernel>
void passOn(Kernel &&kernel, cudaStream_t s, float *in, float *out) {
  launchPdl(std::forward<Kernel>(kernel), s, (const float *)in, out);
}

// A configuration built in one function and used in another.
struct PdlConfig {
  cudaLaunchAttribute attribute[1];
  cudaLaunchConfig_t config;
};
PdlConfig serialized(cudaStream_t s) {
  PdlConfig Result = {};
  Result.attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  Result.attribute[0].val.programmaticStreamSerializationAllowed = 1;
  Result.config.stream = s;
  Result.config.attrs = Result.attribute;
  Result.config.numAttrs = 1;
  return Result;
}
cudaLaunchConfig_t plain(cudaStream_t s) {
  cudaLaunchConfig_t config = {};
  config.stream = s;
  return config;
}
void launchWith(const cudaLaunchConfig_t &config, float *out) {
  cudaLaunchKernelEx(&config, configPassedIn, out);
}

void run(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  launchPdl(throughTemplate, s, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  launchPlain(throughFunction, s, a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  passOn(throughForwarder, s, a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  auto launch = [&](auto kernel) {
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[0].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.stream = s;
    config.attrs = attribute;
    config.numAttrs = 1;
    cudaLaunchKernelEx(&config, kernel, (const float *)a, b);
  };
  launch(throughLambda);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  launchPdl(restricted, s, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  launchPdl(waits, s, (const float *)a, b);

  PdlConfig built = serialized(s);
  cudaLaunchKernelEx(&built.config, configBuiltElsewhere, b);
  cudaLaunchConfig_t other = plain(s);
  cudaLaunchKernelEx(&other, plainConfig, b);
}

void passIn(float *b, cudaStream_t s) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  launchWith(config, b);
}

// The kernel as an element of a parameter pack, forwarded whole
// (`launch(cfg, std::forward<Args>(args)...)`), and through a helper that
// passes its own pack on.
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughPack' never calls
__global__ void throughPack(const float *in, float *out) { out[0] = in[0]; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughPackOfPack' never calls
__global__ void throughPackOfPack(const float *in, float *out) {
  out[0] = in[0];
}
template <class... Args> void launchPacked(cudaStream_t s, Args &&...args) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, std::forward<Args>(args)...);
}
template <class... Args> void packOfPack(cudaStream_t s, Args &&...args) {
  launchPacked(s, std::forward<Args>(args)...);
}

// FlashInfer's shape: a local variable holds the kernel, a kernel template
// named with the launching template's arguments.
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughLocal' never calls
__global__ void throughLocal(const float *in, float *out) { out[0] = in[0]; }
template <int N>
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'dispatched<4>' never calls
__global__ void dispatched(const float *in, float *out) { out[N] = in[N]; }
template <int N> void launchDispatched(float *a, float *b, cudaStream_t s) {
  auto kernel = dispatched<N>;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, kernel, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
}

// CUTLASS's shape: the C launch of a `void const *` kernel, which the
// caller casts to it and keeps in a variable.
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughVoidPointer' never calls
__global__ void throughVoidPointer(const float *in, float *out) {
  out[0] = in[0];
}
void launchOnCluster(cudaStream_t s, void const *kernel, void **params) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelExC(&config, kernel, params);
}

// A kernel chosen by a condition: either may be the secondary.
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'chosenFast' never calls
__global__ void chosenFast(float *out) { out[0] = 1.0f; }
// CHECK-DAG: pdl-helpers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'chosenSlow' never calls
__global__ void chosenSlow(float *out) { out[0] = 2.0f; }

void moreShapes(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  launchPacked(s, throughPack, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  packOfPack(s, throughPackOfPack, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  launchDispatched<4>(a, b, s);
  void const *kernel = (void const *)throughVoidPointer;
  const float *in = a;
  void *params[] = {&in, &b};
  launchOnCluster(s, kernel, params);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  auto local = throughLocal;
  cudaLaunchKernelEx(&config, local, (const float *)a, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  auto chosen = s ? chosenFast : chosenSlow;
  cudaLaunchKernelEx(&config, chosen, b);
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-1]]:3: note: launched here as a PDL secondary
  // CHECK-DAG: pdl-helpers.cu:[[@LINE-2]]:3: note: launched here as a PDL secondary
}
