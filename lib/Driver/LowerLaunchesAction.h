//===- LowerLaunchesAction.h - Lower every launch of a file -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A frontend action that, when nothing is wrong (the driver runs the checks
// before it), rewrites every device-side launch written in the main file (see
// LaunchLowering.h) and adds `#include <cdp/launch.cuh>` when it rewrote
// any, and every host-side launch marked for Programmatic Dependent Launch
// (ProgrammaticLaunchLowering.h). Everything else keeps its bytes.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_LOWERLAUNCHESACTION_H
#define CDP_LOWER_DRIVER_LOWERLAUNCHESACTION_H

#include "Aggregation/LaunchAggregation.h"
#include "Aggregation/LaunchChoice.h"
#include "Aggregation/LaunchCoarsening.h"
#include "Aggregation/LaunchProfile.h"
#include "Aggregation/LaunchThreshold.h"
#include "Lowering/LaunchLowering.h"
#include "Lowering/MacroLaunchUses.h"
#include "Lowering/TextEdit.h"
#include "Pdl/SkippedCode.h"

#include "clang/Frontend/FrontendAction.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <set>
#include <string>

namespace cdp {

/// What a file's launches are made into: lowered (lib/Lowering), or
/// aggregated, run in the launching thread or coarsened (lib/Aggregation).
struct LaunchTransformOptions : LaunchLoweringOptions {
  /// Aggregate eligible launches (--aggregate); a marked launch is
  /// aggregated whatever this says.
  AggregationOptions Aggregate;
  /// Run small child grids in the launching thread (--threshold).
  ThresholdOptions Threshold;
  /// Have each block of a child grid run several (--coarsen).
  CoarseningOptions Coarsen;
  /// Choose the transforms of each launch (--optimize, LaunchChoice.h).
  bool Optimize = false;
  /// Say at each launch what --optimize chose (--optimize-remarks).
  bool OptimizeRemarks = false;
  /// Count each launch, lowered as written, for a profile (--instrument).
  bool Instrument = false;
  /// The launch counts --optimize reads (--profile); null: none.
  std::shared_ptr<const LaunchProfile> Profile;
  /// Lower every launch as written, whatever the options and markers ask:
  /// the parse of the device code is not nvcc's (NvccAcceptedErrors.h),
  /// and the transforms read the bodies of the functions a child calls.
  bool Untransformed = false;
};

struct LoweringOptions {
  /// Report what the lowering would refuse, with what the checks find;
  /// produce no text.
  bool CheckOnly = false;
  LaunchTransformOptions Launches;
  /// The name the `#line` after the runtime's include gives the file, so
  /// that nvcc's messages on a lowered copy name the original; empty when
  /// the lowered text replaces the file.
  std::string OriginalFileName;
  /// Headers (by the path the include found) whose launches are lowered as
  /// well, as clang-tidy's --header-filter; empty: none.
  std::string HeaderFilter;
  /// Lowered headers go into copies (HeaderCopies.h), whose includes are
  /// rewritten; otherwise they are lowered in place.
  bool CopyHeaders = false;
  /// Selected headers (absolute paths) that the parse reads with other
  /// text than their files hold (the CDP1 migration changed them): written
  /// out, as lowered headers are, whether or not a launch in them is.
  std::set<std::string> ChangedHeaders;
  /// Warn of launches in `#if __CUDA_ARCH__ ...` branches this parse skips:
  /// set when the file is parsed for one architecture only (with several,
  /// another parse lowers them).
  bool WarnOtherArchitectureBranches = false;
};

/// A header lowered with the file that includes it.
struct LoweredHeader {
  std::string Path;     ///< Absolute.
  std::string CopyName; ///< Relative to the output's directory.
  std::string Original;
  std::vector<TextEdit> Edits;
};

/// What lowering one file produced.
struct LoweredFile {
  std::string Original;               ///< The file as it was parsed.
  std::vector<TextEdit> Edits;        ///< What the lowering changes in it.
  std::vector<LoweredHeader> Headers; ///< Selected headers it changes.
  /// The files the parse read, system headers aside (absolute paths): what
  /// a build must lower the file again after editing.
  std::vector<std::string> Dependencies;
  std::string Text; ///< The whole file after lowering.
  unsigned LoweredLaunches = 0;
  bool Succeeded = false; ///< No error: Text may be written out.
};

class LowerLaunchesAction : public clang::ASTFrontendAction {
public:
  LowerLaunchesAction(const LoweringOptions &Options, LoweredFile &Result)
      : Options(Options), Result(Result) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override;
  /// The children that the project's settings for \p File (the tool's
  /// `.cdp-lower` file) declare independent of stream order, added to the
  /// options' (UnorderedChildren).
  virtual UnorderedChildren unorderedChildrenFor(llvm::StringRef File) {
    (void)File;
    return {};
  }

public:
  /// What the preprocessor skipped, recorded from the start of the parse.
  const SkippedCode &skippedCode() const { return Skipped; }

  /// An `#include` the preprocessor followed.
  struct Inclusion {
    clang::FileID Includer;
    clang::CharSourceRange FileName; ///< `"x.h"` or `<x.h>`.
    clang::OptionalFileEntryRef Included;
    /// Found in the includer's own directory (a quoted name), which a copy
    /// of the includer elsewhere does not share.
    bool BesideIncluder = false;
  };

  /// The runtime's headers a file includes already: lowering it adds
  /// none, unless it needs one of them that it lacks (a file that includes
  /// only cdp/launch.cuh aggregates, or counts launches).
  struct RuntimeIncluded {
    bool Aggregation = false;
    bool Profile = false;
  };

private:
  const LoweringOptions &Options;
  /// The options for the file being lowered, with its project's settings.
  LoweringOptions FileOptions;
  LoweredFile &Result;
  /// Files that include the runtime already.
  llvm::DenseMap<clang::FileID, RuntimeIncluded> IncludeRuntime;
  std::vector<Inclusion> Inclusions;
  SkippedCode Skipped;
  MacroLaunchUses MacroUses;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_LOWERLAUNCHESACTION_H
