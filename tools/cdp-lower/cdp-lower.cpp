//===- cdp-lower.cpp - Lower device-side CUDA launches ----------------------===//
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

#include "CompileFlags.h"
#include "FileRun.h"
#include "ToolDiagnostics.h"
#include "OutputFile.h"
#include "ParamLayoutDump.h"

#include "Checks/CheckOptions.h"
#include "Lowering/LowerLaunchesAction.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <tuple>

using namespace clang::tooling;
namespace cl = llvm::cl;

static cl::OptionCategory ToolCategory("cdp-lower options");

static cl::list<std::string> Inputs(cl::Positional, cl::desc("<file.cu>..."),
                                    cl::cat(ToolCategory));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory with compile_commands.json"),
              cl::value_desc("build dir"), cl::cat(ToolCategory));
static cl::opt<std::string>
    OutputPath("o", cl::desc("Write the lowered file to <file> (one input; - is stdout)"),
               cl::value_desc("file"), cl::cat(ToolCategory));
static cl::list<std::string> ExtraArgs(
    "extra-arg",
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
             "(one per GPU architecture); write nothing"),
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
    cl::desc("The flags after `--` are nvcc's (read as in an nvcc compile "
             "database): `cdp-lower --nvcc-flags a.cu -- -arch=sm_80 -rdc=true`"),
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
static cl::opt<bool> Fix(
    "fix",
    cl::desc("Apply the checks' fix-its to the files in place (run again "
             "to lower); write nothing else"),
    cl::cat(ToolCategory));
static cl::opt<unsigned> Jobs(
    "j",
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
             "pointer arguments point to global memory; report and skip a "
             "launch whose do not"),
    cl::cat(ToolCategory));
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
    "parse for sm_90 with -fgpu-rdc. nvcc commands in a database (or after\n"
    "`--` with --nvcc-flags) are read as nvcc means them. Each GPU\n"
    "architecture of a command is checked and lowered. The lowered file\n"
    "includes <cdp/launch.cuh>: compile it with -I<prefix>/include\n"
    "(--print-runtime-dir). cdp-nvcc runs nvcc on lowered copies, as a\n"
    "compiler launcher.\n"
    "\n"
    "Before lowering, the checks (--list-checks) look for misuse of the\n"
    "device runtime; an error stops the file from being written. Control\n"
    "them as clang controls warnings: -W<check>, -Wno-<check>,\n"
    "-Werror=<check>, -Wno-error=<check>, -Werror, -Wcdp (all on).\n"
    "\n"
    "Exit status: 0 when every input was lowered (or, with --check-only,\n"
    "had no error), 1 otherwise.\n";

/// Where the file being processed prints: the terminal, or, under -j, the
/// file's own buffers, so that no two files' messages interleave.
static thread_local llvm::raw_ostream *FileErrors = nullptr;
static thread_local llvm::raw_ostream *FileOutput = nullptr;
static llvm::raw_ostream &errs() {
  return FileErrors ? *FileErrors : llvm::errs();
}
static llvm::raw_ostream &outs() {
  return FileOutput ? *FileOutput : llvm::outs();
}

static llvm::raw_ostream &error() {
  return llvm::WithColor::error(errs(), "cdp-lower");
}

namespace {

/// Sends clang's own summary lines ("1 error generated") where the file's
/// diagnostics go: under -j, the file's buffer.
class SummaryToFileErrors : public clang::WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.setVerboseOutputStream(errs());
    return WrapperFrontendAction::BeginInvocation(CI);
  }
};

/// Creates one action per file, all made from the same arguments.
template <class Action, class... Args>
class ActionFactory : public FrontendActionFactory {
public:
  explicit ActionFactory(Args &...A) : Arguments(A...) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<SummaryToFileErrors>(std::apply(
        [](Args &...A) { return std::make_unique<Action>(A...); },
        Arguments));
  }

private:
  std::tuple<Args &...> Arguments;
};

} // namespace

static std::unique_ptr<CompilationDatabase>
loadCompilationDatabase(std::unique_ptr<CompilationDatabase> FromCommandLine) {
  if (FromCommandLine)
    return FromCommandLine;
  std::string Message;
  if (!BuildPath.empty()) {
    auto Database = CompilationDatabase::loadFromDirectory(BuildPath, Message);
    if (!Database)
      error() << Message << "\n";
    return Database;
  }
  if (auto Database =
          CompilationDatabase::autoDetectFromSource(Inputs.front(), Message))
    return Database;
  return std::make_unique<FixedCompilationDatabase>(".",
                                                    cdp::defaultCompileFlags());
}

