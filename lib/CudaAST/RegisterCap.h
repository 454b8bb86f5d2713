//===- RegisterCap.h - A kernel's __maxnreg__, which clang drops -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc's `__maxnreg__(N)` caps a kernel's registers; clang does not know
// the attribute and leaves it out of the AST (with -Wunknown-attributes).
// nvcc refuses it together with `__launch_bounds__`, so the lowering, which
// bounds the kernels it makes aggregate, must see it in the text.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_REGISTERCAP_H
#define CDP_LOWER_CUDAAST_REGISTERCAP_H

#include <optional>
#include <string>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cdp {

/// `__maxnreg__(...)` as written before the name in a declaration of
/// \p Kernel (any of them), or nothing. Spelt through a macro of the
/// user's, it is not seen.
std::optional<std::string>
writtenRegisterCap(const clang::FunctionDecl &Kernel);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_REGISTERCAP_H
