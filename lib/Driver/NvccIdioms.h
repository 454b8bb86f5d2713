//===- NvccIdioms.h - Code nvcc accepts and clang refuses -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Real CUDA code uses idioms of nvcc's front end that clang 22 refuses.
// Those clang can be made to accept are accepted before the parse
// (CompileFlags.cpp: `register`, thrust's device algorithms; the host
// min/max of nvcc-compat.h, ParseOnlyHeaders.h; SpacedChevrons.h;
// std::malloc in device code, CudaWrapperOverlay.h). Errors in code that
// nvcc builds and the device code cannot depend on are lowered past
// (NvccAcceptedErrors.h). For the rest, clang's error gets a note that
// names the idiom and a way to write it that both compilers accept
// (test/Idioms/).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_NVCCIDIOMS_H
#define CDP_LOWER_DRIVER_NVCCIDIOMS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class Diagnostic;
} // namespace clang

namespace cdp {

/// The note for clang's error \p Diag when it is one of nvcc's idioms.
std::optional<std::string> nvccIdiomNote(const clang::Diagnostic &Diag);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_NVCCIDIOMS_H
