//===- FileRun.cpp - Run a frontend action on one input file --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/FileRun.h"

#include "Driver/CompileFlags.h"
#include "Driver/CudaWrapperOverlay.h"
#include "Driver/InferredCommands.h"
#include "Driver/NvccCommandLine.h"
#include "Driver/ParseOnlyHeaders.h"
#include "Driver/SpacedChevrons.h"
#include "Driver/SystemBodySkipping.h"

#include "clang/Basic/FileManager.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace clang;
using namespace clang::tooling;

namespace cdp {

/// \p Command with nvcc's flags read as clang's, for the parse of \p Input
/// (at \p InputPath, absolute); notes what was dropped.
static llvm::Expected<std::vector<std::string>>
clangCommandLine(const CompileCommand &Command, llvm::StringRef Input,
                 llvm::StringRef InputPath, llvm::raw_ostream &Notes,
                 bool NvccFlags) {
  if (!NvccFlags && !isNvccCommand(Command.CommandLine))
    return Command.CommandLine;
  llvm::Expected<ClangCommandLine> Translated =
      translateNvccCommand(Command.CommandLine, Command.Directory);
  if (!Translated)
    return Translated.takeError();
  if (!Translated->Unknown.empty())
    llvm::WithColor::note(Notes, "cdp-lower")
        << "'" << Input << "': ignoring nvcc flags that nvcc's manual does "
        << "not list: " << llvm::join(Translated->Unknown, " ") << "\n";
  if (!Translated->UnresolvedArchitectures.empty())
    llvm::WithColor::note(Notes, "cdp-lower")
        << "'" << Input << "': nvcc resolves GPU architecture '"
        << llvm::join(Translated->UnresolvedArchitectures, ",")
        << "' on the build machine; parsing for sm_90 (name the "
        << "architectures, or add --extra-arg=--cuda-gpu-arch=sm_XY)\n";
  // One nvcc command may compile several sources (`nvcc -rdc=true a.cu b.cu
  // -o app`); the parse of one reads that one alone, where clang's would
  // read the first.
  llvm::SmallString<256> Own(InputPath);
  llvm::sys::path::remove_dots(Own, /*remove_dot_dot=*/true);
  llvm::StringSet<> OtherSources;
  for (unsigned Position : Translated->CudaSourcePositions) {
    const std::string &Source = Command.CommandLine[Position];
    llvm::SmallString<256> Directory(Command.Directory), Absolute(Source);
    llvm::sys::fs::make_absolute(Directory); // "." for --nvcc-flags.
    llvm::sys::path::make_absolute(Directory, Absolute);
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    if (Absolute != Own)
      OtherSources.insert(Source);
  }
  std::vector<std::string> Arguments = std::move(Translated->Arguments);
  llvm::erase_if(Arguments, [&](const std::string &Argument) {
    return OtherSources.contains(Argument);
  });
  return Arguments;
}

llvm::Expected<std::vector<FileParse>>
parsesOf(const CompilationDatabase &Database, llvm::StringRef Input,
         const ArgumentsAdjuster &Adjuster, llvm::raw_ostream &Notes,
         bool NvccFlags) {
  llvm::SmallString<256> Path(Input);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Path))
    return llvm::createStringError(EC, "'" + Input + "': " + EC.message());
  std::vector<CompileCommand> Commands = Database.getCompileCommands(Path);
  if (Commands.empty())
    return llvm::createStringError("no compile command for '" + Input + "'");
  // ClangTool's own adjustments (-c, -o and dependency files dropped), then
  // the tool's.
  ArgumentsAdjuster Adjust = combineAdjusters(
      combineAdjusters(getClangSyntaxOnlyAdjuster(),
                       combineAdjusters(getClangStripOutputAdjuster(),
                                        getClangStripDependencyFileAdjuster())),
      Adjuster);
  std::vector<FileParse> Parses;
  for (const CompileCommand &Inferred : Commands) {
    const CompileCommand Command =
        nvccCommandForInferred(Database, Inferred, Path);
    // The parse runs where the build would; clang's header search crashes
    // on a working directory that is not there (and the build fails).
    if (!Command.Directory.empty() &&
        !llvm::sys::fs::is_directory(Command.Directory))
      return llvm::createStringError(
          "'" + Input + "': its compile command runs in '" + Command.Directory +
          "', which is not a directory");
    llvm::Expected<std::vector<std::string>> CommandLine =
        clangCommandLine(Command, Input, Path, Notes, NvccFlags);
    if (!CommandLine)
      return llvm::createStringError(
          "'" + Input + "': " + llvm::toString(CommandLine.takeError()));
    CommandLineArguments Adjusted = Adjust(*CommandLine, Command.Filename);
    unsigned PtxJit = ptxJitArchitecture(Adjusted);
    // What goes into the binary, which a parse does not make.
    llvm::erase_if(Adjusted, [](llvm::StringRef Arg) {
      return Arg.starts_with("--cuda-include-ptx=") ||
             Arg.starts_with("--no-cuda-include-ptx=");
    });
    for (std::vector<std::string> &OneArch : splitByGpuArchitecture(Adjusted))
      Parses.push_back({Command.Directory, std::move(OneArch), PtxJit});
  }
  return Parses;
}

bool runParse(const FileParse &Parse, FrontendActionFactory &Factory,
              ToolDiagnostics &Diagnostics,
              llvm::ArrayRef<SourceOverride> Overrides) {
  // nvcc's spaced chevrons and assembly templates in headers are read
  // respelled (an overridden file's by the caller).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      respellingForParse(llvm::vfs::createPhysicalFileSystem());
  // Files read from memory: the caller's overrides, clang's CUDA wrapper as
  // nvcc's, and the headers that only the tool's parses include.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const SourceOverride &Override : Overrides)
    Memory->addFile(
        Override.Path, 0,
        llvm::MemoryBuffer::getMemBufferCopy(Override.Text, Override.Path));
  if (const WrapperOverlay *Wrapper = cudaWrapperOverlay(Parse.CommandLine))
    Memory->addFile(
        Wrapper->Path, 0,
        llvm::MemoryBuffer::getMemBuffer(Wrapper->Text, Wrapper->Path));
  for (const ParseOnlyHeader &Header : parseOnlyHeaders()) {
    std::string Path = parseOnlyPath(Header.Name);
    Memory->addFile(Path, 0,
                    llvm::MemoryBuffer::getMemBuffer(Header.Text, Path));
  }
  Overlay->pushOverlay(Memory);
  FS = Overlay;
  if (!Parse.Directory.empty())
    FS->setCurrentWorkingDirectory(Parse.Directory);
  FileSystemOptions Options;
  Options.WorkingDir = Parse.Directory;
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(Options, std::move(FS)));
  std::unique_ptr<FrontendActionFactory> Skipping;
  if (Parse.SkipSystemBodies)
    Skipping = skippingSystemBodies(Factory);
  ToolInvocation Invocation(Parse.CommandLine,
                            Skipping ? Skipping.get() : &Factory, Files.get(),
                            std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Diagnostics);
  unsigned ErrorsBefore = Diagnostics.errorsReported();
  Diagnostics.clear(); // clang's "N errors generated" counts this parse.
  bool Ran = Invocation.run();
  return Ran && Diagnostics.errorsReported() == ErrorsBefore;
}

} // namespace cdp
