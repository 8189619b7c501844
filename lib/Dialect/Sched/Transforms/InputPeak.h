//===- InputPeak.h - record the peak memory sched-pipeline got --*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// sched-schedule-overlap measures its memory budget from the peak of the
// program as sched-pipeline got it, before loop pipelining, fusion and memory
// reordering changed it (Inductor's OverlapScheduler measures from the traced
// graph's peak too). This pass records that peak on each function as
// `sched.input_peak`, which the overlap pass reads and removes. Internal to
// sched-pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_INPUTPEAK_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_INPUTPEAK_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace sched {

/// A module pass that sets `sched.input_peak` (an i64, bytes) on every
/// function whose single-block body the buffer model can size: the peak
/// live memory of its program order, nested blocks included
/// (getFunctionPeak). Other functions are left without it,
/// and without a diagnostic (sched-schedule-overlap reports them).
std::unique_ptr<Pass> createRecordInputPeakPass();

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_INPUTPEAK_H
