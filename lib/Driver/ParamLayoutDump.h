//===- ParamLayoutDump.h - --print-param-layout -----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Prints the parameter-buffer layout lib/ParamLayout computes for every
// kernel of the main file (in namespaces, anonymous ones too, and every
// instantiation of a kernel template), one line each per architecture of
// the command line (sm_90 when it names none):
//
//   kernel <qualified name> sm_<XY> size=<bytes> align=<bytes> offsets=<o0>,...
//   kernel <qualified name> sm_<XY> layout=nvcc|unknown (why)
//
// Sizes and alignments do not depend on the architecture; where parameters
// are aligned from does. test/fuzz/layout_fuzz.py compares these lines with
// the offsets ptxas records in the cubin nvcc builds for the same file.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_PARAMLAYOUTDUMP_H
#define CDP_LOWER_DRIVER_PARAMLAYOUTDUMP_H

#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace cdp {

class ParamLayoutDumpAction : public clang::ASTFrontendAction {
public:
  /// \p Archs is read when the file is parsed: the driver fills it from
  /// the file's command line.
  ParamLayoutDumpAction(llvm::raw_ostream &Out,
                        const std::vector<unsigned> &Archs)
      : Out(Out), Archs(Archs) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;

private:
  llvm::raw_ostream &Out;
  const std::vector<unsigned> &Archs;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_PARAMLAYOUTDUMP_H
