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

#include "CudaAST/RuntimeCalls.h"
#include "Lowering/SelectedHeaders.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/DependencyDirectivesScanner.h"
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
      DeviceSynchronizeName,
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

/// Whether the token after \p Previous and \p BeforePrevious only asks
/// whether __CUDA_ARCH__ is defined: `#ifdef`, `#ifndef`, `defined X` and
/// `defined(X)`. Every parse is a device-side one, where it is defined
/// for every architecture, so the answer (device code or host code) is
/// the same in each; only its value tells architectures apart.
bool onlyAsksIfDefined(const Token &BeforePrevious, const Token &Previous) {
  auto Names = [](const Token &Tok, StringRef Name) {
    return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name;
  };
  if (Names(Previous, "ifdef") || Names(Previous, "ifndef") ||
      Names(Previous, "defined"))
    return true;
  return Previous.is(tok::l_paren) && Names(BeforePrevious, "defined");
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
  Token Tok, Previous, BeforePrevious;
  Tok.startToken();
  Previous.startToken();
  for (bool AtEnd = false; !AtEnd;) {
    BeforePrevious = Previous;
    Previous = Tok;
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
    // The analysis of a launch's one thread reads cooperative groups'
    // bodies (Aggregation/SoleRuntimeCall.h).
    if (Identifier && Name == "cooperative_groups")
      Result.FollowsCalls = true;
    if (Identifier && namesAnArchitecture(Name) &&
        !(Name == "__CUDA_ARCH__" &&
          onlyAsksIfDefined(BeforePrevious, Previous)))
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

/// Gives the preprocessor of the scan only each file's directives, as
/// clang-scan-deps does: the files a source reads are all the scan needs
/// of it, and expanding the macros of every header's code (thrust's,
/// cub's) was most of its time.
class DirectivesOnly : public DependencyDirectivesGetter {
public:
  /// Without a source manager it gives nothing: each file is lexed whole.
  DirectivesOnly() = default;
  explicit DirectivesOnly(SourceManager &SM) : SM(&SM) {}

  std::unique_ptr<DependencyDirectivesGetter> cloneFor(FileManager &) override {
    // Another source manager (a module's): it lexes as usual.
    return std::make_unique<DirectivesOnly>();
  }

  std::optional<ArrayRef<dependency_directives_scan::Directive>>
  operator()(FileEntryRef File) override {
    if (!SM)
      return std::nullopt;
    auto [It, New] = Scanned.try_emplace(&File.getFileEntry());
    if (New) {
      // The offsets are into the buffer the lexer reads: the source
      // manager's own.
      std::optional<llvm::MemoryBufferRef> Text =
          SM->getMemoryBufferForFileOrNone(File);
      It->second = std::make_unique<Directives>();
      It->second->Valid =
          Text && !scanSourceForDependencyDirectives(
                      Text->getBuffer(), It->second->Tokens, It->second->List);
    }
    if (!It->second->Valid) // The lexer reads the file whole.
      return std::nullopt;
    return ArrayRef<dependency_directives_scan::Directive>(It->second->List);
  }

private:
  struct Directives {
    llvm::SmallVector<dependency_directives_scan::Token, 0> Tokens;
    llvm::SmallVector<dependency_directives_scan::Directive, 0> List;
    bool Valid = false;
  };
  SourceManager *SM = nullptr;
  llvm::DenseMap<const FileEntry *, std::unique_ptr<Directives>> Scanned;
};

/// Preprocesses the file's directives, then reads the text of every file
/// it read.
class ScanAction : public PreprocessorFrontendAction {
public:
  explicit ScanAction(std::optional<LaunchScan> &Result) : Result(Result) {}

protected:
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    // Kept until the action ends: the preprocessor's lexers point into it.
    Directives = std::make_unique<DirectivesOnly>(PP.getSourceManager());
    PP.setDependencyDirectivesGetter(*Directives);
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
  std::unique_ptr<DirectivesOnly> Directives;
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
