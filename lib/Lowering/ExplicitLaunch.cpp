//===- ExplicitLaunch.cpp - A launch as the device runtime's calls --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/ExplicitLaunch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

namespace cdp {
namespace {

/// `int *` and `x` make `int *x`; `char` and `x` make `char x`.
std::string declaration(llvm::StringRef Type, llvm::StringRef Name) {
  bool Tight = Type.ends_with("*") || Type.ends_with("&");
  return (Type + (Tight ? "" : " ") + Name).str();
}

std::string argName(unsigned Index) {
  return "cdp_arg" + std::to_string(Index);
}

/// The configuration operands, each declared as `<<<>>>` converts it.
const char *const ConfigDeclarations[] = {
    "const dim3 cdp_grid = ", "const dim3 cdp_block = ",
    "const unsigned cdp_shmem = ", "const cudaStream_t cdp_stream = "};

} // namespace

ExplicitLaunchText spellExplicitLaunch(const ExplicitLaunchInput &Input) {
  const std::string Body = Input.Indent + "  ";
  const std::string Block = Body + "  ";
  auto ArgDeclaration = [&](unsigned Index) {
    return declaration(Input.ParamTypes[Index], argName(Index)) + " = ";
  };
  ExplicitLaunchText Text;

  Text.BeforeCallee = "[&] {\n" + Body + "void (*cdp_kernel)(" +
                      llvm::join(Input.ParamTypes, ", ") + ") = ";
  Text.TripleLess = ";\n" + Body + ConfigDeclarations[0];
  for (unsigned I = 1; I < Input.WrittenConfig; ++I)
    Text.ConfigCommas.push_back(";\n" + Body + ConfigDeclarations[I]);

  Text.TripleGreater = ";\n";
  for (unsigned I = Input.WrittenConfig; I < 4; ++I)
    Text.TripleGreater += Body + ConfigDeclarations[I] + "0;\n";
  if (Input.WrittenArgs > 0)
    Text.TripleGreater += Body + ArgDeclaration(0);
  for (unsigned I = 1; I < Input.WrittenArgs; ++I)
    Text.ArgCommas.push_back(";\n" + Body + ArgDeclaration(I));

  std::string &Tail = Text.RParen;
  if (Input.WrittenArgs > 0)
    Tail += ";\n";
  for (unsigned I = 0; I < Input.DefaultArgTexts.size(); ++I)
    Tail += Body + ArgDeclaration(Input.WrittenArgs + I) +
            Input.DefaultArgTexts[I] + ";\n";
  Tail += Body +
          "void *cdp_buffer = cudaGetParameterBufferV2(reinterpret_cast<void "
          "*>(cdp_kernel), cdp_grid, cdp_block, cdp_shmem);\n";
  Tail += Body + "if (cdp_buffer) {\n";
  if (!Input.ParamTypes.empty())
    Tail += Block + "char *cdp_params = static_cast<char *>(cdp_buffer);\n";
  bool PerArch = Input.OffsetsByArch.size() > 1;
  for (unsigned A = 0; A < Input.OffsetsByArch.size(); ++A) {
    const ExplicitLaunchInput::Offsets &Offsets = Input.OffsetsByArch[A];
    if (PerArch)
      Tail += A == 0                      ? "#if " + Offsets.Condition + "\n"
              : Offsets.Condition.empty() ? std::string("#else\n")
                                          : "#elif " + Offsets.Condition + "\n";
    for (unsigned I = 0; I < Input.ParamTypes.size(); ++I) {
      std::string Slot = "cdp_params + " + std::to_string(Offsets.Values[I]);
      std::string Address = Input.OverloadsAddressOf[I]
                                ? "__builtin_addressof(" + argName(I) + ")"
                                : "&" + argName(I);
      switch (Input.Stores[I]) {
      case ExplicitLaunchInput::Store::Bytes:
        Tail += Block + "memcpy(" + Slot + ", " + Address + ", sizeof " +
                argName(I) + ");\n";
        break;
      case ExplicitLaunchInput::Store::Assign:
        Tail += Block + "*reinterpret_cast<" +
                declaration(Input.ParamTypes[I], "*") + ">(" + Slot +
                ") = " + argName(I) + ";\n";
        break;
      case ExplicitLaunchInput::Store::Address: {
        // `const ::Graph &` is passed as a `const ::Graph *`.
        std::string Pointer =
            llvm::StringRef(Input.ParamTypes[I]).drop_back().rtrim().str() +
            " *";
        Tail += Block + "*reinterpret_cast<" + declaration(Pointer, "*") +
                ">(" + Slot + ") = " + Address + ";\n";
        break;
      }
      }
    }
  }
  if (PerArch)
    Tail += "#endif\n";
  Tail += Block + "cudaLaunchDeviceV2(cdp_buffer, cdp_stream);\n";
  Tail += Body + "}\n" + Input.Indent + "}()";
  return Text;
}

} // namespace cdp
