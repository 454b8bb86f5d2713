//===- ParamLayoutDump.h - --print-param-layout -----------------*- C++ -*-===//
//
// Prints the parameter-buffer layout lib/ParamLayout computes for every
// non-template kernel of the main file, one line each:
//
//   kernel <name> size=<bytes> align=<bytes> offsets=<o0>,<o1>,...
//
// The differential layout test compares these lines with the offsets ptxas
// records in the cubin nvcc builds for the same file.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_TOOLS_PARAMLAYOUTDUMP_H
#define CDP_LOWER_TOOLS_PARAMLAYOUTDUMP_H

#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/raw_ostream.h"

namespace cdp {

class ParamLayoutDumpAction : public clang::ASTFrontendAction {
public:
  explicit ParamLayoutDumpAction(llvm::raw_ostream &Out) : Out(Out) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;

private:
  llvm::raw_ostream &Out;
};

} // namespace cdp

#endif // CDP_LOWER_TOOLS_PARAMLAYOUTDUMP_H
