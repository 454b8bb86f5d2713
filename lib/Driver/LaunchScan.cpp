//===- LaunchScan.cpp - Proving what a file needs of the tool -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#include "Driver/LaunchScan.h"

#include "Driver/ActionFactory.h"
#include "Driver/FilesRead.h"

#include "Lowering/SelectedHeaders.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace cdp {
namespace {

/// The names a check, the migration or the lowering starts from, apart
/// from `<<<`: the device runtime's launch, stream and copy API (which the
/// pointer and stream checks read), CDP1's synchronisation and cudaThread*
/// API. A host-only function called from device code is left to nvcc,
/// which refuses it too.
bool namesWhatTheToolReads(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "cudaDeviceSynchronize",
      "cudaGetParameterBuffer",
      "cudaGetParameterBufferV2",
      "cudaLaunchDevice",
      "cudaLaunchDeviceV2",
      "cudaStreamTailLaunch",
      "cudaStreamFireAndForget",
      "cudaStreamGraphTailLaunch",
      "cudaStreamGraphFireAndForget",
      "cudaStreamGraphFireAndForgetAsSibling",
      "cudaLimitDevRuntimeSyncDepth",
      "cudaStreamCreate",
      "cudaStreamCreateWithFlags",
      "cudaStreamCreateWithPriority",
      "cudaStreamWaitEvent",
      "cudaEventCreate",
      "cudaEventCreateWithFlags",
      "cudaEventRecord",
      "cudaEventRecordWithFlags",
      "cudaMemcpyAsync",
      "cudaMemcpy2DAsync",
      "cudaMemcpy3DAsync",
      "cudaMemsetAsync",
      "cudaMemset2DAsync",
      "cudaMemset3DAsync",
  };
  return Names.contains(Name) || Name.starts_with("cudaThread");
}

/// Names whose code differs between architectures: __CUDA_ARCH__ and its
/// kin, nv/target's selection macros, and PDL's API (griddepcontrol exists
/// from sm_90 on, and the PDL checks are about architectures).
/// Names whose code is compiled differently for some architectures.
bool namesAnArchitecture(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "NV_IF_TARGET",
      "NV_IF_ELSE_TARGET",
      "NV_DISPATCH_TARGET",
  };
  return Names.contains(Name) || Name.starts_with("__CUDA_ARCH");
}

/// PDL's names: its checks are about architectures, and they follow a
/// kernel's calls into the CUDA headers' wrappers.
bool namesPdl(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "cudaGridDependencySynchronize",
      "cudaTriggerProgrammaticLaunchCompletion",
      "cudaLaunchKernelEx",
      "cudaLaunchKernelExC",
      "cudaLaunchAttributeProgrammaticStreamSerialization",
      "cudaLaunchAttributeProgrammaticEvent",
      "pdl", // <cdp/pdl.cuh>'s markers' namespace.
  };
  return Names.contains(Name);
}

/// What the tool needs of \p Text: one file, lexed raw, so every branch of
/// its conditionals and its macro definitions count. Its Files are left to
/// the caller.
LaunchScan scanOf(StringRef Text, const LangOptions &LangOpts) {
  Lexer Raw(SourceLocation(), LangOpts, Text.begin(), Text.begin(), Text.end());
  LaunchScan Result;
  Result.Need = LaunchScan::NothingToLower;
  Result.FollowsCalls = false;
  Token Tok;
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Raw.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    bool Identifier = Tok.is(tok::raw_identifier);
    StringRef Name = Identifier ? Tok.getRawIdentifier() : StringRef();
    // PDL's wait and trigger may be inline assembly.
    if ((Identifier && namesPdl(Name)) ||
        (tok::isStringLiteral(Tok.getKind()) &&
         StringRef(Tok.getLiteralData(), Tok.getLength())
             .contains("griddepcontrol")))
      return {LaunchScan::PerArchitecture, /*FollowsCalls=*/true, {}};
    if (Identifier && namesAnArchitecture(Name))
      Result.Need = LaunchScan::PerArchitecture;
    else if (Tok.isOneOf(tok::lesslessless, tok::greatergreatergreater) ||
             (Identifier && namesWhatTheToolReads(Name)))
      Result.Need = std::max(Result.Need, LaunchScan::SameForEveryArchitecture);
  }
  return Result;
}

/// What two files' scans prove together.
void join(LaunchScan &Into, const LaunchScan &Other) {
  Into.Need = std::max(Into.Need, Other.Need);
  Into.FollowsCalls |= Other.FollowsCalls;
}

/// Preprocesses the file, then reads the text of every file it read.
class ScanAction : public PreprocessorFrontendAction {
public:
  explicit ScanAction(std::optional<LaunchScan> &Result) : Result(Result) {}

protected:
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    PP.EnterMainSourceFile();
    Token Tok;
    do
      PP.Lex(Tok);
    while (Tok.isNot(tok::eof));
    if (PP.getDiagnostics().hasErrorOccurred())
      return;
    const SourceManager &SM = PP.getSourceManager();
    LaunchScan Scan;
    Scan.Need = LaunchScan::NothingToLower;
    Scan.FollowsCalls = false;
    for (FileID File : userFilesRead(SM)) {
      join(Scan, scanOf(SM.getBufferData(File), PP.getLangOpts()));
      Scan.Files.push_back(absolutePath(SM, File));
    }
    llvm::sort(Scan.Files);
    Result = std::move(Scan);
  }

private:
  std::optional<LaunchScan> &Result;
};

} // namespace

std::optional<LaunchScan> scanForLowering(const FileParse &Parse) {
  std::optional<LaunchScan> Result;
  // Silent: when the preprocessor fails, the parse that follows says why.
  ToolDiagnostics Quiet(llvm::nulls(), Parse.CommandLine);
  ActionFactory<ScanAction, std::optional<LaunchScan>> Factory(Result);
  if (!runParse(Parse, Factory, Quiet))
    return std::nullopt;
  return Result;
}

} // namespace cdp
