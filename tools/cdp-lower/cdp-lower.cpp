//===- cdp-lower.cpp - Lower device-side CUDA launches --------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-lower [options] <file.cu>... [-- <compiler flags>]
//
// Rewrites every device-side `<<<>>>` launch of each input into explicit
// parameter-buffer packing and a device-runtime launch (see
// lib/Lowering/LaunchLowering.h). Output goes to stdout, to -o FILE, or back
// into the input with -i. A file with errors is never written.
//
//===----------------------------------------------------------------------===//

#include "Driver/CheckDocs.h"
#include "Driver/CompileFlags.h"
#include "Driver/FixIts.h"
#include "Driver/NvccCommandLine.h"
#include "Driver/ParallelRun.h"
#include "Driver/ProcessFile.h"
#include "Driver/SarifExport.h"
#include "Driver/ToolStreams.h"
#include "Driver/WriteLowered.h"

#include "Checks/CheckOptions.h"
#include "Driver/LowerLaunchesAction.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;
namespace cl = llvm::cl;

static cl::OptionCategory ToolCategory("cdp-lower options");

static cl::list<std::string> Inputs(cl::Positional, cl::desc("<file.cu>..."),
                                    cl::cat(ToolCategory));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory with compile_commands.json"),
              cl::value_desc("build dir"), cl::cat(ToolCategory));
static cl::opt<std::string> OutputPath(
    "o", cl::desc("Write the lowered file to <file> (one input; - is stdout)"),
    cl::value_desc("file"), cl::cat(ToolCategory));
static cl::list<std::string>
    ExtraArgs("extra-arg",
              cl::desc("Add <flag> to the end of each compile command's flags"),
              cl::value_desc("flag"), cl::cat(ToolCategory));
static cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Add <flag> to the start of each compile command's flags"),
    cl::value_desc("flag"), cl::cat(ToolCategory));
static cl::list<std::string> RemovedArgs(
    "removed-arg",
    cl::desc("Remove <flag> (and <flag>=...) from each compile command"),
    cl::value_desc("flag"), cl::cat(ToolCategory));
static cl::opt<bool> PrintCommands(
    "print-commands",
    cl::desc("Print the clang command line of each parse of each input "
             "(one per GPU architecture where the code reads "
             "__CUDA_ARCH__'s value, NV_IF_TARGET or PDL, else one; under "
             "--nvcc-flags, none for a file with nothing to lower); write "
             "nothing"),
    cl::cat(ToolCategory));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Also lower the launches in the headers whose path matches "
             "<regex> (system headers never): in place with -i, else into "
             "copies beside the -o file, which includes them"),
    cl::value_desc("regex"), cl::cat(ToolCategory));
static cl::opt<std::string> DepFile(
    "depfile",
    cl::desc("Write a Make-style dependency file: the -o file depends on "
             "the input and every non-system header it includes"),
    cl::value_desc("file"), cl::cat(ToolCategory));
static cl::opt<bool> NvccFlags(
    "nvcc-flags",
    cl::desc(
        "The flags after `--` are nvcc's (read as in an nvcc compile "
        "database): `cdp-lower --nvcc-flags a.cu -- -arch=sm_80 -rdc=true`"),
    cl::cat(ToolCategory));
static cl::opt<bool> PrintNvccSources(
    "print-nvcc-sources",
    cl::desc("Print where the CUDA sources are among the nvcc arguments "
             "after `--`, one 0-based position a line, and exit (what "
             "cdp-nvcc lowers: `cdp-lower --print-nvcc-sources -- -c a.cu "
             "b.o`)"),
    cl::cat(ToolCategory));
static cl::opt<bool> PrintRuntimeDir(
    "print-runtime-dir",
    cl::desc("Print the include directory of the runtime headers (for "
             "-I when building lowered files) and exit"),
    cl::cat(ToolCategory));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the checks' fix-its and the lowering, as replacements "
             "of the original files, to <file> (YAML that "
             "clang-apply-replacements applies); write nothing else"),
    cl::value_desc("file"), cl::cat(ToolCategory));
