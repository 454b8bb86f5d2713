//===- NvccAcceptedErrors.h - clang's errors in code nvcc builds -*- C++ -*-=//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Projects that nvcc builds can hold code that clang 22 refuses where
// nvcc never compiles it, or compiles it otherwise, and that the device
// code cdp-lower rewrites cannot depend on. ATLAS's calorimeter clustering
// (CaloRecGPU) has all three kinds this filter accepts:
//
// - Host code: an error in the body of a host function. nvcc's device
//   pass does not compile a host template's body at all, and reads other
//   host code in the host compiler's dialect (GCC accepts `holder !=
//   nullptr` where the class converts both to `void *` and to any `T *`;
//   clang finds it ambiguous). Device code cannot call a host function.
// - A template this file never instantiates, in a branch that only
//   nvcc's device pass takes (`#ifdef __CUDA_ARCH__`, DeviceOnlyCode.h):
//   the host pass does not see it, and the device pass compiles only the
//   templates it instantiates. No code comes of it.
// - An execution space given again: a `__device__` explicit
//   specialization or out-of-class definition of a `constexpr` function,
//   which clang makes `__host__ __device__` and nvcc does not. clang drops
//   the specialization, so its parse of the device code is not nvcc's:
//   the transforms, which read the bodies of the functions a child calls,
//   leave such a file's launches lowered only.
// - A template parameter that shadows another: nvcc's own front end
//   reports it as a warning (#497-D), and reads the inner parameter where
//   the name is used, as MSVC and clang's recovery do. The device pass
//   builds it; the host pass builds it where the host compiler accepts it
//   (MSVC does, GCC does not).
//
// - A `__shared__` variable of a class whose default constructor clang
//   finds not empty (`__shared__ cuda::barrier<...> bar;`, the guides'
//   own idiom): nvcc warns (#20054-D) that it does not run the
//   constructor, and builds it; clang refuses it and drops the variable,
//   so, as for an execution space given again, the transforms leave the
//   file's launches lowered only. With an initializer written
//   (`__shared__ int x = 0;`) nvcc refuses it too, and so does cdp-lower.
//
// - A call of a host function in a `static` or `inline` `__device__`
//   function that nothing references (gtsv_dynamic_parallelism's
//   `static __device__ double get_second()` calls `gettimeofday`): nvcc
//   compiles such a function only where something calls it, and checks
//   the side of its calls then; clang checks every function. No code
//   comes of it. Where something references the function, the error
//   stands, as nvcc's would.
//
// - A name in the parameters of a friend declaration whose declarator is
//   qualified (`friend __global__ void details::kernel(Callable<F>)`,
//   MUDA's), which only the qualifier's namespace declares. C++ looks such
//   names up in that namespace too, as nvcc and GCC do; clang 22 does not
//   for a friend, reports the name as unknown and suggests the qualified
//   one, which it then reads: what nvcc finds.
//
// The filter holds such an error back, with its notes, until the parse
// ends, and then passes it on as a warning with a note that says why nvcc
// builds the code (or, where the file turns out to instantiate the
// template, as the error it was). The lowered file keeps that code as
// written, so nvcc still judges it. Every other diagnostic passes as it
// comes. The lowering (LowerLaunchesAction) and --migrate-cdp1
// (MigrateCdp1Action) each install it for their parse.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_NVCCACCEPTEDERRORS_H
#define CDP_LOWER_CUDAAST_NVCCACCEPTEDERRORS_H

#include "CudaAST/DeviceOnlyCode.h"
#include "CudaAST/DiagnosticFilter.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class FunctionDecl;
} // namespace clang

namespace cdp {

class NvccAcceptedErrors : public DiagnosticFilter {
public:
  /// Puts a filter in front of \p CI's diagnostics client, for the parse
  /// that \p CI runs; it lives as long as that client.
  static NvccAcceptedErrors &install(clang::CompilerInstance &CI);

  /// Passes the held errors on, once the parse has ended: those nvcc
  /// builds as warnings, the others as errors.
  void settle(clang::ASTContext &Context);
  /// Whether every error of the parse was one that nvcc builds.
  bool onlyAcceptedErrors() const;
  /// Whether an accepted error makes clang's parse of the device code
  /// differ from nvcc's (an execution space given again, a `__shared__`
  /// variable dropped).
  bool deviceParseDiffers() const { return DeviceParseDiffers; }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  enum class Reason {
    HostCode,
    /// Host code that uses what the CUDA toolkit's headers do not declare
    /// (CUDA 13 removed cudaThreadSynchronize, cudaDeviceProp::clockRate):
    /// nvcc, which reads the same headers, rejects it too.
    ToolkitLacks,
    NoInstance,
    ExecutionSpace,
    /// A `__shared__` variable of a class with a constructor, without an
    /// initializer written.
    SharedConstructor,
    /// A call of a host function in a `static` or `inline` device
    /// function, which nvcc compiles only if something calls it.
    UncalledDeviceFunction,
    TemplateParameterShadow,
    /// A name in a qualified friend declaration that only its qualifier's
    /// namespace declares, which clang finds by its suggestion.
    QualifiedFriendName
  };
  struct HeldError {
    Reason Why;
    /// The function that decides: for NoInstance, the template that must
    /// have no instance; for UncalledDeviceFunction, the function that must
    /// have no reference.
    const clang::FunctionDecl *Decider = nullptr;
    /// The error, then its notes.
    std::vector<clang::StoredDiagnostic> Diagnostics;
  };

  NvccAcceptedErrors(clang::CompilerInstance &CI,
                     clang::DiagnosticConsumer &Next,
                     std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : DiagnosticFilter(Next, std::move(Owned)), CI(CI) {}
  /// Why nvcc builds the code of clang's error \p Info, if it does.
  std::optional<HeldError> heldFor(const clang::Diagnostic &Info) const;
  /// Whether the held error \p Error is one nvcc builds, now that the
  /// parse has ended.
  bool accepted(
      const HeldError &Error,
      const llvm::DenseSet<const clang::FunctionDecl *> &Instantiated) const;
  /// The note that says why cdp-lower lowers past an accepted error.
  static const char *whyLoweredPast(Reason Why);
  /// Reports \p Stored again at \p Level, through this filter.
  void reportAgain(const clang::StoredDiagnostic &Stored,
                   clang::DiagnosticsEngine::Level Level, bool WithFixIts);
  /// Passes the held errors on as they came (the parse ended early).
  void passOnHeld() override;

  clang::CompilerInstance &CI;
  std::vector<HeldError> Held;
  /// The last error was held: so are its notes.
  bool HoldingNotes = false;
  /// settle() is passing the held errors on.
  bool Settling = false;
  bool Settled = false;
  unsigned Accepted = 0;
  bool DeviceParseDiffers = false;
  DeviceOnlyCode DeviceOnly;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_NVCCACCEPTEDERRORS_H
