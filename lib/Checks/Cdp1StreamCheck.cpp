//===- Cdp1StreamCheck.cpp - CDP2-only streams in a CDP1 build ------------===//
//
// cdp-cdp1-stream. cudaStreamTailLaunch and cudaStreamFireAndForget are
// CDP2 features; a file that forces CDP1 (CUDA_FORCE_CDP1_IF_SUPPORTED on a
// target below sm_90) gets a device runtime that does not know them.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class Cdp1StreamCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    // Both are macros: ((cudaStream_t)0x3) and ((cudaStream_t)0x4).
    Finder.addMatcher(cStyleCastExpr(hasSourceExpression(integerLiteral()),
                                     hasType(pointerType()),
                                     unless(isInTemplateInstantiation()))
                          .bind("stream"),
                      this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Context.cdpVersion() != CdpVersion::CDP1)
      return;
    const auto *Stream = Result.Nodes.getNodeAs<Expr>("stream");
    StringRef Name = specialStreamName(*Stream, Context.ast());
    if (Name.empty() || !StringRef(Stream->getType().getAsString()).starts_with(
                            "cudaStream_t"))
      return;
    const SourceManager &SM = Context.sourceManager();
    diag(SM.getExpansionLoc(Stream->getBeginLoc()),
         "%0 exists only under CDP2, but this file is built for CDP1 "
         "(CUDA_FORCE_CDP1_IF_SUPPORTED on a target below sm_90); remove "
         "CUDA_FORCE_CDP1_IF_SUPPORTED, or launch into a stream created with "
         "cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)")
        << Name;
  }
};

} // namespace

std::unique_ptr<Check> createCdp1StreamCheck(StringRef Name,
                                             CheckContext &Context) {
  return std::make_unique<Cdp1StreamCheck>(Name, Context);
}

} // namespace cdp