static cl::opt<std::string> ExportSarif(
    "export-sarif",
    cl::desc("Also write what the checks, the lowering and clang report, for "
             "every file, to <file> as one SARIF 2.1.0 log for code scanning "
             "(rules named by the checks' -W names)"),
    cl::value_desc("file"), cl::cat(ToolCategory));
static cl::opt<bool>
    Fix("fix",
        cl::desc("Apply the checks' fix-its to the files in place (run again "
                 "to lower); write nothing else"),
        cl::cat(ToolCategory));
static cl::opt<bool> FixErrors(
    "fix-errors",
    cl::desc("--fix, even in a file with compiler errors (--fix leaves such "
             "a file as it is, as clang-tidy does)"),
    cl::cat(ToolCategory));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Process <n> files at a time (0: one per core); each file's "
                  "messages print whole, with progress on a terminal"),
         cl::value_desc("n"), cl::init(1), cl::cat(ToolCategory));
static cl::opt<bool> InPlace("i", cl::desc("Lower the inputs in place"),
                             cl::cat(ToolCategory));
static cl::opt<bool>
    CheckOnly("check-only",
              cl::desc("Run the checks and the lowering and report what they "
                       "find; write nothing"),
              cl::cat(ToolCategory));
static cl::opt<bool> RuntimeChecks(
    "runtime-checks",
    cl::desc("Also test on the GPU, before each device-side launch, that its "
             "pointer arguments point to global memory (report and skip a "
             "launch whose do not), and report a launch the device runtime "
             "refuses"),
    cl::cat(ToolCategory));
static cl::opt<cdp::LaunchForm> Emit(
    "emit", cl::desc("How a lowered launch is written"),
    cl::values(clEnumValN(cdp::LaunchForm::Runtime, "runtime",
                          "cdp::DeviceLaunch<...>(k, {...}).arg<0>(a).launch()"
                          " (the default, except in a device-debug build, "
                          "nvcc -G, which gets the explicit form)"),
               clEnumValN(cdp::LaunchForm::Explicit, "explicit",
                          "the device runtime's calls, one typed store per "
                          "parameter, in a lambda where the launch stood "
                          "(where the tool knows the parameters; launches in "
                          "templates and macros, checked ones, and every "
                          "launch of a run that asks for a transform keep "
                          "the runtime form)")),
    cl::init(cdp::LaunchForm::Runtime), cl::cat(ToolCategory));
static cl::opt<cdp::AggregationGranularity> Aggregate(
    "aggregate",
    cl::desc(
        "Aggregate the device-side launches into "
        "cudaStreamFireAndForget that can be (docs/aggregation.md): "
        "the launches of one site by the threads of a "
        "warp, a block, a group of 4 blocks or a grid become one launch of "
        "a copy of the child, "
        "'<child>_aggregated'; warn of those that cannot, with the "
        "reason"),
    cl::values(clEnumValN(cdp::AggregationGranularity::Warp, "warp",
                          "the threads of a warp that launch together"),
               clEnumValN(cdp::AggregationGranularity::Block, "block",
                          "the threads of a block, launched when the block "
                          "ends"),
               clEnumValN(cdp::AggregationGranularity::Group, "group",
                          "the threads of a group of 4 consecutive blocks, "
                          "launched when the group's last block ends"),
               clEnumValN(cdp::AggregationGranularity::Grid, "grid",
                          "the threads of the launching grid, launched when "
                          "its last block ends"),
               // The README's and docs' bare `--aggregate`: by block,
               // the granularity that is best most often.
               clEnumValN(cdp::AggregationGranularity::Block, "",
                          "(no value) the same as =block")),
    cl::ValueOptional, cl::init(cdp::AggregationGranularity::None),
    cl::cat(ToolCategory));
static cl::opt<unsigned> Threshold(
    "threshold",
    cl::desc("Run a device-side launch whose grid has fewer than <threads> "
             "threads in the launching warp, without a launch (children "
             "fire-and-forget or --aggregate-unordered; one with "
             "__syncthreads(); statements or shared memory runs phase by "
             "phase)"),
    cl::value_desc("threads"), cl::init(0), cl::cat(ToolCategory));
