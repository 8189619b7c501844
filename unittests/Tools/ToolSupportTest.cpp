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

} // namespace
