//===- Passes.td - sched dialect passes ---------------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD
#define SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SchedAttachTarget : Pass<"sched-attach-target", "ModuleOp"> {
  let summary = "attach a #sched.target built from a preset and overrides";
  let description = [{
    Builds a `#sched.target` from the named `preset` and attaches it to the
    module as `sched.target`, replacing any target already there. Every
    numeric option overrides one fact of the preset when it is given
    (negative values, the default, keep the preset's value). All later passes
    read hardware facts from this attribute only.

    Presets: `a100-80gb`, `h100-sxm`, `h200-sxm` (sources in docs/Target.md).

    Before:

    ```mlir
    module {}
    ```

    After `--sched-attach-target="preset=h100-sxm gpus-per-node=4"`:

    ```mlir
    module attributes {sched.target = #sched.target<name = "h100-sxm",
        gpus_per_node = 4, intra_node = <bandwidth = 450.0, latency = 1.9>,
        ...>} {}
    ```

    An unknown preset or an override that makes the target invalid (e.g. a
    zero bandwidth) is an error.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"preset", "preset", "std::string", /*default=*/"\"h100-sxm\"",
           "name of the target preset (a100-80gb, h100-sxm, h200-sxm)">,
    Option<"gpusPerNode", "gpus-per-node", "int64_t", /*default=*/"-1",
           "override: GPUs per node">,
    Option<"intraNodeBandwidth", "intra-node-bandwidth", "double",
           /*default=*/"-1.0", "override: intra-node GB/s per direction">,
    Option<"intraNodeLatency", "intra-node-latency", "double",
           /*default=*/"-1.0", "override: intra-node latency in microseconds">,
    Option<"interNodeBandwidth", "inter-node-bandwidth", "double",
           /*default=*/"-1.0", "override: inter-node GB/s per direction">,
    Option<"interNodeLatency", "inter-node-latency", "double",
           /*default=*/"-1.0", "override: inter-node latency in microseconds">,
    Option<"hbmBandwidth", "hbm-bandwidth", "double", /*default=*/"-1.0",
           "override: device memory bandwidth in GB/s">,
    Option<"hbmCapacity", "hbm-capacity", "int64_t", /*default=*/"-1",
           "override: device memory capacity in bytes">,
  ];
}

def SchedReport : Pass<"sched-report", "ModuleOp"> {
  let summary = "report the simulated schedule and memory of each function";
  let description = [{
    Evaluates the program order of every function with a body: simulates it
    on one compute stream and one communication stream per process group
    with the cost model of the module's `#sched.target`, and computes its
    memory timeline. The IR is not changed. Writes, for the options given:

    * `json`: a JSON report with the stable schema `sched-report/1`
      (makespan, exposed communication, overlap, lower bounds, peak memory,
      one row per collective); see docs/Reports.md.
    * `summary`: a fixed-width table for people.
    * `trace`: a Chrome trace (chrome://tracing or ui.perfetto.dev) with the
      compute stream and each communication stream as tracks and memory as a
      counter track.
    * `svg`: an SVG picture of the timeline. With several functions the path
      must contain `{name}`, which is replaced by the function name.

    A path `-` writes to standard output. Without any option the pass emits
    one remark per function with the main numbers.

    Example:

    ```
    sched-opt step.mlir --sched-attach-target="preset=h100-sxm" \
      --sched-report="json=report.json trace=trace.json svg=step.svg" -o /dev/null
    ```

    Errors: a function without a target, an op the cost model cannot cost,
    a value whose size is unknown, or an output file that cannot be written.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"\"\"",
           "write the JSON report to this file">,
    Option<"summaryPath", "summary", "std::string", /*default=*/"\"\"",
           "write the summary table to this file">,
    Option<"tracePath", "trace", "std::string", /*default=*/"\"\"",
           "write a Chrome trace to this file">,
    Option<"svgPath", "svg", "std::string", /*default=*/"\"\"",
           "write an SVG timeline to this file ({name}: function name)">,
    Option<"profilePath", "profile", "std::string", /*default=*/"\"\"",
           "measured cost profile (JSON) for the cost model">,
  ];
}

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD
