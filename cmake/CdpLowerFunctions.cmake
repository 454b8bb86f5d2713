# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# cdp_lower_target(<target> [HEADER_FILTER <regex>] [OPTIONS <tool option>...])
#
#   Builds <target>'s CUDA sources through cdp-lower. Each one is lowered
#   into <target's binary dir>/cdp-lowered/<target>/ by a custom command
#   with a dependency file, so that editing the source or any header it
#   includes lowers it again, and the target compiles the lowered copy.
#   The parse takes the target's include directories, compile definitions,
#   CUDA_ARCHITECTURES (one parse each) and CUDA_STANDARD, so call this
#   after setting them. Headers that HEADER_FILTER selects are lowered into
#   copies beside the lowered sources. The sources' directories stay on the
#   include path; relocatable device code, cudadevrt and the runtime headers
#   are set up.
#
# cdp_checks_plugin(<target> [OPTIONS <check control>...])
#
#   Runs the checks inside clang's compiles of <target>'s sources: its CUDA
#   sources when clang 22 is the CUDA compiler, and its C++ sources when
#   clang 22 is the C++ compiler (CUDA sources compiled as C++ with -xcuda).
#   Check controls are the tool's -W flags: OPTIONS -Wno-error=cdp-local-pointer.

include_guard(GLOBAL)

# The clang spelling of each entry of a CUDA_ARCHITECTURES list: 80-real or
# 80-virtual or 80 -> --cuda-gpu-arch=sm_80, and the PTX that 80 and
# 80-virtual embed -> --cuda-include-ptx=sm_80 (GPUs newer than every
# architecture JIT-compile the newest PTX, which the PDL checks look at);
# all, all-major, native and OFF name none (the tool's default applies).
function(_cdp_lower_arch_flags out archs)
  set(flags)
  foreach(arch IN LISTS archs)
    string(REGEX MATCH "^([0-9]+[af]?)(-real|-virtual)?$" match "${arch}")
    if(match)
      list(APPEND flags "--cuda-gpu-arch=sm_${CMAKE_MATCH_1}")
      if(NOT CMAKE_MATCH_2 STREQUAL "-real")
        list(APPEND flags "--cuda-include-ptx=sm_${CMAKE_MATCH_1}")
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES flags)
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

function(cdp_lower_target target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "HEADER_FILTER" "OPTIONS")
  if(NOT TARGET ${target})
    message(FATAL_ERROR "cdp_lower_target: no target named '${target}'")
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  get_target_property(archs ${target} CUDA_ARCHITECTURES)
  get_target_property(standard ${target} CUDA_STANDARD)
  _cdp_lower_arch_flags(arch_flags "${archs}")
  set(parse_flags ${arch_flags})
  if(standard)
    list(APPEND parse_flags "-std=c++${standard}")
  endif()
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  list(APPEND parse_flags
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>"
    "$<$<BOOL:${defines}>:-D$<JOIN:${defines},$<SEMICOLON>-D>>")
  set(tool_options ${ARG_OPTIONS})
  if(DEFINED ARG_HEADER_FILTER)
    list(APPEND tool_options "--header-filter=${ARG_HEADER_FILTER}")
  endif()

  set(out_root "${binary_dir}/cdp-lowered/${target}")
  set(lowered_sources)
  set(source_dirs)
  foreach(source IN LISTS sources)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    get_source_file_property(language "${path}" LANGUAGE)
    get_filename_component(extension "${path}" LAST_EXT)
    if(NOT (extension STREQUAL ".cu" OR language STREQUAL "CUDA"))
      list(APPEND lowered_sources "${source}")
      continue()
    endif()
    file(RELATIVE_PATH relative "${source_dir}" "${path}")
    string(REPLACE "../" "__/" relative "${relative}")
    set(output "${out_root}/${relative}")
    if(NOT extension STREQUAL ".cu")
      string(APPEND output ".cu")
    endif()
    add_custom_command(
      OUTPUT "${output}"
      COMMAND cdp-lower::cdp-lower "${path}" -o "${output}"
              --depfile "${output}.d" ${tool_options} -- ${parse_flags}
      DEPENDS "${path}" "$<TARGET_FILE:cdp-lower::cdp-lower>"
      DEPFILE "${output}.d"
      COMMENT "Lowering the device-side launches of ${relative}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND lowered_sources "${output}")
    get_filename_component(directory "${path}" DIRECTORY)
    list(APPEND source_dirs "${directory}")
  endforeach()
  list(REMOVE_DUPLICATES source_dirs)

  # Called from another directory than the target's (to leave a third-party
  # CMakeLists.txt as it is): the custom commands live here, so a target
  # of this directory builds them, the target waits for it, and the
  # target's directory is told that the lowered files are generated.
  if(NOT source_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    set(generated ${lowered_sources})
    list(FILTER generated INCLUDE REGEX "^${out_root}/")
    add_custom_target(${target}_cdp_lowered DEPENDS ${generated})
    add_dependencies(${target} ${target}_cdp_lowered)
    set_source_files_properties(${generated} TARGET_DIRECTORY ${target}
      PROPERTIES GENERATED TRUE)
  endif()

  set_property(TARGET ${target} PROPERTY SOURCES ${lowered_sources})
  # `#include "x.h"` beside the original source still finds x.h.
  target_include_directories(${target} PRIVATE ${source_dirs})
  set_target_properties(${target} PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
  _cdp_lower_cudadevrt(cudadevrt)
  target_link_libraries(${target} PRIVATE cdp-lower::runtime ${cudadevrt})
endfunction()

# The device runtime library: CUDA::cudadevrt where FindCUDAToolkit defines
# it (CMake 3.26 on), else the library file it found.
function(_cdp_lower_cudadevrt out)
  if(NOT TARGET CUDA::cudart)
    find_package(CUDAToolkit REQUIRED)
  endif()
  if(TARGET CUDA::cudadevrt)
    set(${out} CUDA::cudadevrt PARENT_SCOPE)
    return()
  endif()
  find_library(CDP_LOWER_CUDADEVRT cudadevrt
    HINTS "${CUDAToolkit_LIBRARY_DIR}" REQUIRED)
  set(${out} "${CDP_LOWER_CUDADEVRT}" PARENT_SCOPE)
endfunction()

function(cdp_checks_plugin target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "OPTIONS")
  if(NOT CMAKE_CUDA_COMPILER_ID STREQUAL "Clang" AND
     NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(cuda_compiler "there is no CUDA compiler (no CUDA language)")
    if(CMAKE_CUDA_COMPILER_ID)
      set(cuda_compiler "the CUDA compiler is ${CMAKE_CUDA_COMPILER_ID}")
    endif()
    message(FATAL_ERROR "cdp_checks_plugin(${target}): the plugin runs "
      "inside clang, but ${cuda_compiler} "
      "and the C++ compiler is ${CMAKE_CXX_COMPILER_ID} (configure with "
      "-DCMAKE_CUDA_COMPILER=clang++-22 or -DCMAKE_CXX_COMPILER=clang++-22, "
      "or check with cdp_lower_target in an nvcc build)")
  endif()
  set(options "-fplugin=$<TARGET_FILE:cdp-lower::CdpChecks>")
  foreach(option IN LISTS ARG_OPTIONS)
    string(REGEX REPLACE "^-" "" option "${option}")
    list(APPEND options "-fplugin-arg-cdp-${option}")
  endforeach()
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANG_AND_ID:CUDA,Clang>:${options}>"
    "$<$<COMPILE_LANG_AND_ID:CXX,Clang>:${options}>")
endfunction()