static cl::opt<unsigned> Coarsen(
    "coarsen",
    cl::desc("Launch a device-side launch's child with <factor> times fewer "
             "blocks, each running <factor> of the blocks asked for, one "
             "after another (children that neither read their grid's shape "
             "outside their body nor return early past a barrier); launches "
             "that --aggregate takes are not coarsened"),
    cl::value_desc("factor"), cl::init(0), cl::cat(ToolCategory));
static cl::opt<bool> Optimize(
    "optimize",
    cl::desc("Choose the transforms of each device-side launch: a child grid "
             "of fewer than 4096 threads (32 for a child whose threads loop) "
             "runs in the launching warp, a launch "
             "that still launches is aggregated (by block in a kernel, by "
             "warp elsewhere; not one that only a block's first thread makes, "
             "once), each only where it keeps what the program may "
             "observe; where a kernel decides between its only launch and "
             "work of its own, the small grids run at the launching "
             "thread's end, with the whole warp; --threshold and "
             "--aggregate, when given, are kept (docs/aggregation.md)"),
    cl::init(false), cl::cat(ToolCategory));
static cl::opt<bool> OptimizeRemarks(
    "optimize-remarks",
    cl::desc("With --optimize: a remark at each device-side launch says what "
             "was chosen"),
    cl::init(false), cl::cat(ToolCategory));
static cl::opt<bool> Instrument(
    "instrument",
    cl::desc("Lower each device-side launch as written, and count it first by "
             "the size of its grid; the program writes the counts when it "
             "exits, to the file CDP_PROFILE_FILE names (cdp-profile.json "
             "when unset), for --profile"),
    cl::init(false), cl::cat(ToolCategory));
static cl::list<std::string> Profile(
    "profile",
    cl::desc("With --optimize: choose from the launch counts of a program "
             "lowered with --instrument (repeat it to add the counts of "
             "several runs up)"),
    cl::value_desc("file"), cl::cat(ToolCategory));
static cl::list<std::string> AggregateUnordered(
    "aggregate-unordered",
    cl::desc("With --aggregate: the launches of these children (comma-"
             "separated kernel names, or 'all') do not rely on running in "
             "order with the other launches of their stream, so they are "
             "aggregated whatever their stream, the null stream included "
             "(docs/aggregation.md says what this asserts); also "
             "'Aggregation: Unordered:' in .cdp-lower"),
    cl::value_desc("kernel,...|all"), cl::CommaSeparated,
    cl::cat(ToolCategory));
static cl::opt<bool> MigrateCdp1(
    "migrate-cdp1",
    cl::desc("First rewrite CDP1 code for CDP2: a device-side "
             "cudaDeviceSynchronize() goes, and the code after it becomes a "
             "continuation kernel launched into cudaStreamTailLaunch; the "
             "host's sync-depth limit goes; cudaThread* calls get their "
             "cudaDevice* names. Then lower the result. With --fix or "
             "--export-fixes, only the migration, as CDP2 source"),
    cl::cat(ToolCategory));
static cl::opt<std::string>
    Explain("explain",
            cl::desc("Print the page of <check>: the rule it enforces, a bad "
                     "and a good example, the fix"),
            cl::value_desc("check"), cl::cat(ToolCategory));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the checks and their -W names"),
                                cl::cat(ToolCategory));
static cl::opt<bool> PrintParamLayout(
    "print-param-layout",
    cl::desc("Print each kernel's parameter-buffer layout, for each GPU "
             "architecture of the command line; write nothing"),
    cl::cat(ToolCategory));

/// The level as --list-checks prints it, padded to one width.
static llvm::StringRef levelName(cdp::CheckLevel Level) {
  switch (Level) {
  case cdp::CheckLevel::Off:
    return "off    ";
  case cdp::CheckLevel::Remark:
    return "remark ";
  case cdp::CheckLevel::Warning:
    return "warning";
  case cdp::CheckLevel::Error:
    return "error  ";
  }
  llvm_unreachable("unknown check level");
}

