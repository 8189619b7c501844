//===- HumanUnits.h - sizes and bounds in words for people ------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The one formatter of byte sizes and of the distance to the lower bound
// that every remark of the sched passes and the sched-report summary use, so
// that all of them read alike: `640 B`, `1.5 KiB`, `41.87 GiB`; "optimal:
// equals the lower bound", "within 2.5 % of the lower bound".
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_HUMANUNITS_H
#define SCHED_ANALYSIS_HUMANUNITS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace sched {

/// Returns `bytes` in binary units: whole bytes below 1 KiB (`640 B`), else
/// the largest of KiB, MiB, GiB, TiB that keeps the number at least 1, with
/// at most two decimals and no trailing zeros (`1.5 KiB`, `256 MiB`,
/// `41.87 GiB`). Negative sizes keep their sign.
std::string formatBytes(int64_t bytes);

/// Returns `before -> after` in formatBytes' units; where the two print
/// alike but differ, the exact difference follows (`41.87 GiB -> 41.87 GiB
/// (-4 B)`).
std::string formatBytesChange(int64_t before, int64_t after);

/// The words of describeLowerBound for a step within 0.001 % of its bound.
inline constexpr llvm::StringLiteral kOptimalBoundWords =
    "optimal: equals the lower bound";

/// Returns how a step of `makespanUs` stands against `lowerBoundUs`, a time
/// no order can beat: "optimal: equals the lower bound" within 0.001 %, else
/// "within X % of the lower bound, B us" with one decimal (two below 1 %).
/// Without a bound (`lowerBoundUs <= 0`) an empty step is optimal and any
/// other gets an empty string.
std::string describeLowerBound(double makespanUs, double lowerBoundUs);

/// Returns `us` microseconds with three decimals (`10210.947`), as the
/// remarks that compare steps print them.
std::string formatMicros(double us);

/// Returns `value` in its shortest form (`1`, `1.5`, `1e+09`, as printf's
/// `%g`) for messages.
std::string formatNumber(double value);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_HUMANUNITS_H
