//===- NvccCommandLine.cpp - An nvcc command line, read as clang's --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/NvccCommandLine.h"

#include "Driver/HostCompilerIncludes.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace cdp {

bool isNvccCommand(llvm::ArrayRef<std::string> CommandLine) {
  if (CommandLine.empty())
    return false;
  llvm::StringRef Program = llvm::sys::path::stem(CommandLine.front());
  return Program == "nvcc";
}

namespace {

/// What an nvcc flag means for a device-side parse (NvccFlags.def).
enum class FlagKind {
  Clang,           ///< clang's flag of the same meaning, with the value
  GpuArchitecture, ///< -arch, --gpu-architecture
  GenerateCode,    ///< -gencode, --generate-code
  GpuCode,         ///< -code, --gpu-code
  Rdc,             ///< -rdc, --relocatable-device-code
  DeviceCompile,   ///< -dc: compile with relocatable device code
  DeviceDebug,     ///< -G: defines __CUDACC_DEBUG__, as nvcc does
  HostOptions,     ///< -Xcompiler, --compiler-options
  OptionsFile,     ///< -optf, --options-file
  DefaultStream,   ///< -default-stream, --default-stream
  ForwardUnknown,  ///< -forward-unknown-to-host-compiler
  HostCompiler,    ///< -ccbin, --compiler-bindir
  DropWithValue,   ///< steers another pass of nvcc; takes a value
  Drop,            ///< steers another pass of nvcc, or the output
  Unknown,
};

/// One row of NvccFlags.def.
struct NvccFlag {
  llvm::StringLiteral Short, Long;
  FlagKind Kind;
  /// For FlagKind::Clang: clang's spelling, and whether the value is
  /// joined to it.
  llvm::StringLiteral Clang = "";
  bool Joined = false;
};

constexpr NvccFlag NvccFlags[] = {
#define NVCC_FLAG(SHORT, LONG, KIND) {SHORT, LONG, FlagKind::KIND},
#define NVCC_CLANG_FLAG(SHORT, LONG, SPELLING, JOINED)                         \
  {SHORT, LONG, FlagKind::Clang, SPELLING, JOINED},
#include "Driver/NvccFlags.def"
};

/// The flag nvcc spells \p Name (without its dashes); null when nvcc has
/// none.
const NvccFlag *flagNamed(llvm::StringRef Name) {
  for (const NvccFlag &Flag : NvccFlags)
    if (Name == Flag.Short || (!Flag.Long.empty() && Name == Flag.Long))
      return &Flag;
  return nullptr;
}

/// An argument that names a flag, as nvcc reads it: its name without the
/// dashes, split at the first `=`.
struct FlagSpelling {
  llvm::StringRef Key;    ///< `arch` of `--arch=sm_90`
  llvm::StringRef Joined; ///< `sm_90` of `--arch=sm_90`
  bool HasJoinedValue;
};

/// \p Arg's spelling; nothing for an input (`-` is standard input).
std::optional<FlagSpelling> spellingOf(llvm::StringRef Arg) {
  if (!Arg.starts_with("-") || Arg == "-" || Arg == "--")
    return std::nullopt;
  llvm::StringRef Name = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
  auto [Key, Joined] = Name.split('=');
  return FlagSpelling{Key, Joined, Name.contains('=')};
}

/// The flag whose value is joined to its one-letter name (`-Ifoo`).
const NvccFlag *joinedFlagOf(llvm::StringRef Arg) {
  if (Arg.size() < 3 || Arg[0] != '-' || Arg[1] == '-' ||
      !llvm::is_contained({'I', 'D', 'U', 'L', 'l'}, Arg[1]))
    return nullptr;
  return flagNamed(Arg.substr(1, 1));
}

bool takesValue(FlagKind Kind) {
  switch (Kind) {
  case FlagKind::DeviceCompile:
  case FlagKind::DeviceDebug:
  case FlagKind::ForwardUnknown:
  case FlagKind::Drop:
  case FlagKind::Unknown:
    return false;
  default:
    return true;
  }
}

/// The clang architecture (`sm_80`, `sm_90a`) of nvcc's `sm_80`,
/// `compute_80` or `lto_80`; nothing for a name nvcc resolves itself.
std::optional<std::string> clangArchitecture(llvm::StringRef Name) {
  Name = Name.trim().trim("\"'[]");
  for (llvm::StringRef Prefix : {"sm_", "compute_", "lto_"})
    if (Name.consume_front(Prefix) && !Name.empty() &&
        llvm::isDigit(Name.front()))
      return "sm_" + Name.str();
  return std::nullopt;
}

class Translation {
public:
  Translation(llvm::StringRef Directory) : Directory(Directory) {}

  llvm::Error run(llvm::ArrayRef<std::string> Args, unsigned Depth = 0);

