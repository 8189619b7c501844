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

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD
