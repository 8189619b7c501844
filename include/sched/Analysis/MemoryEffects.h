//===- MemoryEffects.h - memory effects as the scheduler sees them -*- C++ -*-//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The memory effects of an op, with calls resolved through their callees, and
// the one rule that decides what may run while a collective is in flight.
// The dependence graph (which orders the ops the scheduler moves) and
// sched-verify-schedule (which checks the bufferized program the lowering
// runs) both go through it, so that the scheduler never makes a schedule that
// the lowering rejects. docs/Analyses.md describes the rules.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_MEMORYEFFECTS_H
#define SCHED_ANALYSIS_MEMORYEFFECTS_H

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir {
namespace sched {

/// Answers what memory an op reads and writes. Ops that implement
/// MemoryEffectOpInterface are asked; ops with recursive effects get those of
/// the ops nested in them; a call (CallOpInterface) without such effects
/// follows its `sched.effects` declaration:
///  * `"none"`: it accesses no memory;
///  * `"args"`: it reads and writes the memory of its memref arguments only
///    (and buffers it allocates), and each memref result may be (a view of)
///    any memref argument;
///  * no declaration: unknown effects.
/// The declaration is on the call. With `deriveFromCallees` (for module-level
/// code only: a function pass must not read other functions), a call without
/// one also takes its callee's, or `"args"` when the callee's body is visible
/// and argument-only (isArgumentOnly); sched-annotate-compute writes what it
/// finds on the calls before the function passes run.
class MemoryEffectsQuery {
public:
  /// Creates a query; see the class comment for `deriveFromCallees`.
  explicit MemoryEffectsQuery(bool deriveFromCallees = false)
      : deriveFromCallees(deriveFromCallees) {}

  /// Sets `effects` to the memory effects of `op` and of the ops nested in
  /// it. Returns false if they are unknown.
  bool getEffects(Operation *op,
                  SmallVectorImpl<MemoryEffects::EffectInstance> &effects);

  /// Sets `bases` to the buffers `value` may be a view of: follows view ops
  /// and, through the results of `"args"` calls, every memref argument of
  /// the call (the result itself is one of the bases too).
  void getBaseBuffers(Value value, SmallVectorImpl<Value> &bases);

  /// Returns the declaration that holds for `call` ("none" or "args"), or
  /// nothing if its effects are unknown.
  std::optional<StringRef> getCallDeclaration(CallOpInterface call);

  /// Returns true if `callee` has a body that reads and writes only memory
  /// reachable from its arguments and buffers it allocates, issues no
  /// collective, and returns only (views of) those. Only with
  /// `deriveFromCallees`; false otherwise.
  bool isArgumentOnly(Operation *callee);

private:
  bool deriveFromCallees;
  SymbolTableCollection symbols;
  /// Per callee, with `deriveFromCallees`; false while it is being looked at
  /// (a recursive call is not argument-only). Only looked up.
  llvm::DenseMap<Operation *, bool> argumentOnly;
};

/// What an op does to the buffers of one in-flight collective, from harmless
/// to worst.
enum class InFlightAccess {
  /// It keeps off the collective's buffers (reading its input is fine).
  None,
  /// It writes (or frees) a buffer the collective reads.
  WritesInput,
  /// It reads a buffer the collective writes.
  ReadsDestination,
  /// It writes (or frees) a buffer the collective writes.
  WritesDestination,
  /// Its effects are unknown or touch memory it does not name: it may
  /// access any buffer.
  Unknown,
};

/// Returns true if an op with `effects` (null: unknown) may access any
/// buffer: its effects are unknown, or one of them is a read, write or free
/// of memory other than the communication stream that names no value. Such
/// an op must not run while any collective is in flight.
bool mayAccessAnyBuffer(
    const SmallVectorImpl<MemoryEffects::EffectInstance> *effects);

/// Returns what an op with `effects` (null: unknown) does to a collective in
/// flight that reads the base buffers `inputs` and writes the base buffers
/// `outputs` (as MemoryEffectsQuery::getBaseBuffers gives them). Reading an
/// input is allowed.
InFlightAccess
getInFlightAccess(const SmallVectorImpl<MemoryEffects::EffectInstance> *effects,
                  ArrayRef<Value> inputs, ArrayRef<Value> outputs,
                  MemoryEffectsQuery &query);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_MEMORYEFFECTS_H