  ClangCommandLine finish(std::string Program) {
    ClangCommandLine Result;
    Result.Arguments.push_back(std::move(Program));
    // -arch alone embeds the PTX too (-arch=sm_80 is
    // -gencode arch=compute_80,code=[sm_80,compute_80]); with -code, when
    // that names a compute_ target.
    bool ArchEmbedsPtx =
        !GpuCode || llvm::StringRef(*GpuCode).contains("compute_");
    for (const std::string &Name : ArchitectureNames)
      addArchitecture(Name, ArchEmbedsPtx);
    // nvcc's own default target when the command names none (CUDA 13):
    // -arch=sm_75, PTX included.
    if (Architectures.empty() && Unresolved.empty())
      addArchitecture("sm_75", /*EmbedsPtx=*/true);
    for (std::string &Arch : Architectures)
      Result.Arguments.push_back("--cuda-gpu-arch=" + Arch);
    // clang's spelling of the PTX the build embeds, which GPUs newer than
    // every compiled architecture JIT-compile.
    for (std::string &Arch : PtxArchitectures)
      Result.Arguments.push_back("--cuda-include-ptx=" + Arch);
    if (Rdc)
      Result.Arguments.push_back("-fgpu-rdc");
    llvm::append_range(Result.Arguments, Flags);
    // A translated flag that the device-side parse has no use for
    // (-fgpu-default-stream) is the translation's, not the user's: no
    // "argument unused during compilation" for it.
    Result.Arguments.push_back("-Qunused-arguments");
    // The headers nvcc's host compiler finds (omp.h in GCC's own
    // directory), searched after clang's own.
    for (std::string &Dir :
         hostCompilerIncludeDirs(hostCompilerFor(HostCompiler))) {
      Result.Arguments.push_back("-idirafter");
      Result.Arguments.push_back(std::move(Dir));
    }
    for (size_t I = 0; I < Inputs.size(); ++I) {
      if (!isCudaInput(Inputs[I]))
        continue;
      Result.Arguments.push_back(Inputs[I]);
      if (InputPositions[I])
        Result.CudaSourcePositions.push_back(InputPositions[I]);
    }
    Result.Unknown = std::move(Unknown);
    Result.UnresolvedArchitectures = std::move(Unresolved);
    Result.HostCompiler = std::move(HostCompiler);
    return Result;
  }

  /// `-x cu`: every source of the command is CUDA.
  bool AllSourcesCuda = false;

private:
  /// Whether the parse reads \p Input: a CUDA source. nvcc compiles C and
  /// C++ files with the host compiler (unless `-x cu`) and passes objects,
  /// libraries, PTX and cubins to the link as they are; so does the tool's
  /// caller, cdp-nvcc.
  bool isCudaInput(llvm::StringRef Input) const {
    llvm::StringRef Extension = llvm::sys::path::extension(Input);
    if (llvm::is_contained({".c", ".cc", ".cpp", ".cxx", ".C", ".c++"},
                           Extension))
      return AllSourcesCuda;
    return !llvm::is_contained({".o", ".obj", ".a", ".lib", ".so", ".dylib",
                                ".dll", ".ptx", ".cubin", ".fatbin", ".res"},
                               Extension) &&
           !Input.contains(".so.");
  }

  void addArchitectures(llvm::StringRef List, bool EmbedsPtx) {
    llvm::SmallVector<llvm::StringRef> Names;
    List.split(Names, ',');
    for (llvm::StringRef Name : Names)
      addArchitecture(Name, EmbedsPtx);
  }
  void addArchitecture(llvm::StringRef Name, bool EmbedsPtx) {
    if (std::optional<std::string> Arch = clangArchitecture(Name)) {
      if (!llvm::is_contained(Architectures, *Arch))
        Architectures.push_back(*Arch);
      if (EmbedsPtx && !llvm::is_contained(PtxArchitectures, *Arch))
        PtxArchitectures.push_back(*Arch);
    } else if (!Name.empty()) {
      Unresolved.push_back(Name.str());
    }
  }
  /// `arch=compute_80,code=[compute_80,sm_80]`: the virtual architecture
  /// decides `__CUDA_ARCH__`, and a compute_ code embeds its PTX; without
  /// one, each real one does.
  void addGeneratedCode(llvm::StringRef Spec) {
    Spec = Spec.trim("\"'");
    size_t Arch = Spec.find("arch=");
    size_t Code = Spec.find("code=");
    llvm::StringRef Codes =
        Code == llvm::StringRef::npos ? "" : Spec.substr(Code + 5);
    if (Arch != llvm::StringRef::npos) {
      addArchitecture(Spec.substr(Arch + 5).split(',').first,
                      Codes.contains("compute_"));
      return;
    }
    addArchitectures(Codes, /*EmbedsPtx=*/false);
  }
  void addHostFlag(llvm::StringRef Flag);
  void addFlag(const NvccFlag &Flag, llvm::StringRef Value);

