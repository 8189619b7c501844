//===- ToolSupport.h - what every sched tool shares -------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Pieces the sched tools share: sched's version for `--version`, a thread
// with a large stack for MLIR's recursive parser, printer and walks, and a
// bound on the bracket nesting of the input text, checked before parsing
// (docs/Tools.md).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_TOOLS_TOOLSUPPORT_H
#define SCHED_TOOLS_TOOLSUPPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <optional>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace sched {

/// The nesting depth the tools accept unless `--max-nesting-depth` says
/// otherwise.
constexpr unsigned kDefaultMaxNestingDepth = 10000;

/// The most `--max-nesting-depth` may be: half of what kToolStackSize holds
/// at the 2.1 to 2.6 KiB a level that the pipeline was measured to take.
constexpr unsigned kMaxNestingDepth = 50000;

/// The stack of the thread the tools do their work on (and the default for
/// the threads it starts): 256 MiB, about 26 KiB per nesting level at the
/// default limit.
constexpr unsigned kToolStackSize = 256u << 20;

/// Parses `--max-nesting-depth`: a number from 1 to kMaxNestingDepth.
class NestingDepthParser : public llvm::cl::parser<unsigned> {
public:
  using llvm::cl::parser<unsigned>::parser;
  /// Parses `arg` into `value`; returns true (after an error naming the
  /// option) if it is not a number from 1 to kMaxNestingDepth.
  bool parse(llvm::cl::Option &option, StringRef argName, StringRef arg,
             unsigned &value);
};

/// Registers `--max-nesting-depth` (parsed by NestingDepthParser) with the
/// command line of the tool that calls it; call it before parsing the
/// command line.
void registerMaxNestingDepthOption();

/// Returns the value of `--max-nesting-depth`, or kDefaultMaxNestingDepth
/// when registerMaxNestingDepthOption was not called.
unsigned getMaxNestingDepth();

/// Returns sched's version number, `X.Y.Z`.
StringRef getSchedVersion();

/// Prints sched's version, and the commit it was configured from when
/// known, as `sched version X.Y.Z (git <commit>)`.
void printSchedVersion(llvm::raw_ostream &os);

/// Makes `--version` print sched's version before LLVM's.
void registerSchedVersionPrinter();

/// Where a text nests brackets deeper than allowed.
struct NestingExcess {
  /// Byte offset of the first bracket past the limit.
  size_t offset;
};

/// Scans MLIR or JSON text for the first `{`, `(` or `[` nested deeper than
/// `maxDepth`, skipping string literals and `//` comments. Returns nothing
/// when the text stays within the limit. `<` is not counted: `->` and `>=`
/// make it ambiguous without parsing.
std::optional<NestingExcess> findNestingExcess(StringRef text,
                                               unsigned maxDepth);

/// Whether `buffer` is text (not MLIR bytecode) nested deeper than
/// `maxDepth`.
bool exceedsNestingDepth(StringRef buffer, unsigned maxDepth);

/// Checks the main buffer of `sourceMgr` against `maxDepth`; when it nests
/// deeper, emits an error at the offending bracket through `context`'s
/// diagnostic engine and fails. MLIR bytecode is not checked.
LogicalResult checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                MLIRContext *context, unsigned maxDepth);

/// Scans MLIR text for the first dense array of `index` (`array<index`),
/// outside string literals and `//` comments: MLIR 22.1.8's attribute parser
/// crashes on one (it asks `index` for a bit width). Returns its offset, or
/// nothing.
std::optional<size_t> findIndexDenseArray(StringRef text);

/// Whether `buffer` is text (not MLIR bytecode) that checkInputText refuses.
bool refusesInputText(StringRef buffer, unsigned maxDepth);

/// Checks the main buffer of `sourceMgr` for what MLIR's parser cannot take
/// without crashing: brackets nested deeper than `maxDepth`
/// (checkNestingDepth), then a dense array of `index`; emits an error at the
/// first through `context`'s diagnostic engine and fails. MLIR bytecode is
/// not checked.
LogicalResult checkInputText(const llvm::SourceMgr &sourceMgr,
                             MLIRContext *context, unsigned maxDepth);

/// Sets the C library's allocator up for a batch compile (glibc; elsewhere
/// it does nothing): memory a pass frees stays in the process for the next
/// pass instead of going back to the operating system at each large free
/// (M_TRIM_THRESHOLD), and blocks up to 32 MiB come from
/// the heap instead of a mapping of their own (M_MMAP_THRESHOLD), so that the
/// passes' per-op arrays are not faulted in again by every pass. For tools
/// that compile one input and exit, not for long-lived ones (the language
/// server).
void configureBatchAllocator();

/// Runs `work` on a thread with a stack of kToolStackSize bytes, which also
/// becomes the default stack size of the threads started after it (MLIR's
/// thread pool), and returns its result.
int runWithLargeStack(llvm::function_ref<int()> work);

} // namespace sched
} // namespace mlir

#endif // SCHED_TOOLS_TOOLSUPPORT_H
