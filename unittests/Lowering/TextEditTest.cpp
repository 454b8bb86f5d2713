//===- TextEditTest.cpp - Applying and merging edits ----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The edits of each GPU architecture's parse are merged into one set
// (lib/Lowering/TextEdit.h); these pin the merge's rules.
//
//===----------------------------------------------------------------------===//

#include "Lowering/TextEdit.h"

#include "gtest/gtest.h"

using namespace cdp;

namespace {

TEST(TextEdits, ApplyReplacesAndInserts) {
  EXPECT_EQ(
      applyTextEdits("k<<<1, 1>>>(p);", {{0, 0, "/*a*/"}, {1, 10, "(1, 1)"}}),
      "/*a*/k(1, 1)(p);");
}

TEST(TextEdits, InsertionsAtOneOffsetKeepTheirOrder) {
  EXPECT_EQ(applyTextEdits("x", {{0, 0, "a"}, {0, 0, "b"}, {1, 0, "c"}}),
            "abxc");
}

TEST(TextEdits, MergeKeepsWhatEveryPassMadeOnce) {
  // Both architectures lower the launch at 10; only one compiles the
  // launch at 40 (an #if __CUDA_ARCH__ branch).
  std::vector<TextEdit> Sm75 = {{10, 5, "lowered"}};
  std::vector<TextEdit> Sm90 = {{10, 5, "lowered"}, {40, 3, "other"}};
  llvm::Expected<std::vector<TextEdit>> Merged = mergeTextEdits({Sm75, Sm90});
  ASSERT_TRUE(static_cast<bool>(Merged)) << llvm::toString(Merged.takeError());
  EXPECT_EQ(*Merged,
            (std::vector<TextEdit>{{10, 5, "lowered"}, {40, 3, "other"}}));
}

TEST(TextEdits, MergeRefusesTwoPassesThatDisagree) {
  std::vector<TextEdit> Sm75 = {{10, 5, "one"}};
  std::vector<TextEdit> Sm90 = {{10, 5, "two"}};
  llvm::Expected<std::vector<TextEdit>> Merged = mergeTextEdits({Sm75, Sm90});
  ASSERT_FALSE(static_cast<bool>(Merged));
  EXPECT_NE(llvm::toString(Merged.takeError()).find("10"), std::string::npos);
}

TEST(TextEdits, InsertedLinesTakeTheFileLineEnding) {
  std::vector<TextEdit> Edits = {{0, 0, "#include <cdp/launch.cuh>\n"}};
  matchLineEndings("int x;\r\nint y;\r\n", Edits);
  EXPECT_EQ(Edits.front().Text, "#include <cdp/launch.cuh>\r\n");
  std::vector<TextEdit> Unix = {{0, 0, "a\n"}};
  matchLineEndings("int x;\n", Unix);
  EXPECT_EQ(Unix.front().Text, "a\n");
}

} // namespace