  llvm::StringRef Directory;
  std::vector<std::string> Architectures, PtxArchitectures, Unresolved, Flags,
      Inputs, Unknown;
  /// Each input's position in the command line (0 = the program), or 0
  /// for one read from an options file.
  std::vector<unsigned> InputPositions;
  /// -arch's names, resolved with -code at the end (either may come first).
  std::vector<std::string> ArchitectureNames;
  std::optional<std::string> GpuCode;
  bool Rdc = false;
  bool ForwardUnknown = false;
  std::string HostCompiler;
};

/// Host-compiler flags that change what the source means to a parse:
/// macros, include paths, the language standard. The rest (warnings,
/// code generation, -march) is the host compiler's business.
void Translation::addHostFlag(llvm::StringRef Flag) {
  for (llvm::StringRef Prefix :
       {"-D", "-U", "-I", "-isystem", "-iquote", "-idirafter", "-std=", "-O"})
    if (Flag.starts_with(Prefix) && Flag.size() > Prefix.size()) {
      Flags.push_back(Flag.str());
      return;
    }
  if (Flag == "-w") {
    Flags.push_back(Flag.str());
    return;
  }
  // A -f flag clang knows, unless it turns on another offloading model or
  // instrumentation.
  if (!Flag.starts_with("-f") || Flag.starts_with("-fopenmp") ||
      Flag.starts_with("-fsanitize") || Flag.starts_with("-fprofile") ||
      Flag.starts_with("-fcoverage") || Flag.starts_with("-flto"))
    return;
  std::string Nearest;
  if (clang::getDriverOptTable().findExact(Flag, Nearest) ||
      clang::getDriverOptTable().findNearest(Flag, Nearest) == 0)
    Flags.push_back(Flag.str());
}

void Translation::addFlag(const NvccFlag &Flag, llvm::StringRef Value) {
  switch (Flag.Kind) {
  case FlagKind::Clang:
    if (Flag.Joined) {
      Flags.push_back((Flag.Clang + Value).str());
    } else {
      Flags.push_back(Flag.Clang.str());
      Flags.push_back(Value.str());
    }
    return;
  case FlagKind::GpuArchitecture: {
    llvm::SmallVector<llvm::StringRef> Names;
    Value.split(Names, ',');
    for (llvm::StringRef Name : Names)
      ArchitectureNames.push_back(Name.str());
    return;
  }
  case FlagKind::GpuCode:
    GpuCode = Value.str();
    return;
  case FlagKind::GenerateCode:
    addGeneratedCode(Value);
    return;
  case FlagKind::Rdc:
    Rdc = Value == "true";
    return;
  case FlagKind::DeviceCompile:
    Rdc = true;
    return;
  case FlagKind::DeviceDebug:
    // nvcc -G defines it for the host and the device passes both; the
    // lowering writes launches otherwise for such a build
    // (LowerLaunchesAction).
    Flags.push_back("-D__CUDACC_DEBUG__");
    return;
  case FlagKind::HostOptions: {
    // nvcc splits the value at commas and at spaces: Makefiles write
    // `--compiler-options "-O2 -pthread -fPIC"` as one argument.
    llvm::SmallVector<llvm::StringRef> HostFlags;
    llvm::SplitString(Value, HostFlags, ", \t");
    for (llvm::StringRef Flag : HostFlags)
      addHostFlag(Flag.trim("\"'"));
    return;
  }
  case FlagKind::DefaultStream:
    if (Value == "per-thread")
      Flags.push_back("-fgpu-default-stream=per-thread");
    return;
  case FlagKind::ForwardUnknown:
    ForwardUnknown = true;
    return;
  case FlagKind::HostCompiler:
    HostCompiler = Value.str();
    return;
  case FlagKind::OptionsFile:
    return; // Read by run().
  case FlagKind::DropWithValue:
  case FlagKind::Drop:
  case FlagKind::Unknown:
    return;
  }
}

llvm::Error Translation::run(llvm::ArrayRef<std::string> Args, unsigned Depth) {
  // Positions are the command line's, whose program run() does not see.
  auto AddInput = [&](size_t I) {
    Inputs.push_back(Args[I]);
    InputPositions.push_back(Depth == 0 ? I + 1 : 0);
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == "--") {
      // The input files, as an interpolated command gives them, after a
      // `--` that clang reads the same way.
      Inputs.push_back("--");
      InputPositions.push_back(0);
      for (size_t Input = I + 1; Input < Args.size(); ++Input)
        AddInput(Input);
      break;
    }
    std::optional<FlagSpelling> Spelled = spellingOf(Arg);
    if (!Spelled) {
      AddInput(I);
      continue;
    }
    llvm::StringRef Key = Spelled->Key;
    const NvccFlag *Flag = flagNamed(Key);
    if (!Flag) {
      if (Key.starts_with("O") && !Arg.starts_with("--")) {
        Flags.push_back(Arg.str()); // -O3: it defines __OPTIMIZE__.
        continue;
      }
      if (Key.starts_with("W") && !Arg.starts_with("--"))
        continue; // nvcc's or the host's warnings, not this parse's.
      if (const NvccFlag *Short = joinedFlagOf(Arg)) {
        addFlag(*Short, Arg.drop_front(2));
        continue;
      }
      if (ForwardUnknown)
        addHostFlag(Arg);
      else
        Unknown.push_back(Arg.str());
      continue;
    }
    FlagKind Kind = Flag->Kind;
    llvm::StringRef Value = Spelled->Joined;
    if (takesValue(Kind) && !Spelled->HasJoinedValue) {
      // `-Werror` alone is a flag; its list of kinds is optional.
      if (Key == "Werror")
        continue;
      // nvcc's own words; a parse for its default architecture instead
      // would check code the build never compiles.
      if (I + 1 == Args.size())
        return llvm::createStringError("argument expected after '" + Arg + "'");
      Value = Args[++I];
    }
    if (Kind == FlagKind::OptionsFile) {
      if (Depth > 16)
        return llvm::createStringError("options files nested too deeply");
      llvm::SmallString<256> Path(Value);
      llvm::sys::path::make_absolute(Directory, Path);
      auto Contents = llvm::MemoryBuffer::getFile(Path);
      if (!Contents)
        return llvm::createStringError("cannot read nvcc options file '" +
                                       Value +
                                       "': " + Contents.getError().message());
      llvm::BumpPtrAllocator Allocator;
      llvm::StringSaver Saver(Allocator);
      llvm::SmallVector<const char *> Tokens;
      llvm::cl::TokenizeGNUCommandLine((*Contents)->getBuffer(), Saver, Tokens);
      std::vector<std::string> Nested(Tokens.begin(), Tokens.end());
      if (llvm::Error E = run(Nested, Depth + 1))
        return E;
      continue;
    }
    addFlag(*Flag, Value);
  }
  return llvm::Error::success();
}

} // namespace

