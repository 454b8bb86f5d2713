//===- EnclosingStatementsTest.cpp - A body's statements, kept ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// EnclosingStatements::of keeps one map per body while its ASTContext
// lives. These pin that a body's map is built once, and that a context
// destroyed takes its maps with it: a later context whose bodies reuse the
// old addresses must not be answered from the old maps.
//
//===----------------------------------------------------------------------===//

#include "CudaAST/EnclosingStatements.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include "gtest/gtest.h"

#include <string>

using namespace clang;
using namespace cdp;

namespace {

/// The body of the function \p Name in \p Unit.
const Stmt *bodyOf(ASTUnit &Unit, llvm::StringRef Name) {
  for (const Decl *D : Unit.getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->getName() == Name)
        return F->getBody();
  return nullptr;
}

/// The first statement of \p Body nested \p Depth compound statements in.
const Stmt *innermost(const Stmt *Body, unsigned Depth) {
  const Stmt *S = Body;
  for (unsigned I = 0; I <= Depth; ++I)
    S = *cast<CompoundStmt>(S)->body_begin();
  return S;
}

/// `void f() { { ... { g(); } ... } }`, \p Depth blocks around the call.
std::string nested(unsigned Depth) {
  std::string Code = "void g();\nvoid f() {";
  for (unsigned I = 0; I < Depth; ++I)
    Code += " {";
  Code += " g();";
  for (unsigned I = 0; I < Depth; ++I)
    Code += " }";
  return Code + " }\n";
}

TEST(EnclosingStatements, ABodysMapIsBuiltOnce) {
  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCode(nested(2));
  const Stmt *Body = bodyOf(*Unit, "f");
  ASSERT_NE(Body, nullptr);
  ASTContext &Context = Unit->getASTContext();
  const EnclosingStatements &First = EnclosingStatements::of(*Body, Context);
  EXPECT_EQ(&First, &EnclosingStatements::of(*Body, Context));
  // The call, in two blocks in the body: three holders, the body last.
  const std::vector<EnclosingStatements::Holder> Holders =
      First.holding(*innermost(Body, 2));
  ASSERT_EQ(Holders.size(), 3u);
  EXPECT_EQ(Holders.back().Outer, Body);
}

TEST(EnclosingStatements, AContextsMapsGoWithIt) {
  const size_t Before = EnclosingStatements::contextsKept();
  {
    std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCode(nested(1));
    const Stmt *Body = bodyOf(*Unit, "f");
    ASSERT_NE(Body, nullptr);
    EnclosingStatements::of(*Body, Unit->getASTContext());
    EXPECT_EQ(EnclosingStatements::contextsKept(), Before + 1);
  }
  // Kept past its context, a map would answer for a body of a later
  // context at the same address, from freed statements.
  EXPECT_EQ(EnclosingStatements::contextsKept(), Before);
}

TEST(EnclosingStatements, EachContextIsAnsweredFromItsOwnBodies) {
  // Each unit nests the call another depth, in a context that may take
  // the addresses of the one before.
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCode(nested(Depth));
    const Stmt *Body = bodyOf(*Unit, "f");
    ASSERT_NE(Body, nullptr);
    const EnclosingStatements &Statements =
        EnclosingStatements::of(*Body, Unit->getASTContext());
    EXPECT_EQ(Statements.holding(*innermost(Body, Depth)).size(), Depth + 1)
        << "at depth " << Depth;
  }
}

TEST(EnclosingStatements, AStatementOutsideTheBodyHasNoHolders) {
  std::unique_ptr<ASTUnit> Unit =
      tooling::buildASTFromCode("void g();\nvoid f() { g(); }\n"
                                "void h() { { g(); } }\n");
  const Stmt *F = bodyOf(*Unit, "f");
  const Stmt *H = bodyOf(*Unit, "h");
  ASSERT_TRUE(F && H);
  const EnclosingStatements &OfF =
      EnclosingStatements::of(*F, Unit->getASTContext());
  EXPECT_TRUE(OfF.holding(*innermost(H, 1)).empty());
  EXPECT_EQ(OfF.parentOf(*innermost(F, 0)), F);
}

} // namespace
