//===- SpacedChevronsTest.cpp - nvcc's spaced launch chevrons -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc reads `k << <1, 1 >> > (p)` as a launch and clang does not; the parse
// reads a copy with the chevrons joined, as long as the original.
//
//===----------------------------------------------------------------------===//

#include "Driver/SpacedChevrons.h"

#include "gtest/gtest.h"

using namespace cdp;

namespace {

TEST(SpacedChevrons, JoinsALaunchKeepingTheLength) {
  const std::string Text = "k << <1, 1 >> > (p);";
  std::optional<JoinedChevrons> Joined = joinSpacedChevrons(Text);
  ASSERT_TRUE(Joined);
  EXPECT_EQ(Joined->Text.size(), Text.size());
  EXPECT_NE(Joined->Text.find("<<<"), std::string::npos);
  EXPECT_NE(Joined->Text.find(">>>"), std::string::npos);
  EXPECT_EQ(Joined->Spans.size(), 2u);
}

TEST(SpacedChevrons, LeavesJoinedChevronsAlone) {
  EXPECT_FALSE(joinSpacedChevrons("k<<<1, 1>>>(p);"));
}

TEST(SpacedChevrons, AnOperatorTemplateIsNotALaunch) {
  EXPECT_FALSE(joinSpacedChevrons("auto f = &operator<< <int>;"));
}

TEST(SpacedChevrons, NestedTemplateArgumentsAreNotALaunch) {
  EXPECT_FALSE(joinSpacedChevrons("A<B<C<int>> > x;"));
}

TEST(SpacedChevrons, EditsOfTheJoinedTextWidenOverTheSpacedOnes) {
  const std::string Text = "k << <1, 1 >> > (p);";
  std::optional<JoinedChevrons> Joined = joinSpacedChevrons(Text);
  ASSERT_TRUE(Joined);
  size_t Open = Joined->Text.find("<<<");
  std::vector<TextEdit> Edits = {{static_cast<unsigned>(Open), 3, "("}};
  widenOverSpacedChevrons(Edits, *Joined);
  ASSERT_EQ(Edits.size(), 1u);
  EXPECT_EQ(Text.substr(Edits[0].Offset, Edits[0].Length), "<< <");
}

} // namespace