static const char Overview[] =
    "Lowers device-side CUDA kernel launches (k<<<...>>>(...)) into\n"
    "cudaGetParameterBuffer + aligned parameter packing + cudaLaunchDevice\n"
    "(or the V2 pair for the null, tail, fire-and-forget and other reserved\n"
    "streams), so that the result builds with nvcc -rdc=true. Host-side\n"
    "launches whose stream is wrapped in a <cdp/pdl.cuh> marker become\n"
    "Programmatic Dependent Launches through cudaLaunchKernelEx.\n"
    "\n"
    "Compiler flags come from `-- <flags>`, from -p <build dir>, from a\n"
    "compile_commands.json above the input, or default to a device-side\n"
    "parse for sm_90 with -fgpu-rdc. nvcc commands in a database, and flags\n"
    "after `--` with --nvcc-flags or with a flag only nvcc has (-arch,\n"
    "-rdc, -gencode, ...), are read as nvcc means them. Each GPU\n"
    "architecture of a command is checked and lowered; the build's newest\n"
    "PTX, when below sm_90, is checked as sm_90+ GPUs JIT-compile it\n"
    "(clang's --cuda-include-ptx, nvcc's -arch, -code and -gencode). The\n"
    "lowered file includes <cdp/launch.cuh>: compile it with\n"
    "-I<prefix>/include (--print-runtime-dir). cdp-nvcc runs nvcc on\n"
    "lowered copies, as a compiler launcher.\n"
    "\n"
    "Before lowering, the checks (--list-checks) look for misuse of the\n"
    "device runtime; an error stops the file from being written. Control\n"
    "them as clang controls warnings: -W<check>, -Wno-<check>,\n"
    "-Werror=<check>, -Wno-error=<check>, -Werror, -Wcdp (all on).\n"
    "\n"
    "Exit status: 0 when every input was lowered (or, with --check-only,\n"
    "had no error), 1 otherwise.\n";

static llvm::raw_ostream &error() { return cdp::toolError(); }

static std::unique_ptr<CompilationDatabase>
loadCompilationDatabase(std::unique_ptr<CompilationDatabase> FromCommandLine) {
  if (FromCommandLine)
    return FromCommandLine;
  std::string Message;
  if (!BuildPath.empty()) {
    // As clang-tidy's -p: the directory or the nearest parent with one.
    if (!llvm::sys::fs::is_directory(BuildPath)) {
      error() << "-p names '" << BuildPath
              << "', which is not a directory (the build directory that "
                 "holds compile_commands.json)\n";
      return nullptr;
    }
    auto Database =
        CompilationDatabase::autoDetectFromDirectory(BuildPath, Message);
    if (!Database)
      error() << "no compilation database (compile_commands.json or "
                 "compile_flags.txt) in '"
              << BuildPath
              << "' or any directory above it; configure with "
                 "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or pass the flags "
                 "after `--`\n";
    return Database;
  }
  if (auto Database =
          CompilationDatabase::autoDetectFromSource(Inputs.front(), Message))
    return Database;
  return std::make_unique<FixedCompilationDatabase>(".",
                                                    cdp::defaultCompileFlags());
}

/// Takes the -W flags (the checks' controls) out of the tool's own
/// arguments, which end at `--`; LLVM's option parser has a -W of its own.
static std::vector<std::string> takeWarningFlags(int &Argc, const char **Argv) {
  std::vector<std::string> Flags;
  int Kept = 1;
  bool CompilerFlags = false;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    CompilerFlags |= Arg == "--";
    if (!CompilerFlags && Arg.starts_with("-W") && Arg.size() > 2) {
      Flags.push_back(Arg.drop_front(2).str());
      continue;
    }
    Argv[Kept++] = Argv[I];
  }
  Argc = Kept;
  Argv[Argc] = nullptr;
  return Flags;
}

/// The flags after `--` when they are nvcc's, taken out of the arguments:
/// clang's driver, which vets the flags of FixedCompilationDatabase, does
/// not know nvcc's. They are with --nvcc-flags or --print-nvcc-sources, and
/// where one of them is a flag only nvcc has (`-arch=sm_80`, `-rdc=true`).
static std::optional<std::vector<std::string>>
takeNvccFlags(int &Argc, const char **Argv) {
  const char **End = Argv + Argc;
  const char **Dashes = std::find(Argv + 1, End, llvm::StringRef("--"));
  if (Dashes == End)
    return std::nullopt;
  std::vector<std::string> Flags(Dashes + 1, End);
  bool Wanted = std::any_of(Argv + 1, Dashes, [](const char *Arg) {
    llvm::StringRef Option = llvm::StringRef(Arg).ltrim('-');
    return Option == "nvcc-flags" || Option == "print-nvcc-sources";
  });
  if (!Wanted && !cdp::namesNvccOnlyFlag(Flags))
    return std::nullopt;
  Argc = static_cast<int>(Dashes - Argv);
  Argv[Argc] = nullptr;
  return Flags;
}

