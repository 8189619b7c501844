//===- SchedInterfaces.td - sched op interfaces -------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Interfaces through which analyses and passes see collectives and compute
// without special-casing each op.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_TD
#define SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_TD

include "mlir/IR/OpBase.td"

def Sched_CollectiveOpInterface : OpInterface<"CollectiveOpInterface"> {
  let cppNamespace = "::mlir::sched";
  let description = [{
    An asynchronous collective: an op that starts a communication on a
    process group and returns a `!sched.future` that one `sched.wait`
    consumes. Bucketing, overlap scheduling, the cost model and the lowerings
    go through this interface.

    In the value-semantic form the op has `inputs` only and the future
    carries fresh tensors. In the buffer form it also has one `outputs`
    buffer per input, and the future carries the output memrefs.
  }];

  let methods = [
    InterfaceMethod<"Returns the kind of collective.",
      "::mlir::sched::CollectiveKind", "getCollectiveKind">,
    InterfaceMethod<"Returns the symbol of the process group.",
      "::mlir::FlatSymbolRefAttr", "getGroupAttr">,
    InterfaceMethod<"Returns the sent values (one per bucket entry).",
      "::mlir::OperandRange", "getInputs">,
    InterfaceMethod<"Returns the destination buffers (buffer form only).",
      "::mlir::OperandRange", "getOutputs">,
    InterfaceMethod<"Returns the future of the collective.",
      "::mlir::TypedValue<::mlir::sched::FutureType>", "getFuture">,
    InterfaceMethod<"Returns the reduction, for reducing collectives.",
      "std::optional<::mlir::sched::ReductionKind>", "getReductionKind">,
    InterfaceMethod<[{
        Checks the shape rules that depend on the group size `groupSize`.
        Called by the symbol verifier once the group is resolved. Ops that
        fail their own verifier (wrong ranks, dims out of range) are left to
        it: this method returns success for them.
      }],
      "::llvm::LogicalResult", "verifyWithGroupSize", (ins "int64_t":$groupSize)>,
  ];

  let extraSharedClassDeclaration = [{
    /// Returns true for the buffer (memref, destination-passing) form.
    bool isBufferForm() {
      return !$_op.getOutputs().empty();
    }
    /// Returns the types of the values the future carries.
    ::llvm::ArrayRef<::mlir::Type> getResultValueTypes() {
      return $_op.getFuture().getType().getValueTypes();
    }
    /// Returns the `sched.wait` that consumes the future in the block of the
    /// start, or null if there is none (the future flows through an
    /// `scf.for` or `scf.if` to a wait in another block).
    ::mlir::Operation *getWaitOp() {
      ::mlir::Value future = $_op.getFuture();
      if (!future.hasOneUse())
        return nullptr;
      ::mlir::Operation *user = *future.user_begin();
      return user->getName().getStringRef() == "sched.wait" &&
                     user->getBlock() == $_op->getBlock()
                 ? user
                 : nullptr;
    }
  }];

  let verify = [{ return ::mlir::sched::detail::verifyCollectiveOp($_op); }];
}

def Sched_ComputeOpInterface : OpInterface<"ComputeOpInterface"> {
  let cppNamespace = "::mlir::sched";
  let description = [{
    An op that the analyses treat as compute: it occupies the compute stream
    and has a cost. `sched.compute` implements it; ops of other dialects
    (linalg, arith, math, tensor, func.call) get it through external models
    (`registerComputeOpInterfaceExternalModels`), which read the
    discardable `sched.cost` attribute when present.
  }];

  let methods = [
    InterfaceMethod<"Returns the declared cost, or null when unknown.",
      "::mlir::sched::CostAttr", "getComputeCost">,
    InterfaceMethod<"Returns a short name of the kind of work (e.g. matmul).",
      "::llvm::StringRef", "getComputeKind">,
  ];
}

#endif // SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_TD
