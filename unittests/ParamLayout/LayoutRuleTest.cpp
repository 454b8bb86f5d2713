//===- LayoutRuleTest.cpp - The parameter layout rule ---------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// layoutParams on sizes and alignments, with the origins measured from the
// cubins (ParamLayout.h). The lit tests check the rule through clang types
// and nvcc's static_asserts; these pin the arithmetic itself.
//
//===----------------------------------------------------------------------===//

#include "ParamLayout/ParamLayout.h"

#include "gtest/gtest.h"

using namespace cdp;

namespace {

std::vector<uint64_t> offsetsOf(const KernelParamLayout &Layout) {
  std::vector<uint64_t> Offsets;
  for (const ParamSlot &Slot : Layout.Params)
    Offsets.push_back(Slot.Offset);
  return Offsets;
}

TEST(LayoutRule, ScalarsGoToTheNextMultipleOfTheirAlignment) {
  // char, int, double, short: the guide's "multiple of the size" holds.
  KernelParamLayout Layout =
      layoutParams({{1, 1}, {4, 4}, {8, 8}, {2, 2}}, paramAlignmentBase(90));
  EXPECT_EQ(offsetsOf(Layout), (std::vector<uint64_t>{0, 4, 8, 16}));
  EXPECT_EQ(Layout.BufferSize, 18u);
  EXPECT_EQ(Layout.BufferAlign, 8u);
  EXPECT_FALSE(Layout.DependsOnArch);
  EXPECT_TRUE(Layout.offsetsKnown());
}

TEST(LayoutRule, AlignmentNotSizePlacesAStruct) {
  // A 12-byte struct of three ints aligns to 4, not to 12 or 16.
  KernelParamLayout Layout =
      layoutParams({{1, 1}, {12, 4}, {8, 8}}, paramAlignmentBase(80));
  EXPECT_EQ(offsetsOf(Layout), (std::vector<uint64_t>{0, 4, 16}));
  EXPECT_EQ(Layout.BufferSize, 24u);
}

TEST(LayoutRule, OriginsDifferByArchitecture) {
  EXPECT_EQ(paramAlignmentBase(75), 0x160u);
  EXPECT_EQ(paramAlignmentBase(89), 0x160u);
  EXPECT_EQ(paramAlignmentBase(90), 0x210u);
  EXPECT_EQ(paramAlignmentBase(100), 0u);
  EXPECT_EQ(paramAlignmentBase(120), 0u);
}

TEST(LayoutRule, AboveSixteenBytesTheOffsetDependsOnTheArchitecture) {
  // An __align__(32) parameter first: 0x210 is 16 past a multiple of 32.
  const std::vector<ParamType> Types = {{32, 32}, {4, 4}};
  EXPECT_EQ(offsetsOf(layoutParams(Types, paramAlignmentBase(90))),
            (std::vector<uint64_t>{16, 48}));
  EXPECT_EQ(offsetsOf(layoutParams(Types, paramAlignmentBase(80))),
            (std::vector<uint64_t>{0, 32}));
  EXPECT_EQ(offsetsOf(layoutParams(Types, paramAlignmentBase(100))),
            (std::vector<uint64_t>{0, 32}));
  KernelParamLayout Layout = layoutParams(Types, paramAlignmentBase(90));
  EXPECT_TRUE(Layout.DependsOnArch);
  EXPECT_FALSE(Layout.offsetsKnown());
  EXPECT_EQ(Layout.BufferAlign, 32u);
}

TEST(LayoutRule, FromSm100AlignmentCountsFromTheParameters) {
  // __align__(256): offset 0 on sm_100, not the absolute multiple (128).
  EXPECT_EQ(offsetsOf(layoutParams({{256, 256}}, paramAlignmentBase(100))),
            (std::vector<uint64_t>{0}));
  EXPECT_EQ(offsetsOf(layoutParams({{256, 256}}, paramAlignmentBase(90))),
            (std::vector<uint64_t>{240}));
}

TEST(LayoutRule, TheBufferLimitIsFourKilobytes) {
  std::vector<ParamType> Ints(1024, ParamType{4, 4});
  EXPECT_TRUE(layoutParams(Ints, 0).fitsParamBuffer());
  Ints.push_back({4, 4});
  EXPECT_FALSE(layoutParams(Ints, 0).fitsParamBuffer());
}

TEST(LayoutRule, NoParameters) {
  KernelParamLayout Layout = layoutParams({}, paramAlignmentBase(90));
  EXPECT_TRUE(Layout.Params.empty());
  EXPECT_EQ(Layout.BufferSize, 0u);
  EXPECT_EQ(Layout.BufferAlign, 1u);
}

} // namespace
