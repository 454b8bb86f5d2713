//===- ChecksConsumer.h - The checks on one parse ---------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place the checks are set up and run, for the tool and the plugin
// alike: the levels (options file, compile line, the driver's own flags),
// what the preprocessor must record for them (skipped code, pragma regions,
// NOLINT comments), the matching over the user's declarations, and the
// unused-suppression warnings. The plugin returns this consumer; the tool
// puts it before its lowering, which then sees the checks' errors.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKSCONSUMER_H
#define CDP_LOWER_CHECKS_CHECKSCONSUMER_H

#include "Checks/CheckOptions.h"

#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace cdp {

class SkippedCode;

/// The checks for the translation unit \p CI is about to parse, under
/// \p DriverOptions (the flags given to the tool or the plugin itself), which
/// apply on top of the options file found from the file's directory and the
/// compile line's -W flags. They run when the parse ends, in a device
/// compilation only: the host one would repeat what the device ones report.
/// Also filters clang's "unknown warning option/group" for check names out
/// of \p CI's diagnostics. \p Skipped: what the preprocessor skips, when
/// the caller records it already (recording it is a walk over every
/// conditional of the headers); the consumer records it otherwise.
std::unique_ptr<clang::ASTConsumer>
createChecksConsumer(clang::CompilerInstance &CI,
                     const CheckOptions &DriverOptions,
                     const SkippedCode *Skipped = nullptr);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKSCONSUMER_H
