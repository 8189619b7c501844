//===- FXImporter.h - import PyTorch FX graphs from JSON --------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Builds sched IR from a post-grad ATen FX graph written in the `sched-fx/1`
// JSON interchange format (docs/FXFormat.md; utils/export_fx_graph.py writes
// it): one `sched.process_group` per declared group and one function whose
// arguments are the graph's placeholders. ATen compute ops become opaque
// `sched.compute` ops with a cost derived from their shapes, views become
// tensor reshapes and slices or zero-cost computes marked `sched.view` (all
// aliases for the buffer analysis), functional collectives become start/wait
// pairs, and Inductor's bucketing ops the copies into and views out of their
// flat buckets.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_TARGET_FXJSON_FXIMPORTER_H
#define SCHED_TARGET_FXJSON_FXIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class MLIRContext;

namespace sched {

/// Knobs of the FX graph importer.
struct FXImportOptions {
  /// Names the input in locations and diagnostics, e.g. the file name.
  std::string sourceName = "<fx-json>";
  /// Emit views whose semantics a tensor dialect op expresses exactly
  /// (reshapes, slices, selects, same-element-width dtype views) as
  /// `tensor.collapse_shape`, `tensor.expand_shape`, `tensor.extract_slice`
  /// and `tensor.bitcast`, which the buffer analysis treats as aliases of
  /// their source. The other views, and every view when false, are a
  /// `sched.compute "aten.view"` with a zero cost, marked `sched.view` so
  /// that the buffer analysis treats it as an alias too.
  bool viewsAsTensorOps = true;
  /// Take the `time_ns` of compute ops (their cost) and of collectives (a
  /// `sched.cost` on the start) from the nodes' `runtime_us`.
  bool useRuntimes = true;
  /// Emit one warning that counts the ops with an unknown target.
  bool warnUnknownOps = true;
  /// Drop the nodes that no output depends on and that have no effect of
  /// their own (known ATen ops, not in place, not random; collectives and
  /// waits always stay), with one remark that counts them by target. A traced
  /// step holds such nodes (dtype casts nothing uses); Inductor's scheduler
  /// drops them, so kept they would be compute no compiled step runs.
  bool eraseDeadNodes = true;
};

/// Imports the FX graph in `json` (format `sched-fx/1`) into a new module in
/// `context`, loading the dialects it needs. Reports problems through the
/// context's diagnostic handlers: malformed JSON or unsupported input gets an
/// error that names the offending node, and nothing is returned; ops with an
/// unknown target are kept as compute with a byte-based cost and counted in a
/// single warning. The returned module verifies.
OwningOpRef<ModuleOp> importFXGraph(StringRef json, MLIRContext *context,
                                    const FXImportOptions &options = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_TARGET_FXJSON_FXIMPORTER_H