/// The nvcc flags after `--` read as nvcc reads them, from here.
static llvm::Expected<cdp::ClangCommandLine>
translateFlagsAfterDashes(const std::vector<std::string> &Flags) {
  std::vector<std::string> Command = {"nvcc"};
  llvm::append_range(Command, Flags);
  llvm::SmallString<256> Directory;
  llvm::sys::fs::current_path(Directory);
  return cdp::translateNvccCommand(Command, Directory);
}

/// --print-nvcc-sources: the positions of the CUDA sources among \p Flags,
/// as NvccCommandLine finds them for the parse.
static int printNvccSources(const std::vector<std::string> &Flags) {
  llvm::Expected<cdp::ClangCommandLine> Translated =
      translateFlagsAfterDashes(Flags);
  if (!Translated) {
    error() << llvm::toString(Translated.takeError()) << "\n";
    return 1;
  }
  for (unsigned Position : Translated->CudaSourcePositions)
    llvm::outs() << Position - 1 << "\n";
  return 0;
}

int main(int argc, const char **argv) {
  // A crash prints a stack trace; an interrupt removes temporary files.
  llvm::InitLLVM InitLLVM(argc, argv);
  std::vector<std::string> WarningFlags = takeWarningFlags(argc, argv);
  std::string Message;
  std::optional<std::vector<std::string>> NvccFlagList =
      takeNvccFlags(argc, argv);
  std::unique_ptr<CompilationDatabase> FromCommandLine;
  if (NvccFlagList) {
    // The inputs go after these flags: read alone first, so that a last
    // flag that takes a value is nvcc's error ("argument expected after
    // '-arch'") rather than the input taken as its value.
    if (llvm::Expected<cdp::ClangCommandLine> Translated =
            translateFlagsAfterDashes(*NvccFlagList);
        !Translated) {
      error() << llvm::toString(Translated.takeError()) << "\n";
      return 1;
    }
    FromCommandLine =
        std::make_unique<FixedCompilationDatabase>(".", *NvccFlagList);
  }
  bool FlagsAreNvccs = FromCommandLine != nullptr;
  if (!FromCommandLine)
    FromCommandLine =
        FixedCompilationDatabase::loadFromCommandLine(argc, argv, Message);
  if (!Message.empty()) {
    // The driver's own words, which start with "error: ".
    llvm::StringRef Text = llvm::StringRef(Message).trim();
    Text.consume_front("error: ");
    error() << Text << "\n";
    return 1;
  }
  cl::HideUnrelatedOptions(ToolCategory);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "cdp-lower " CDP_LOWER_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  if (!cl::ParseCommandLineOptions(argc, argv, Overview, &llvm::errs()))
    return 1;
  if (FixErrors)
    Fix = true;

  if (PrintNvccSources) {
    if (!NvccFlagList) {
      error() << "--print-nvcc-sources reads an nvcc command after `--`\n";
      return 1;
    }
    return printNvccSources(*NvccFlagList);
  }
  if (PrintRuntimeDir) {
    llvm::outs() << cdp::findRuntimeIncludeDir(argv[0]) << "\n";
    return 0;
  }
  if (ListChecks) {
    for (const cdp::CheckInfo &Check : cdp::allChecks())
      llvm::outs() << llvm::left_justify(Check.Name, 26)
                   << levelName(Check.DefaultLevel) << "  " << Check.Summary
                   << "\n";
    return 0;
  }
  if (!Explain.empty()) {
    std::optional<llvm::StringRef> Page = cdp::checkDocumentation(Explain);
    if (!Page) {
      std::string Suggestion = cdp::didYouMeanCheck(Explain);
      error() << "no check named '" << Explain << "'"
              << (Suggestion.empty() ? "; see --list-checks" : Suggestion)
              << "\n";
      return 1;
    }
    llvm::outs() << *Page;
    return 0;
  }
  if (Inputs.empty()) {
    error() << "no input files; see --help\n";
    return 1;
  }
  cdp::LoweringOptions Options;
  Options.Launches.RuntimeChecks = RuntimeChecks;
  Options.Launches.Aggregate.RuntimeChecks = RuntimeChecks;
  Options.Launches.Coarsen.RuntimeChecks = RuntimeChecks;
  Options.Launches.Form = Emit;
  if (Emit.getNumOccurrences())
    Options.Launches.DeviceDebugForm = Emit;
  Options.Launches.Aggregate.Granularity = Aggregate;
  Options.Launches.Threshold.Threads = Threshold;
  Options.Launches.Coarsen.Factor = Coarsen;
  Options.Launches.Optimize = Optimize;
  Options.Launches.OptimizeRemarks = OptimizeRemarks;
  Options.Launches.Instrument = Instrument;
  if (Instrument && (Optimize || Threshold || Coarsen || !Profile.empty() ||
                     Aggregate != cdp::AggregationGranularity::None)) {
    error() << "--instrument counts the launches as written: drop --optimize, "
               "--profile, --aggregate, --threshold and --coarsen\n";
    return 1;
  }
  if (!Profile.empty()) {
    if (!Optimize) {
      error() << "--profile is read by --optimize: add --optimize\n";
      return 1;
    }
    llvm::Expected<cdp::LaunchProfile> Read = cdp::LaunchProfile::read(Profile);
    if (!Read) {
      error() << llvm::toString(Read.takeError()) << "\n";
      return 1;
    }
    Options.Launches.Profile =
        std::make_shared<const cdp::LaunchProfile>(std::move(*Read));
  }
  for (const std::string &Child : AggregateUnordered)
    Options.Launches.Aggregate.Unordered.add(Child);

  Options.HeaderFilter = HeaderFilter;
  // Exported replacements and fix-its apply to the originals in place.
  bool EditsInPlace = InPlace || !ExportFixes.empty();
  Options.CopyHeaders = !EditsInPlace;
  // With --fix, a file is only checked; its fix-its are applied.
  Options.CheckOnly = CheckOnly || Fix;
  bool WritesLowered = !CheckOnly && !Fix && ExportFixes.empty();
  if ((!WritesLowered) && (InPlace || !OutputPath.empty())) {
    error() << (CheckOnly ? "--check-only"
                : Fix     ? "--fix"
                          : "--export-fixes")
            << " writes no lowered file; drop -i and -o\n";
    return 1;
  }
  if (std::string Why;
      !HeaderFilter.empty() && !llvm::Regex(HeaderFilter).isValid(Why)) {
    error() << "--header-filter: " << Why << "\n";
    return 1;
  }
  cdp::CheckOptions Checks;
  for (const std::string &Flag : WarningFlags) {
    if (llvm::Error E = Checks.applyWarningFlag(Flag)) {
      std::string Message = llvm::toString(std::move(E));
      error() << Message
              << (llvm::StringRef(Message).ends_with("?")
                      ? ""
                      : "; --list-checks shows every check")
              << "\n";
      return 1;
    }
  }
  if (NvccFlags && !FlagsAreNvccs) {
    error() << "--nvcc-flags: give the nvcc flags after --\n";
    return 1;
  }
  if (Jobs != 1 && WritesLowered && !InPlace && Inputs.size() > 1) {
    error() << "-j: several lowered files cannot share standard output; "
            << "lower them in place with -i\n";
    return 1;
  }
  if (!DepFile.empty() && OutputPath.empty()) {
    error() << "--depfile names the dependencies of the -o file; give -o\n";
    return 1;
  }
  if (InPlace && !OutputPath.empty()) {
    error() << "-i and -o cannot be combined\n";
    return 1;
  }
  if (!OutputPath.empty() && Inputs.size() > 1) {
    error() << "-o takes one input file; use -i for several\n";
    return 1;
  }
  // As compilers do: -o never writes over the input, however it is spelt
  // (another path, a symbolic or a hard link).
  if (!OutputPath.empty() && OutputPath != "-" && Inputs.size() == 1 &&
      llvm::sys::fs::equivalent(Inputs.front(), OutputPath)) {
    error() << "-o '" << OutputPath << "' is the input file '" << Inputs.front()
            << "'; lower it in place with -i\n";
    return 1;
  }
  for (const std::string &Input : Inputs) {
    if (llvm::sys::fs::is_directory(Input)) {
      error() << "'" << Input << "' is a directory; name the files in it\n";
      return 1;
    }
    if (!llvm::sys::fs::exists(Input)) {
      error() << "no such file: '" << Input << "'\n";
      return 1;
    }
    if (!llvm::sys::fs::is_regular_file(Input)) {
      error() << "'" << Input << "' is not a regular file\n";
      return 1;
    }
  }

  std::unique_ptr<CompilationDatabase> Database =
      loadCompilationDatabase(std::move(FromCommandLine));
  if (!Database)
    return 1;
  ArgumentsAdjuster Adjuster = combineAdjusters(
      cdp::userArgumentsAdjuster(ExtraArgsBefore, ExtraArgs, RemovedArgs),
      cdp::deviceSideParseAdjuster(cdp::findRuntimeIncludeDir(argv[0])));

  cdp::WriteOptions Where{InPlace, OutputPath, DepFile};
  cdp::FileJob Job(*Database, Adjuster, Options, Checks, Where);
  Job.CheckOnly = CheckOnly;
  Job.FlagsAreNvccs = FlagsAreNvccs;
  Job.NvccFlags = NvccFlags;
  Job.PrintCommands = PrintCommands;
  Job.PrintParamLayout = PrintParamLayout;
  Job.MigrateCdp1 = MigrateCdp1;
  Job.HeaderFilter = HeaderFilter;
  Job.Fix = Fix;
  Job.FixErrors = FixErrors;
  Job.ExportFixes = !ExportFixes.empty();
  Job.ExportSarif = !ExportSarif.empty();
  Job.EditsInPlace = EditsInPlace;
  Job.WritesLowered = WritesLowered;
  auto Process = [&](const std::string &Input) {
    return cdp::processFile(Input, Job);
  };

  std::vector<cdp::FileReport> Reports(Inputs.size());
  if (Jobs == 1) {
    for (size_t I = 0; I < Inputs.size(); ++I)
      Reports[I] = Process(Inputs[I]);
  } else {
    cdp::processInParallel(Inputs, Jobs,
                           [&](size_t I) { Reports[I] = Process(Inputs[I]); });
  }

  unsigned Failures = 0, Launches = 0;
  clang::tooling::TranslationUnitDiagnostics Exported;
  Exported.MainSourceFile = cdp::absoluteFilePath(Inputs.front());
  std::vector<llvm::json::Value> SarifResults;
  for (cdp::FileReport &Report : Reports) {
    Failures += Report.Failed;
    Launches += Report.Launches;
    llvm::append_range(Exported.Diagnostics, Report.Exported);
    std::move(Report.Sarif.begin(), Report.Sarif.end(),
              std::back_inserter(SarifResults));
  }
  if (Inputs.size() > 1 && !PrintCommands && !PrintParamLayout)
    llvm::WithColor::note(llvm::errs(), "cdp-lower")
        << Inputs.size() << " files: " << Launches << " launch"
        << (Launches == 1 ? "" : "es")
        << (WritesLowered ? " lowered" : " to lower") << ", "
        << Inputs.size() - Failures << " file"
        << (Inputs.size() - Failures == 1 ? "" : "s") << " ok, " << Failures
        << " failed\n";
  if (!ExportFixes.empty()) {
    std::string Yaml;
    llvm::raw_string_ostream OS(Yaml);
    llvm::yaml::Output Out(OS);
    Out << Exported;
    Failures += !cdp::writeFile(ExportFixes, Yaml);
  }
  if (!ExportSarif.empty())
    Failures += !cdp::writeFile(ExportSarif,
                                cdp::sarifLog(SarifResults, CDP_LOWER_VERSION));
  return Failures == 0 ? 0 : 1;
}
