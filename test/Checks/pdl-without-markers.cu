// RUN: not %cdp-lower --check-only %s -- -DTHROUGH_TEMPLATE > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=TEMPLATE --implicit-check-not='[-Wcdp'
// RUN: not %cdp-lower --check-only %s -- -DTHROUGH_C_API > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=CAPI --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -DTHROUGH_TEMPLATE %s \
// RUN:   2>&1 | FileCheck %s --check-prefix=TEMPLATE --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -DTHROUGH_C_API %s \
// RUN:   2>&1 | FileCheck %s --check-prefix=CAPI --implicit-check-not='[-Wcdp'
//
// PDL launches written by hand with the runtime API, in a file that never
// includes <cdp/pdl.cuh>. The search for PDL launches first asks whether
// the file can hold one at all (from name lookups, not a walk); it must say
// yes for each way of writing one, each alone in the file.

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

// TEMPLATE: pdl-without-markers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughTemplate' never calls{{.*}} [-Wcdp-pdl-missing-sync]
__global__ void throughTemplate(float *out) { out[0] = 2.0f; }

// CAPI: pdl-without-markers.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'throughCApi' never calls{{.*}} [-Wcdp-pdl-missing-sync]
__global__ void throughCApi(float *out) { out[0] = 3.0f; }

// The attribute is named in the function that launches: that is how the
// search tells a PDL launch from any other cudaLaunchKernelEx.
#define SERIALIZED_CONFIG(config, attribute, s)                                \
  cudaLaunchAttribute attribute[1];                                            \
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;        \
  attribute[0].val.programmaticStreamSerializationAllowed = 1;                 \
  cudaLaunchConfig_t config = {};                                              \
  config.gridDim = 1;                                                          \
  config.blockDim = 1;                                                         \
  config.stream = s;                                                           \
  config.attrs = attribute;                                                    \
  config.numAttrs = 1

#ifdef THROUGH_TEMPLATE
void launchThroughTemplate(float *a, cudaStream_t s) {
  SERIALIZED_CONFIG(config, attribute, s);
  primary<<<1, 1, 0, s>>>(a);
  // TEMPLATE: pdl-without-markers.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  cudaLaunchKernelEx(&config, throughTemplate, a);
}
#endif

#ifdef THROUGH_C_API
void launchThroughCApi(float *a, cudaStream_t s) {
  SERIALIZED_CONFIG(config, attribute, s);
  void *args[] = {&a};
  primary<<<1, 1, 0, s>>>(a);
  // CAPI: pdl-without-markers.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  cudaLaunchKernelExC(&config, (const void *)throughCApi, args);
}
#endif