/// A lowered input and the headers lowered with it.
struct LoweredInput {
  std::string Text;
  std::vector<cdp::TextEdit> Edits; ///< What makes Text of the input.
  struct Header {
    std::string Path, CopyName, Text;
    std::vector<cdp::TextEdit> Edits;
  };
  std::vector<Header> Headers;
  std::vector<std::string> Dependencies; ///< Sorted, without repeats.
  unsigned Launches = 0; ///< Launches lowered (by the parse that lowered most).
};

/// The union of the passes' edits of one file, applied to \p Original into
/// \p Text; false after an error that names \p Path.
static bool mergeFile(llvm::StringRef Path, llvm::StringRef Original,
                      llvm::ArrayRef<std::vector<cdp::TextEdit>> Passes,
                      std::vector<cdp::TextEdit> &Edits, std::string &Text) {
  llvm::Expected<std::vector<cdp::TextEdit>> Merged =
      cdp::mergeTextEdits(Passes);
  if (!Merged) {
    error() << "'" << Path << "': " << llvm::toString(Merged.takeError())
            << "\n";
    return false;
  }
  Edits = std::move(*Merged);
  Text = cdp::applyTextEdits(Original, Edits);
  return true;
}

/// Lowers \p Input under each of its parses and merges what they lowered
/// (code only one architecture compiles is lowered by its own pass); the
/// lowered text, or nothing after reporting why.
static std::optional<LoweredInput>
lowerFile(llvm::StringRef Input, llvm::ArrayRef<cdp::FileParse> Parses,
          const cdp::LoweringOptions &Options,
          cdp::ToolDiagnostics &Diagnostics) {
  std::vector<cdp::LoweredFile> Results(Parses.size());
  bool Succeeded = true;
  for (size_t I = 0; I < Parses.size(); ++I) {
    ActionFactory<cdp::LowerLaunchesAction, const cdp::LoweringOptions,
                  cdp::LoweredFile>
        Factory(Options, Results[I]);
    Succeeded &= cdp::runParse(Parses[I], Factory, Diagnostics) &&
                 Results[I].Succeeded;
  }
  if (!Succeeded)
    return std::nullopt;
  LoweredInput Lowered;
  for (const cdp::LoweredFile &Result : Results)
    Lowered.Launches = std::max(Lowered.Launches, Result.LoweredLaunches);
  if (Options.CheckOnly)
    return Lowered;
  std::vector<std::vector<cdp::TextEdit>> Edits;
  // Headers by path, in the order first lowered.
  std::vector<const cdp::LoweredHeader *> HeaderOrder;
  std::map<std::string, std::vector<std::vector<cdp::TextEdit>>> HeaderEdits;
  for (cdp::LoweredFile &Result : Results) {
    Edits.push_back(std::move(Result.Edits));
    llvm::append_range(Lowered.Dependencies, Result.Dependencies);
    for (cdp::LoweredHeader &Header : Result.Headers) {
      auto [It, New] = HeaderEdits.try_emplace(Header.Path);
      if (New)
        HeaderOrder.push_back(&Header);
      It->second.push_back(std::move(Header.Edits));
    }
  }
  if (!mergeFile(Input, Results.front().Original, Edits, Lowered.Edits,
                 Lowered.Text))
    return std::nullopt;
  llvm::sort(Lowered.Dependencies);
  Lowered.Dependencies.erase(llvm::unique(Lowered.Dependencies),
                             Lowered.Dependencies.end());
  for (const cdp::LoweredHeader *Header : HeaderOrder) {
    LoweredInput::Header &Out = Lowered.Headers.emplace_back();
    Out.Path = Header->Path;
    Out.CopyName = Header->CopyName;
    if (!mergeFile(Header->Path, Header->Original, HeaderEdits[Header->Path],
                   Out.Edits, Out.Text))
      return std::nullopt;
  }
  return Lowered;
}

