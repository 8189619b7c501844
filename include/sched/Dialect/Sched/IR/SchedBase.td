//===- SchedBase.td - sched dialect definition -------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The `sched` dialect, its enums and the base classes of its ops, types and
// attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDBASE_TD
#define SCHED_DIALECT_SCHED_IR_SCHEDBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Sched_Dialect : Dialect {
  let name = "sched";
  let cppNamespace = "::mlir::sched";
  let summary = "Asynchronous collectives, compute and targets for scheduling";
  let description = [{
    The `sched` dialect models one step of a distributed program as it is seen
    by a communication/computation scheduler:

    * `sched.process_group` symbols name the groups of ranks that
      communicate, with their size and, optionally, their ranks and topology.
    * Collectives are split into a `*_start` op, which returns a
      `!sched.future<...>` carrying the result types, and a `sched.wait` that
      consumes the future and returns the values. Everything that runs between
      the two overlaps with the communication.
    * `sched.compute` groups work and carries its cost.
    * `#sched.target<...>` holds the hardware facts the cost model reads.

    The same ops exist in two forms: a value-semantic (tensor) form on which
    scheduling runs, and a buffer (memref) form, in destination-passing style,
    which the lowerings consume. See `docs/Rationale.md`.
  }];

  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;

  let extraClassDeclaration = [{
    /// Registers the types (SchedTypes.cpp).
    void registerTypes();
    /// Registers the attributes (SchedAttrs.cpp).
    void registerAttributes();

    /// Name of the discardable attribute that attaches a `#sched.target` to
    /// an op (usually the module).
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("sched.target");
    }
    /// Name of the discardable attribute that attaches a `#sched.cost` to an
    /// op of another dialect.
    static constexpr ::llvm::StringLiteral getCostAttrName() {
      return ::llvm::StringLiteral("sched.cost");
    }
    /// Name of the discardable attribute that numbers a collective start in
    /// the input order of its process group (an array<i64>: one number per
    /// collective merged into the start). sched-record-collective-order sets
    /// it and sched-verify-schedule checks the order against it.
    static constexpr ::llvm::StringLiteral getCollectiveOrderAttrName() {
      return ::llvm::StringLiteral("sched.collective_order");
    }
    /// Name of the discardable attribute that marks an `scf.for` rotated by
    /// sched-pipeline-loop-collectives (a positive i64: the iterations peeled
    /// into its prologue and epilogue, the prefetch depth plus one with sunk
    /// waits).
    static constexpr ::llvm::StringLiteral getPipelineDepthAttrName() {
      return ::llvm::StringLiteral("sched.pipeline_depth");
    }
    /// Name of the discardable attribute that bounds the dynamic dimensions
    /// of an op's results (an array<i64>, or a list of them, one per result)
    /// or of a function argument (an array<i64>), for memory sizing.
    static constexpr ::llvm::StringLiteral getDimBoundsAttrName() {
      return ::llvm::StringLiteral("sched.dim_bounds");
    }
    /// Name of the discardable attribute that declares the memory effects
    /// of a call or of its callee (a string: "none" or "args"), read where
    /// the callee's body cannot be (see sched/Analysis/MemoryEffects.h).
    static constexpr ::llvm::StringLiteral getEffectsAttrName() {
      return ::llvm::StringLiteral("sched.effects");
    }
    /// Name of the discardable attribute that bounds the iterations of a
    /// loop whose trip count is not a constant (a non-negative integer), so
    /// that the stream simulator and sched-report can simulate it.
    static constexpr ::llvm::StringLiteral getTripCountBoundAttrName() {
      return ::llvm::StringLiteral("sched.trip_count_bound");
    }
    /// Name of the discardable attribute that records, on a function, the
    /// peak memory in bytes (an i64) of the function as sched-pipeline got
    /// it, before loop pipelining, fusion and reordering;
    /// sched-schedule-overlap measures its budget from it and removes it.
    static constexpr ::llvm::StringLiteral getInputPeakAttrName() {
      return ::llvm::StringLiteral("sched.input_peak");
    }
    /// Name of the discardable attribute that records, on a function, the
    /// in-flight count cap of the schedule sched-schedule-overlap kept (an
    /// i64; 0: no cap), which sched-bucket-collectives and
    /// sched-verify-schedule keep as well as their own `max-in-flight`.
    static constexpr ::llvm::StringLiteral getMaxInFlightAttrName() {
      return ::llvm::StringLiteral("sched.max_in_flight");
    }
    /// Name of the discardable attribute that records, on a function, the
    /// memory budget in bytes (an i64) sched-schedule-overlap scheduled its
    /// body within, which sched-bucket-collectives then keeps instead of its
    /// input's peak where it is higher.
    static constexpr ::llvm::StringLiteral getMemoryBudgetAttrName() {
      return ::llvm::StringLiteral("sched.memory_budget");
    }

  private:
    /// Verifies a `sched.dim_bounds` value for `numValues` values.
    ::llvm::LogicalResult verifyDimBounds(::mlir::Operation *op,
                                          ::mlir::Attribute value,
                                          unsigned numValues);

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Sched_ReductionKind : I32EnumAttr<"ReductionKind",
    "reduction applied by a collective", [
  I32EnumAttrCase<"Sum", 0, "sum">,
  I32EnumAttrCase<"Prod", 1, "prod">,
  I32EnumAttrCase<"Min", 2, "min">,
  I32EnumAttrCase<"Max", 3, "max">,
  // Sum divided by the group size.
  I32EnumAttrCase<"Avg", 4, "avg">
]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::sched";
}

def Sched_ReductionKindAttr
    : EnumAttr<Sched_Dialect, Sched_ReductionKind, "reduction"> {
  let assemblyFormat = "$value";
}

def Sched_CollectiveKind : I32EnumAttr<"CollectiveKind",
    "kind of a collective communication", [
  I32EnumAttrCase<"AllGather", 0, "all_gather">,
  I32EnumAttrCase<"ReduceScatter", 1, "reduce_scatter">,
  I32EnumAttrCase<"AllReduce", 2, "all_reduce">,
  I32EnumAttrCase<"AllToAll", 3, "all_to_all">,
  I32EnumAttrCase<"Broadcast", 4, "broadcast">,
  I32EnumAttrCase<"CollectivePermute", 5, "collective_permute">
]> {
  let cppNamespace = "::mlir::sched";
}

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class Sched_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sched_Dialect, mnemonic, traits>;

class Sched_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Sched_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class Sched_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sched_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // SCHED_DIALECT_SCHED_IR_SCHEDBASE_TD
