# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Finds LLVM/Clang 22 (Debian's llvm-22-dev, libclang-22-dev,
# libclang-cpp22-dev) and sets the flags every target of ours compiles with.
# Override with -DLLVM_DIR=<prefix>/lib/cmake/llvm.
find_package(LLVM REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/llvm)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "cdp-lower needs LLVM 22, found ${LLVM_PACKAGE_VERSION} "
    "at ${LLVM_DIR}; pass -DLLVM_DIR=<llvm-22>/lib/cmake/llvm")
endif()
find_package(Clang REQUIRED CONFIG HINTS "${LLVM_DIR}/../clang")
message(STATUS "cdp-lower: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}")

# Tests and the tool need the clang of the same release: its resource
# directory holds the CUDA wrapper headers that a CUDA parse includes.
find_program(CDP_CLANG clang++ HINTS "${LLVM_TOOLS_BINARY_DIR}" NO_DEFAULT_PATH)
execute_process(COMMAND "${CDP_CLANG}" -print-resource-dir
  OUTPUT_VARIABLE CDP_CLANG_RESOURCE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT CDP_CLANG_RESOURCE_DIR)
  message(FATAL_ERROR "cannot ask ${CDP_CLANG} for its resource directory")
endif()

separate_arguments(CDP_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")

# Our own code is warning-clean under -Wall -Wextra; CI makes that an error
# (-DCDP_WERROR=ON). Assertions stay on even in Release builds, so the tests
# run them (Debian's LLVM is built without, and its headers do not change
# layout with NDEBUG: that is LLVM_ENABLE_ABI_BREAKING_CHECKS, fixed at its
# build).
option(CDP_WERROR "Treat warnings in cdp-lower's own code as errors" OFF)
option(CDP_ASSERTIONS "Keep assert() in cdp-lower's own code" ON)
add_compile_options(-Wall -Wextra)
if(CDP_WERROR)
  add_compile_options(-Werror)
endif()
if(CDP_ASSERTIONS)
  add_compile_options(-UNDEBUG)
endif()

# Applies LLVM's include paths, definitions and RTTI setting to a target.
function(cdp_use_llvm target)
  target_include_directories(${target} SYSTEM PUBLIC
    ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PUBLIC ${CDP_LLVM_DEFINITIONS})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PUBLIC -fno-rtti)
  endif()
endfunction()