/// Writes \p Text to \p Path; false after reporting why not.
/// Writes \p Text to \p Path, creating its directory (a build tree's
/// output directory may not exist yet); false after reporting why not.
static bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
  if (!Directory.empty() && Path != "-")
    if (std::error_code EC = llvm::sys::fs::create_directories(Directory)) {
      error() << "cannot create '" << Directory << "': " << EC.message()
              << "\n";
      return false;
    }
  if (llvm::Error E = cdp::writeOutputFile(Path, Text)) {
    error() << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

/// Writes the lowered headers: in place with -i, else as copies in the
/// directory of the -o file.
static bool writeHeaders(const LoweredInput &Lowered) {
  if (Lowered.Headers.empty())
    return true;
  if (!InPlace && OutputPath.empty()) {
    error() << "launches in headers were lowered ('"
            << Lowered.Headers.front().Path
            << "'): write them with -o <file> (copies go beside it) or -i\n";
    return false;
  }
  bool Written = true;
  for (const LoweredInput::Header &Header : Lowered.Headers) {
    if (InPlace) {
      Written &= writeFile(Header.Path, Header.Text);
      continue;
    }
    llvm::SmallString<256> Copy(OutputPath.getValue());
    llvm::sys::fs::make_absolute(Copy);
    llvm::sys::path::remove_filename(Copy);
    llvm::sys::path::append(Copy, Header.CopyName);
    if (llvm::sys::fs::equivalent(Copy, Header.Path)) {
      error() << "the lowered copy of '" << Header.Path
              << "' would replace it: write -o into another directory, or "
              << "lower in place with -i\n";
      Written = false;
      continue;
    }
    Written &= writeFile(Copy, Header.Text);
  }
  return Written;
}

/// \p Path as Make reads it in a dependency file.
static std::string makeEscaped(llvm::StringRef Path) {
  std::string Escaped;
  for (char C : Path) {
    if (C == ' ' || C == '#' || C == '\\')
      Escaped += '\\';
    else if (C == '$')
      Escaped += '$';
    Escaped += C;
  }
  return Escaped;
}

/// The --depfile: the -o file depends on everything the parses read.
static bool writeDepFile(const LoweredInput &Lowered) {
  std::string Text = makeEscaped(OutputPath) + ":";
  for (const std::string &Dependency : Lowered.Dependencies)
    Text += " \\\n  " + makeEscaped(Dependency);
  Text += "\n";
  return writeFile(DepFile, Text);
}

static bool writeResult(const std::string &Input, const LoweredInput &Lowered) {
  // Headers first: the lowered file includes them.
  if (!writeHeaders(Lowered))
    return false;
  const std::string &Text = Lowered.Text;
  if (InPlace) {
    auto Original = llvm::MemoryBuffer::getFile(Input);
    if (Original && (*Original)->getBuffer() == Text)
      return true; // Nothing to lower: keep the file as it is.
    return writeFile(Input, Text);
  }
  if (!OutputPath.empty())
    return writeFile(OutputPath, Text) &&
           (DepFile.empty() || writeDepFile(Lowered));
  outs() << Text;
  return true;
}

static std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

/// The lowering of \p Input as one diagnostic whose fix replaces the input
/// and its lowered headers in place (--export-fixes).
static clang::tooling::Diagnostic
loweringAsDiagnostic(llvm::StringRef Input, const LoweredInput &Lowered) {
  clang::tooling::DiagnosticMessage Message(
      "device-side launches lowered by cdp-lower");
  Message.FilePath = absolute(Input);
  Message.FileOffset = 0;
  auto AddEdits = [&](const std::string &Path,
                      llvm::ArrayRef<cdp::TextEdit> Edits) {
    for (const cdp::TextEdit &E : Edits)
      llvm::cantFail(Message.Fix[Path].add(
          clang::tooling::Replacement(Path, E.Offset, E.Length, E.Text)));
  };
  AddEdits(Message.FilePath, Lowered.Edits);
  for (const LoweredInput::Header &Header : Lowered.Headers)
    AddEdits(Header.Path, Header.Edits);
  return clang::tooling::Diagnostic("cdp-lowering", Message, {},
                                    clang::tooling::Diagnostic::Remark, "");
}

/// Applies the fix-its of \p FixIts (and of their notes) to their files in
/// place (--fix); false after reporting a file that could not be fixed.
static bool applyFixIts(llvm::ArrayRef<clang::tooling::Diagnostic> FixIts) {
  std::map<std::string, std::vector<std::vector<cdp::TextEdit>>> ByFile;
  auto Collect = [&](const clang::tooling::DiagnosticMessage &Message) {
    for (const auto &[Path, Replacements] : Message.Fix) {
      std::vector<cdp::TextEdit> Edits;
      for (const clang::tooling::Replacement &R : Replacements)
        Edits.push_back({R.getOffset(), R.getLength(),
                         R.getReplacementText().str()});
      ByFile[Path.str()].push_back(std::move(Edits));
    }
  };
  for (const clang::tooling::Diagnostic &D : FixIts) {
    Collect(D.Message);
    for (const clang::tooling::DiagnosticMessage &Note : D.Notes)
      Collect(Note);
  }
  bool Applied = true;
  for (auto &[Path, Groups] : ByFile) {
    auto Original = llvm::MemoryBuffer::getFile(Path);
    if (!Original) {
      error() << "cannot read '" << Path
              << "': " << Original.getError().message() << "\n";
      Applied = false;
      continue;
    }
    std::vector<cdp::TextEdit> Edits;
    std::string Text;
    if (!mergeFile(Path, (*Original)->getBuffer(), Groups, Edits, Text) ||
        !writeFile(Path, Text)) {
      Applied = false;
      continue;
    }
    llvm::WithColor::note(errs(), "cdp-lower")
        << "applied " << Groups.size() << " fix-it"
        << (Groups.size() == 1 ? "" : "s") << " to '" << Path << "'\n";
  }
  return Applied;
}

/// Takes the -W flags (the checks' controls) out of the tool's own
/// arguments, which end at `--`; LLVM's option parser has a -W of its own.
static std::vector<std::string>
takeWarningFlags(int &Argc, const char **Argv) {
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

/// Runs \p Work for each index of \p Inputs on \p Jobs threads (0: one per
/// core), each with its own output and error buffers. A file's messages
/// print whole as it finishes, with a progress line on a terminal; its
/// output prints at the end, in input order.
static void processInParallel(
    llvm::ArrayRef<std::string> Inputs, unsigned Jobs,
    llvm::function_ref<void(size_t, llvm::raw_ostream &, llvm::raw_ostream &)>
        Work) {
  std::vector<std::string> Outputs(Inputs.size());
  std::mutex Printing;
  size_t Done = 0;
  bool Progress = llvm::errs().is_displayed();
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Inputs.size(); ++I)
      Pool.async([&, I] {
        std::string Errors;
        llvm::raw_string_ostream Out(Outputs[I]), Err(Errors);
        Work(I, Out, Err);
        std::lock_guard<std::mutex> Lock(Printing);
        ++Done;
        if (Progress)
          llvm::errs() << "\r\x1b[K"; // Clear the progress line.
        llvm::errs() << Errors;
        if (Progress)
          llvm::errs() << "[" << Done << "/" << Inputs.size() << "] "
                       << Inputs[I];
        llvm::errs().flush();
      });
    Pool.wait();
  }
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  for (const std::string &Output : Outputs)
    llvm::outs() << Output;
}

