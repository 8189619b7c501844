//===- PassOptionEnums.h - enum values of sched pass options ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The enums behind the pass options that take one of a fixed set of words
// (`memory-guard`, `order`, `bucket-order`, `capacity-check`), and the
// command-line parser they use: a value outside the set is rejected when the
// options are parsed, before any pass runs, with the list of values.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_PASSOPTIONENUMS_H
#define SCHED_DIALECT_SCHED_TRANSFORMS_PASSOPTIONENUMS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace sched {

/// How fusions are kept from raising the peak memory (`memory-guard`).
enum class FusionMemoryGuard : uint8_t {
  /// The fused order's peak, from the liveness analysis, must not exceed
  /// the unfused peak plus the tolerance.
  Exact,
  /// Inductor's rule (PR 138756): reject when the inputs that die in both
  /// ops and share a size and element type (bytes) exceed a factor times
  /// the traffic saved.
  Heuristic,
  /// No guard: a memory-blind fuser, the baseline of the benchmarks.
  None,
};

/// The order in which sched-bucket-collectives tries candidates
/// (`order`, sched-pipeline's `bucket-order`).
enum class BucketOrder : uint8_t {
  /// Program order.
  Program,
  /// The least hidden collectives seed buckets first.
  ExposedFirst,
};

/// What a pass does when a function's peak memory exceeds the target's HBM
/// capacity (`capacity-check`).
enum class CapacityCheck : uint8_t {
  /// A warning at the function.
  Warn,
  /// An error at the function; the pass fails.
  Error,
  /// Nothing.
  Off,
};

namespace detail {
/// A command-line parser for an enum option, as llvm::cl::parser, whose
/// error for an unknown word lists the words it accepts.
template <typename EnumT>
class EnumOptionParser : public llvm::cl::generic_parser_base {
protected:
  /// One accepted word and its value.
  class OptionInfo : public GenericOptionInfo {
  public:
    OptionInfo(llvm::StringRef name, EnumT value, llvm::StringRef helpStr)
        : GenericOptionInfo(name, helpStr), V(value) {}
    llvm::cl::OptionValue<EnumT> V;
  };
  llvm::SmallVector<OptionInfo, 4> Values;

public:
  using parser_data_type = EnumT;

  EnumOptionParser(llvm::cl::Option &option) : generic_parser_base(option) {}

  unsigned getNumOptions() const override { return Values.size(); }
  llvm::StringRef getOption(unsigned n) const override {
    return Values[n].Name;
  }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &
  getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// Sets `value` to the value of the word `arg`; returns true, after an
  /// error that lists the accepted words, if there is none.
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, EnumT &value) {
    llvm::StringRef word = Owner.hasArgStr() ? arg : argName;
    for (const OptionInfo &info : Values)
      if (info.Name == word) {
        value = info.V.getValue();
        return false;
      }
    std::string words;
    for (const OptionInfo &info : Values)
      words += (words.empty() ? "" : ", ") + info.Name.str();
    return option.error("unknown value '" + word +
                        "'; expected one of: " + words);
  }

  /// Adds the word `name` for `value` (what llvm::cl::values calls).
  template <typename DT>
  void addLiteralOption(llvm::StringRef name, const DT &value,
                        llvm::StringRef helpStr) {
    Values.emplace_back(name, static_cast<EnumT>(value), helpStr);
    AddLiteralOption(Owner, name);
  }
};
} // namespace detail
} // namespace sched
} // namespace mlir

namespace llvm {
namespace cl {
/// The parser of `memory-guard`.
template <>
class parser<mlir::sched::FusionMemoryGuard>
    : public mlir::sched::detail::EnumOptionParser<
          mlir::sched::FusionMemoryGuard> {
public:
  using EnumOptionParser::EnumOptionParser;
};
/// The parser of `order` and `bucket-order`.
template <>
class parser<mlir::sched::BucketOrder>
    : public mlir::sched::detail::EnumOptionParser<mlir::sched::BucketOrder> {
public:
  using EnumOptionParser::EnumOptionParser;
};
/// The parser of `capacity-check`.
template <>
class parser<mlir::sched::CapacityCheck>
    : public mlir::sched::detail::EnumOptionParser<mlir::sched::CapacityCheck> {
public:
  using EnumOptionParser::EnumOptionParser;
};
} // namespace cl
} // namespace llvm

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSOPTIONENUMS_H
