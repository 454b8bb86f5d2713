// cdp-pdl-sync-compiled-out for PTX that GPUs from sm_90 on JIT-compile.
// The usual guard keeps the wait for sm_90 and later. A build whose newest
// PTX is for an older architecture runs that PTX on an sm_90+ GPU, with
// __CUDA_ARCH__ of the PTX: the wait is gone there, and the launch still
// overlaps (measured on an H200: test/gpu/ptx_jit).
//
// PTX for sm_80 and nothing newer, by clang's flags and by nvcc's (its
// -arch=sm_80 embeds compute_80 PTX, as does its default target, sm_75):
// RUN: not %cdp-lower --check-only %s -- --cuda-gpu-arch=sm_80 \
// RUN:     --cuda-include-ptx=sm_80 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not %cdp-lower --check-only --nvcc-flags %s -- -arch=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: not %cdp-lower --check-only --nvcc-flags %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM75
// SASS for sm_90 does not run on later major versions, which JIT-compile
// the newest PTX, still sm_80's:
// RUN: not %cdp-lower --check-only --nvcc-flags %s -- \
// RUN:     -gencode arch=compute_80,code=compute_80 \
// RUN:     -gencode arch=compute_90,code=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
// The plugin cannot see the build's other architectures: it is told.
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_80 \
// RUN:     -fplugin-arg-cdp-ptx-jit=sm_80 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
//
// Quiet: no PTX (clang's default, nvcc's code=sm_80), or newer PTX too.
// RUN: %cdp-lower --check-only %s -- --cuda-gpu-arch=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %cdp-lower --check-only --nvcc-flags %s -- \
// RUN:     -gencode arch=compute_80,code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %cdp-lower --check-only %s -- --cuda-gpu-arch=sm_80 \
// RUN:     --cuda-gpu-arch=sm_90 --cuda-include-ptx=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %cdp-lower --check-only --nvcc-flags %s -- \
// RUN:     -arch=compute_80 -code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_80 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_80 \
// RUN:     -fplugin-arg-cdp-ptx-jit=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{error|warning}}
//
// A bad plugin argument is an error.
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_80 \
// RUN:     -fplugin-arg-cdp-ptx-jit=80 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-ARG
// BAD-ARG: error: cdp plugin argument 'ptx-jit=80': expected ptx-jit=sm_XY, such as ptx-jit=sm_80

#include <cuda_runtime.h>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

__global__ void secondary(float *out, const float *in) {
  // SM80: pdl-sync-compiled-out-ptx-jit.cu:[[@LINE+6]]:3: error: the cudaGridDependencySynchronize() of PDL secondary kernel 'secondary' is compiled out for sm_80, whose PTX GPUs from sm_90 on JIT-compile without the wait and still run the launch as a programmatic dependent launch: there the kernel may read its primary's results before they are written [-Wcdp-pdl-sync-compiled-out]
  // SM80: pdl-sync-compiled-out-ptx-jit.cu:[[@LINE+4]]:1: note: removed by this preprocessor condition for sm_80
  // SM80: pdl-sync-compiled-out-ptx-jit.cu:[[@LINE+3]]:1: note: the build's newest PTX is for sm_80, where griddepcontrol does not assemble; embedding PTX for sm_90 as well (nvcc: -gencode arch=compute_90,code=compute_90) gives those GPUs the wait
  // SM75: pdl-sync-compiled-out-ptx-jit.cu:[[@LINE+3]]:3: error: {{.*}} 'secondary' is compiled out for sm_75, whose PTX GPUs from sm_90 on JIT-compile{{.*}}
  // SM75: note: the build's newest PTX is for sm_75,
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  out[threadIdx.x] = in[threadIdx.x];
}

void launch(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = 1;
  config.blockDim = 32;
  config.stream = s;
  config.attrs = &attribute;
  config.numAttrs = 1;
  // SM80: pdl-sync-compiled-out-ptx-jit.cu:[[@LINE+2]]:3: note: launched here as a PDL secondary
  // SM80-NOT: {{[0-9]}}: {{error|warning}}:
  cudaLaunchKernelEx(&config, secondary, b, (const float *)a);
}