/// With --nvcc-flags, the flags after `--` as a compilation database,
/// taken out of the arguments: clang's driver, which vets the flags of
/// FixedCompilationDatabase, does not know nvcc's.
static std::unique_ptr<CompilationDatabase> takeNvccFlags(int &Argc,
                                                          const char **Argv) {
  const char **End = Argv + Argc;
  const char **Dashes = std::find(Argv + 1, End, llvm::StringRef("--"));
  bool Wanted = std::any_of(Argv + 1, Dashes, [](const char *Arg) {
    return llvm::StringRef(Arg) == "--nvcc-flags" ||
           llvm::StringRef(Arg) == "-nvcc-flags";
  });
  if (!Wanted || Dashes == End)
    return nullptr;
  std::vector<std::string> Flags(Dashes + 1, End);
  Argc = static_cast<int>(Dashes - Argv);
  Argv[Argc] = nullptr;
  return std::make_unique<FixedCompilationDatabase>(".", Flags);
}

int main(int argc, const char **argv) {
  // A crash prints a stack trace; an interrupt removes temporary files.
  llvm::InitLLVM InitLLVM(argc, argv);
  std::vector<std::string> WarningFlags = takeWarningFlags(argc, argv);
  std::string Message;
  std::unique_ptr<CompilationDatabase> FromCommandLine =
      takeNvccFlags(argc, argv);
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

  if (PrintRuntimeDir) {
    llvm::outs() << cdp::findRuntimeIncludeDir(argv[0]) << "\n";
    return 0;
  }
  if (ListChecks) {
    for (const cdp::CheckInfo &Check : cdp::allChecks())
      llvm::outs() << llvm::left_justify(Check.Name, 26)
                   << levelName(Check.DefaultLevel)
                   << "  " << Check.Summary << "\n";
    return 0;
  }
  if (Inputs.empty()) {
    error() << "no input files; see --help\n";
    return 1;
  }
  cdp::LoweringOptions Options;
  Options.Launches.RuntimeChecks = RuntimeChecks;
  Options.HeaderFilter = HeaderFilter;
  // Exported replacements and fix-its apply to the originals in place.
  bool EditsInPlace = InPlace || !ExportFixes.empty();
  Options.CopyHeaders = !EditsInPlace;
  // With --fix, a file is only checked; its fix-its are applied.
  Options.CheckOnly = CheckOnly || Fix;
  bool WritesLowered = !CheckOnly && !Fix && ExportFixes.empty();
  if ((!WritesLowered) && (InPlace || !OutputPath.empty())) {
    error() << (CheckOnly ? "--check-only" : Fix ? "--fix" : "--export-fixes")
            << " writes no lowered file; drop -i and -o\n";
    return 1;
  }
  if (std::string Why;
      !HeaderFilter.empty() && !llvm::Regex(HeaderFilter).isValid(Why)) {
    error() << "--header-filter: " << Why << "\n";
    return 1;
  }
  for (const std::string &Flag : WarningFlags) {
    if (llvm::Error E = Options.Checks.applyWarningFlag(Flag)) {
      error() << llvm::toString(std::move(E))
              << "; --list-checks shows every check\n";
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

  // What processing one input file found.
  struct FileReport {
    bool Failed = false;
    unsigned Launches = 0;
    std::vector<clang::tooling::Diagnostic> Exported;
  };
  auto Process = [&](const std::string &Input) {
    FileReport Report;
    llvm::Expected<std::vector<cdp::FileParse>> Parses =
        cdp::parsesOf(*Database, Input, Adjuster, errs(), FlagsAreNvccs);
    if (!Parses) {
      error() << llvm::toString(Parses.takeError()) << "\n";
      Report.Failed = true;
      return Report;
    }
    if (PrintCommands) {
      for (const cdp::FileParse &Parse : *Parses)
        outs() << llvm::join(Parse.CommandLine, " ") << "\n";
      return Report;
    }
    cdp::ToolDiagnostics Diagnostics(errs(), Parses->front().CommandLine);
    if (PrintParamLayout) {
      // One parse serves every architecture: the layout rule takes the
      // architecture as an argument.
      std::vector<unsigned> Archs;
      for (const cdp::FileParse &Parse : *Parses)
        for (unsigned Arch : cdp::gpuArchitecturesOf(Parse.CommandLine))
          if (!llvm::is_contained(Archs, Arch))
            Archs.push_back(Arch);
      llvm::raw_ostream &Out = outs();
      ActionFactory<cdp::ParamLayoutDumpAction, llvm::raw_ostream,
                    const std::vector<unsigned>>
          Factory(Out, Archs);
      Report.Failed = !cdp::runParse(Parses->front(), Factory, Diagnostics);
      return Report;
    }
    cdp::LoweringOptions FileOptions = Options;
    // A lowered copy written elsewhere names the original in its #line.
    FileOptions.OriginalFileName = EditsInPlace ? "" : Input;
    std::optional<LoweredInput> Lowered =
        lowerFile(Input, *Parses, FileOptions, Diagnostics);
    Report.Exported = Diagnostics.takeFixes();
    if (Fix)
      Report.Failed |= !applyFixIts(Report.Exported);
    if (!Lowered) {
      if (WritesLowered)
        error() << "'" << Input
                << "' was not lowered; it is left unchanged\n";
      Report.Failed = true;
      return Report;
    }
    Report.Launches = Lowered->Launches;
    if (!ExportFixes.empty() && !CheckOnly)
      Report.Exported.push_back(loweringAsDiagnostic(Input, *Lowered));
    if (WritesLowered)
      Report.Failed |= !writeResult(Input, *Lowered);
    return Report;
  };

  std::vector<FileReport> Reports(Inputs.size());
  if (Jobs == 1) {
    for (size_t I = 0; I < Inputs.size(); ++I)
      Reports[I] = Process(Inputs[I]);
  } else {
    processInParallel(Inputs, Jobs, [&](size_t I, llvm::raw_ostream &Out,
                                         llvm::raw_ostream &Err) {
      FileOutput = &Out;
      FileErrors = &Err;
      Reports[I] = Process(Inputs[I]);
      FileOutput = FileErrors = nullptr;
    });
  }

  unsigned Failures = 0, Launches = 0;
  clang::tooling::TranslationUnitDiagnostics Exported;
  Exported.MainSourceFile = absolute(Inputs.front());
  for (FileReport &Report : Reports) {
    Failures += Report.Failed;
    Launches += Report.Launches;
    llvm::append_range(Exported.Diagnostics, Report.Exported);
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
    Failures += !writeFile(ExportFixes, Yaml);
  }
  return Failures == 0 ? 0 : 1;
}
