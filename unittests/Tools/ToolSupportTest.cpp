//===- ToolSupportTest.cpp - the tools' nesting scan ----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Tools/ToolSupport.h"

#include "gtest/gtest.h"

using namespace mlir::sched;

namespace {

/// Returns the offset findNestingExcess reports, or -1 for none.
long excessAt(llvm::StringRef text, unsigned maxDepth) {
  std::optional<NestingExcess> excess = findNestingExcess(text, maxDepth);
  return excess ? long(excess->offset) : -1;
}

TEST(NestingScanTest, CountsEveryBracketKind) {
  EXPECT_EQ(excessAt("{{}}", 2), -1);
  EXPECT_EQ(excessAt("{{{}}}", 2), 2);
  EXPECT_EQ(excessAt("([{x}])", 2), 2);
  EXPECT_EQ(excessAt("{}{}{}", 1), -1);
}

TEST(NestingScanTest, SkipsStringsAndComments) {
  EXPECT_EQ(excessAt("\"{{{{\" {", 1), -1);
  EXPECT_EQ(excessAt("\"a\\\"{{{\" {", 1), -1);
  EXPECT_EQ(excessAt("// {{{{\n{", 1), -1);
  EXPECT_EQ(excessAt("// {{{{\n{{", 1), 9);
  // A `/` alone is no comment.
  EXPECT_EQ(excessAt("a / {{", 1), 5);
}

TEST(NestingScanTest, ExtraClosersDoNotHideDepth) {
  EXPECT_EQ(excessAt("}}}{{", 2), -1);
  EXPECT_EQ(excessAt("}}}{{{", 2), 5);
}

TEST(NestingScanTest, UnterminatedStringEndsTheScan) {
  EXPECT_EQ(excessAt("{\"{{{{", 1), -1);
}

/// Returns the offset findIndexDenseArray reports, or -1 for none.
long indexArrayAt(llvm::StringRef text) {
  std::optional<size_t> offset = findIndexDenseArray(text);
  return offset ? long(*offset) : -1;
}

TEST(IndexDenseArrayScanTest, FindsArraysOfIndexOnly) {
  EXPECT_EQ(indexArrayAt("{a = array<index: 1>}"), 5);
  EXPECT_EQ(indexArrayAt("array<  index>"), 0);
  // Space between the tokens (MLIR's parser crashes on these too).
  EXPECT_EQ(indexArrayAt("{a = array <index: 1>}"), 5);
  EXPECT_EQ(indexArrayAt("array\n<index: 1>"), 0);
  EXPECT_EQ(indexArrayAt("arrayed <index: 1>"), -1);
  EXPECT_EQ(indexArrayAt("{a = array<i64: 1>}"), -1);
  // Another type whose name starts with `index`, or an identifier that
  // ends in `array`, is not one.
  EXPECT_EQ(indexArrayAt("array<indexed: 1>"), -1);
  EXPECT_EQ(indexArrayAt("myarray<index: 1>"), -1);
}

TEST(IndexDenseArrayScanTest, SkipsStringsAndComments) {
  EXPECT_EQ(indexArrayAt("\"array<index: 1>\" // array<index\n"), -1);
  EXPECT_EQ(indexArrayAt("// x\narray<index>"), 5);
}

} // namespace
