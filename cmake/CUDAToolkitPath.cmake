# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The CUDA toolkit that cdp-lower parses against and that the tests compile
# lowered output with. Override with -DCDP_CUDA_PATH=<toolkit root>.
if(NOT CDP_CUDA_PATH)
  find_program(CDP_NVCC_PROBE nvcc HINTS ENV CUDA_PATH PATH_SUFFIXES bin
    PATHS /usr/local/cuda/bin)
  if(NOT CDP_NVCC_PROBE)
    message(FATAL_ERROR "nvcc not found: pass -DCDP_CUDA_PATH=<CUDA toolkit>")
  endif()
  get_filename_component(CDP_NVCC_BIN "${CDP_NVCC_PROBE}" REALPATH)
  get_filename_component(CDP_NVCC_BIN "${CDP_NVCC_BIN}" DIRECTORY)
  get_filename_component(CDP_CUDA_PATH "${CDP_NVCC_BIN}" DIRECTORY)
endif()
set(CDP_CUDA_PATH "${CDP_CUDA_PATH}" CACHE PATH "CUDA toolkit root")
set(CDP_NVCC "${CDP_CUDA_PATH}/bin/nvcc")
message(STATUS "cdp-lower: CUDA toolkit at ${CDP_CUDA_PATH}")
