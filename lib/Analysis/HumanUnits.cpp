//===- HumanUnits.cpp - sizes and bounds in words for people --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/HumanUnits.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::sched;

/// Returns `value` with `decimals` decimals, trailing zeros (and a trailing
/// point) removed.
static std::string trimmedDecimal(double value, unsigned decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", static_cast<int>(decimals),
                value);
  std::string text = buffer;
  if (llvm::StringRef(text).contains('.')) {
    while (text.back() == '0')
      text.pop_back();
    if (text.back() == '.')
      text.pop_back();
  }
  return text;
}

std::string mlir::sched::formatBytes(int64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  // The magnitude in a double: |INT64_MIN| has no int64_t.
  double magnitude = std::fabs(static_cast<double>(bytes));
  if (magnitude < 1024)
    return std::to_string(bytes) + " B";
  unsigned unit = 0;
  double scaled = magnitude / 1024;
  // Switch units where the rounded number would reach 1024.
  while (unit + 1 < std::size(units) && scaled >= 1024 - 0.005) {
    scaled /= 1024;
    ++unit;
  }
  return (bytes < 0 ? "-" : "") + trimmedDecimal(scaled, 2) + " " + units[unit];
}

std::string mlir::sched::formatBytesChange(int64_t before, int64_t after) {
  std::string from = formatBytes(before), to = formatBytes(after);
  std::string text = from + " -> " + to;
  // Sizes are not negative, so the difference does not overflow.
  if (from == to && before != after && before >= 0 && after >= 0)
    text += " (" + std::string(after > before ? "+" : "") +
            formatBytes(after - before) + ")";
  return text;
}

std::string mlir::sched::describeLowerBound(double makespanUs,
                                            double lowerBoundUs) {
  if (!std::isfinite(makespanUs) || !std::isfinite(lowerBoundUs))
    return std::string();
  // An empty step equals its bound of 0; without a bound there is no gap.
  if (!(lowerBoundUs > 0))
    return makespanUs <= 0 ? kOptimalBoundWords.str() : "";
  double gap = (makespanUs - lowerBoundUs) / lowerBoundUs * 100;
  if (gap <= 1e-3)
    return kOptimalBoundWords.str();
  return llvm::formatv("within {0} % of the lower bound, {1:F3} us",
                       trimmedDecimal(gap, gap < 1 ? 2 : 1), lowerBoundUs)
      .str();
}

std::string mlir::sched::formatMicros(double us) {
  return llvm::formatv("{0:F3}", us).str();
}

std::string mlir::sched::formatNumber(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", value);
  return text;
}
