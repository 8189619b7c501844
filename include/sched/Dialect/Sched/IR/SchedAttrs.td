//===- SchedAttrs.td - sched dialect attributes -------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDATTRS_TD
#define SCHED_DIALECT_SCHED_IR_SCHEDATTRS_TD

include "sched/Dialect/Sched/IR/SchedBase.td"

/// A real-valued parameter, stored as an APFloat (which hashes; `double` does
/// not). It prints in its shortest round-trip form (`450.0`, `2.5`)
/// rather than in the fixed scientific form of FloatAttr.
class Sched_DoubleParameter<string desc>
    : AttrOrTypeParameter<"::llvm::APFloat", desc> {
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
  let parser = "::mlir::sched::detail::parseDouble($_parser)";
  let printer = "::mlir::sched::detail::printDouble($_printer, $_self)";
}

def Sched_LinkAttr : Sched_Attr<"Link", "link"> {
  let summary = "bandwidth and latency of one kind of link";
  let description = [{
    `bandwidth` is the bus bandwidth seen by one GPU in one direction, in
    GB/s (10^9 bytes per second); `latency` is the fixed cost of one
    collective step over that link, in microseconds.

    ```mlir
    #sched.link<bandwidth = 450.0, latency = 1.9>
    ```
  }];
  let parameters = (ins Sched_DoubleParameter<"GB/s per direction">:$bandwidth,
                        Sched_DoubleParameter<"microseconds">:$latency);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "double":$bandwidth, "double":$latency), [{
      return $_get($_ctxt, ::llvm::APFloat(bandwidth), ::llvm::APFloat(latency));
    }]>
  ];
}

def Sched_ComputeRatesParameter
    : ArrayRefParameter<"::mlir::sched::ComputeRate", "peak TFLOP/s per element type"> {
  let parser = "::mlir::sched::detail::parseComputeRates($_parser)";
  let printer = "::mlir::sched::detail::printComputeRates($_printer, $_self)";
}

def Sched_TargetAttr : Sched_Attr<"Target", "target"> {
  let summary = "hardware facts read by the cost model";
  let description = [{
    The target describes one kind of node of a GPU cluster. Passes read
    hardware facts only from this attribute, attached to the module (or any
    enclosing op) as the discardable attribute `sched.target`; pass options
    hold algorithm knobs only. `sched-attach-target` builds it from a preset.

    | parameter        | unit                                                   |
    |------------------|--------------------------------------------------------|
    | `name`           | free-form name of the preset or machine                |
    | `gpus_per_node`  | GPUs that share the intra-node fabric                  |
    | `intra_node`     | `#sched.link` of the intra-node fabric (NVLink)        |
    | `inter_node`     | `#sched.link` of the network, per GPU (InfiniBand/RoCE)|
    | `hbm_bandwidth`  | device memory bandwidth, GB/s                          |
    | `hbm_capacity`   | device memory capacity, bytes                          |
    | `compute`        | dense peak TFLOP/s per element type                    |

    A process group whose ranks all sit on one node (see
    `sched.process_group`'s `ranks_per_node`) uses `intra_node`; any other
    group uses `inter_node`.

    ```mlir
    module attributes {sched.target = #sched.target<
        name = "h100-sxm", gpus_per_node = 8,
        intra_node = <bandwidth = 450.0, latency = 1.9>,
        inter_node = <bandwidth = 50.0, latency = 4.0>,
        hbm_bandwidth = 3350.0, hbm_capacity = 85899345920,
        compute = [bf16 = 989.5, f16 = 989.5, f32 = 67.0]>} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"name of the machine">:$name,
    "int64_t":$gpus_per_node,
    "::mlir::sched::LinkAttr":$intra_node,
    "::mlir::sched::LinkAttr":$inter_node,
    Sched_DoubleParameter<"GB/s">:$hbm_bandwidth,
    "int64_t":$hbm_capacity,
    Sched_ComputeRatesParameter:$compute);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$name, "int64_t":$gpusPerNode,
                     "LinkAttr":$intraNode, "LinkAttr":$interNode,
                     "double":$hbmBandwidth, "int64_t":$hbmCapacity,
                     "::llvm::ArrayRef<ComputeRate>":$compute), [{
      return $_get($_ctxt, name, gpusPerNode, intraNode, interNode,
                   ::llvm::APFloat(hbmBandwidth), hbmCapacity, compute);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Returns the `sched.target` attached to `op` or to the nearest
    /// enclosing op that has one, or null.
    static TargetAttr lookup(::mlir::Operation *op);

    /// Returns the target preset called `name` (see `getPresetNames`), or
    /// null if there is none.
    static TargetAttr getPreset(::mlir::MLIRContext *context,
                                ::llvm::StringRef name);

    /// Returns the names of all presets, sorted.
    static ::llvm::ArrayRef<::llvm::StringRef> getPresetNames();

    /// Returns the dense peak TFLOP/s for `elementType`, if the target knows
    /// it.
    std::optional<double> getPeakTflops(::mlir::Type elementType) const;
  }];
}

def Sched_CostAttr : Sched_Attr<"Cost", "cost"> {
  let summary = "cost of a piece of compute";
  let description = [{
    Every field is optional. `flops` counts floating point (or integer)
    operations, `bytes_read` and `bytes_written` count device memory traffic,
    and `time_ns` is a measured run time in nanoseconds, which the cost model
    prefers over an estimate from the other fields.

    `sched.compute` carries it as its `cost`; ops of other dialects carry it as
    the discardable attribute `sched.cost`.

    ```mlir
    #sched.cost<flops = 68719476736, bytes_read = 67108864, time_ns = 70000>
    ```
  }];
  let parameters = (ins
    OptionalParameter<"std::optional<int64_t>">:$flops,
    OptionalParameter<"std::optional<int64_t>">:$bytes_read,
    OptionalParameter<"std::optional<int64_t>">:$bytes_written,
    OptionalParameter<"std::optional<int64_t>">:$time_ns);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // SCHED_DIALECT_SCHED_IR_SCHEDATTRS_TD
