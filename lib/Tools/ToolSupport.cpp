//===- ToolSupport.cpp - what every sched tool shares ---------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Tools/ToolSupport.h"
#include "sched/Tools/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#endif

using namespace mlir;

StringRef sched::getSchedVersion() { return SCHED_VERSION; }

void sched::printSchedVersion(llvm::raw_ostream &os) {
  os << "sched version " << SCHED_VERSION;
  if (StringRef(SCHED_GIT_COMMIT).size())
    os << " (git " << SCHED_GIT_COMMIT << ")";
  os << "\n";
}

void sched::registerSchedVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { printSchedVersion(os); });
}

bool sched::NestingDepthParser::parse(llvm::cl::Option &option,
                                      StringRef argName, StringRef arg,
                                      unsigned &value) {
  if (llvm::cl::parser<unsigned>::parse(option, argName, arg, value))
    return true;
  if (value == 0)
    return option.error("must be at least 1, got 0");
  if (value > kMaxNestingDepth)
    return option.error(llvm::formatv("must be at most {0} (what the tools' "
                                      "stack holds), got {1}",
                                      kMaxNestingDepth, value)
                            .str());
  return false;
}

namespace {
/// The `--max-nesting-depth` option, created by
/// registerMaxNestingDepthOption.
struct NestingDepthOption {
  llvm::cl::opt<unsigned, false, sched::NestingDepthParser> maxDepth{
      "max-nesting-depth",
      llvm::cl::desc("Refuse input whose brackets nest deeper than this, "
                     "before parsing it (default: 10000, at most 50000)"),
      llvm::cl::init(sched::kDefaultMaxNestingDepth)};
};
} // namespace

static llvm::ManagedStatic<NestingDepthOption> nestingDepthOption;

void sched::registerMaxNestingDepthOption() { *nestingDepthOption; }

unsigned sched::getMaxNestingDepth() {
  if (!nestingDepthOption.isConstructed())
    return kDefaultMaxNestingDepth;
  return nestingDepthOption->maxDepth;
}

/// Returns the offset just past the string literal that starts at `pos`
/// (a `"`), or the end of `text` if it is not closed.
static size_t skipString(StringRef text, size_t pos) {
  for (size_t i = pos + 1, e = text.size(); i < e; ++i) {
    if (text[i] == '\\')
      ++i;
    else if (text[i] == '"')
      return i + 1;
  }
  return text.size();
}

/// Returns the offset just past the string literal or `//` comment that
/// starts at `pos`, or `pos` if neither does.
static size_t skipStringOrComment(StringRef text, size_t pos) {
  if (text[pos] == '"')
    return skipString(text, pos);
  if (text[pos] == '/' && pos + 1 < text.size() && text[pos + 1] == '/') {
    size_t eol = text.find('\n', pos);
    return eol == StringRef::npos ? text.size() : eol + 1;
  }
  return pos;
}

std::optional<sched::NestingExcess>
sched::findNestingExcess(StringRef text, unsigned maxDepth) {
  unsigned depth = 0;
  size_t i = 0, e = text.size();
  while (i < e) {
    if (size_t next = skipStringOrComment(text, i); next != i) {
      i = next;
      continue;
    }
    char c = text[i];
    if (c == '{' || c == '(' || c == '[') {
      if (++depth > maxDepth)
        return NestingExcess{i};
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
    ++i;
  }
  return std::nullopt;
}

/// Whether `buffer` holds MLIR bytecode rather than text.
static bool isBytecode(StringRef buffer) {
  return buffer.starts_with("ML\xEFR");
}

bool sched::exceedsNestingDepth(StringRef buffer, unsigned maxDepth) {
  return !isBytecode(buffer) && findNestingExcess(buffer, maxDepth);
}

/// Emits an error at `offset` of the main buffer of `sourceMgr` through
/// `context`'s diagnostic engine.
static InFlightDiagnostic emitErrorAtOffset(const llvm::SourceMgr &sourceMgr,
                                            MLIRContext *context,
                                            size_t offset) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + offset),
      sourceMgr.getMainFileID());
  return emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                       line, column));
}

LogicalResult sched::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context,
                                       unsigned maxDepth) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  if (isBytecode(text))
    return success();
  std::optional<NestingExcess> excess = findNestingExcess(text, maxDepth);
  if (!excess)
    return success();
  return emitErrorAtOffset(sourceMgr, context, excess->offset)
         << "brackets nested deeper than the limit of " << maxDepth
         << " levels (raise it with --max-nesting-depth)";
}

/// Whether `c` may continue an MLIR bare identifier or keyword.
static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

std::optional<size_t> sched::findIndexDenseArray(StringRef text) {
  size_t i = 0, e = text.size();
  while (i < e) {
    if (size_t next = skipStringOrComment(text, i); next != i) {
      i = next;
      continue;
    }
    StringRef rest = text.drop_front(i);
    // `array`, `<` and the type are separate tokens: space may part them.
    if (rest.starts_with("array") &&
        (i == 0 || !isIdentifierChar(text[i - 1])) &&
        rest.drop_front(5).ltrim().starts_with("<")) {
      StringRef element = rest.drop_front(5).ltrim().drop_front(1).ltrim();
      if (element.starts_with("index") &&
          (element.size() == 5 || !isIdentifierChar(element[5])))
        return i;
    }
    ++i;
  }
  return std::nullopt;
}

bool sched::refusesInputText(StringRef buffer, unsigned maxDepth) {
  return !isBytecode(buffer) &&
         (findNestingExcess(buffer, maxDepth) || findIndexDenseArray(buffer));
}

LogicalResult sched::checkInputText(const llvm::SourceMgr &sourceMgr,
                                    MLIRContext *context, unsigned maxDepth) {
  if (failed(checkNestingDepth(sourceMgr, context, maxDepth)))
    return failure();
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  if (isBytecode(text))
    return success();
  std::optional<size_t> offset = findIndexDenseArray(text);
  if (!offset)
    return success();
  return emitErrorAtOffset(sourceMgr, context, *offset)
         << "dense arrays of 'index' are not supported (MLIR's parser "
            "crashes on them); use an integer element type such as i64";
}

void sched::configureBatchAllocator() {
#if defined(__GLIBC__)
  // Setting either turns glibc's dynamic thresholds off. 1 GiB of free top
  // memory is kept at most; a larger block is still mapped on its own.
  constexpr int kTrimThreshold = 1 << 30;
  constexpr int kMmapThreshold = 32 << 20;
  (void)mallopt(M_TRIM_THRESHOLD, kTrimThreshold);
  (void)mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
#endif
}

int sched::runWithLargeStack(llvm::function_ref<int()> work) {
#if defined(__GLIBC__)
  // Threads started without explicit attributes (std::thread, LLVM's thread
  // pool) get the same stack; it is only reserved, not committed.
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    if (pthread_attr_setstacksize(&attr, kToolStackSize) == 0)
      pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
  }
#endif
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackSize), [&] {
    result = work();
#if defined(__unix__)
    // LLVM's crash handlers, installed by the tool's main on this thread,
    // give it an alternate signal stack from malloc. AddressSanitizer
    // unmaps a thread's alternate stack when it exits, which fails on that
    // one ("failed to deallocate ... error code 22"): switch it off first.
    stack_t disable = {};
    disable.ss_flags = SS_DISABLE;
    (void)sigaltstack(&disable, nullptr);
#endif
  });
  worker.join();
  return result;
}
