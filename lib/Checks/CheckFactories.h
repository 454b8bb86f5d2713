//===- CheckFactories.h - One constructor per check -------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each check lives in its own .cpp file and exposes only its factory here;
// Checks.def lists them, and CheckRegistry.cpp maps the `-W` names onto
// them.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKFACTORIES_H
#define CDP_LOWER_CHECKS_CHECKFACTORIES_H

#include "Checks/Check.h"

#include <memory>

namespace cdp {

using CheckFactory = std::unique_ptr<Check>(llvm::StringRef Name,
                                            CheckContext &Context);

#define CDP_CHECK(Name, Class, Level, Summary)                                 \
  CheckFactory create##Class##Check;
#include "Checks/Checks.def"

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKFACTORIES_H