/// Whether clang's driver reads \p Arg as a flag of that very name (its
/// value, if any, after `=`), rather than as another flag with a value
/// joined to it or not at all.
static bool clangSpells(llvm::StringRef Arg) {
  std::string Copy = Arg.str();
  // A value for a flag that takes the next argument (`-x cu`).
  const char *Argv[] = {Copy.c_str(), "value"};
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
  if (Parsed.begin() == Parsed.end())
    return false;
  const llvm::opt::Arg &Read = **Parsed.begin();
  return Read.getOption().getID() != clang::options::OPT_UNKNOWN &&
         Read.getSpelling().rtrim('=') == Arg.split('=').first;
}

bool namesNvccOnlyFlag(llvm::ArrayRef<std::string> Flags) {
  return llvm::any_of(Flags, [](llvm::StringRef Arg) {
    std::optional<FlagSpelling> Spelled = spellingOf(Arg);
    const NvccFlag *Flag = Spelled ? flagNamed(Spelled->Key) : nullptr;
    // Warnings (-Werror, -Wreorder) are both compilers' flags.
    if (!Flag || Arg.starts_with("-W"))
      return false;
    switch (Flag->Kind) {
    case FlagKind::Clang:
    case FlagKind::Unknown:
      return false; // Spelled as clang spells it.
    case FlagKind::Drop:
    case FlagKind::DropWithValue:
      // -c, -g, -w, -M, -x are clang's too; -lineinfo is not -l ineinfo.
      return !clangSpells(Arg);
    default:
      return true; // -arch and -G included, which clang reads otherwise.
    }
  });
}

llvm::Expected<ClangCommandLine>
translateNvccCommand(llvm::ArrayRef<std::string> CommandLine,
                     llvm::StringRef Directory) {
  Translation T(Directory);
  if (CommandLine.empty())
    return T.finish("clang++");
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    llvm::StringRef Arg = CommandLine[I];
    if (Arg == "-xcu" || Arg == "--x=cu" || Arg == "-x=cu" ||
        ((Arg == "-x" || Arg == "--x") && I + 1 < CommandLine.size() &&
         CommandLine[I + 1] == "cu"))
      T.AllSourcesCuda = true;
  }
  if (llvm::Error E = T.run(CommandLine.drop_front()))
    return E;
  // The parse is clang's: the program name says so in --print-commands.
  return T.finish("clang++");
}

} // namespace cdp
