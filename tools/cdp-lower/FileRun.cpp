//===- FileRun.cpp - Run a frontend action on one input file --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include "clang/Basic/FileManager.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace clang;
using namespace clang::tooling;

namespace cdp {

bool runOnFile(const CompilationDatabase &Database, llvm::StringRef Input,
               const ArgumentsAdjuster &Adjuster,
               FrontendActionFactory &Factory) {
  llvm::SmallString<256> Path(Input);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Path)) {
    llvm::WithColor::error(llvm::errs(), "cdp-lower")
        << "'" << Input << "': " << EC.message() << "\n";
    return false;
  }
  std::vector<CompileCommand> Commands = Database.getCompileCommands(Path);
  if (Commands.empty()) {
    llvm::WithColor::error(llvm::errs(), "cdp-lower")
        << "no compile command for '" << Input << "'\n";
    return false;
  }
  // ClangTool's own adjustments (-c, -o and dependency files dropped), then
  // the tool's.
  ArgumentsAdjuster Adjust = combineAdjusters(
      combineAdjusters(getClangSyntaxOnlyAdjuster(),
                       combineAdjusters(getClangStripOutputAdjuster(),
                                        getClangStripDependencyFileAdjuster())),
      Adjuster);
  bool Succeeded = true;
  for (const CompileCommand &Command : Commands) {
    auto FS = llvm::vfs::createPhysicalFileSystem();
    if (!Command.Directory.empty())
      FS->setCurrentWorkingDirectory(Command.Directory);
    FileSystemOptions Options;
    Options.WorkingDir = Command.Directory;
    llvm::IntrusiveRefCntPtr<FileManager> Files(
        new FileManager(Options, std::move(FS)));
    ToolInvocation Invocation(Adjust(Command.CommandLine, Command.Filename),
                              &Factory, Files.get(),
                              std::make_shared<PCHContainerOperations>());
    Succeeded &= Invocation.run();
  }
  return Succeeded;
}

} // namespace cdp
