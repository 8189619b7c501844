//===- SchedTypes.td - sched dialect types ------------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDTYPES_TD
#define SCHED_DIALECT_SCHED_IR_SCHEDTYPES_TD

include "sched/Dialect/Sched/IR/SchedBase.td"

def Sched_FutureType : Sched_Type<"Future", "future"> {
  let summary = "handle on the values of an in-flight collective";
  let description = [{
    A future is returned by every `sched.*_start` op and consumed by exactly
    one `sched.wait`, which returns the values it carries. The values are
    either all ranked tensors (value-semantic form) or all ranked memrefs
    (buffer form, where the wait returns the destination buffers).

    Example:

    ```mlir
    !sched.future<tensor<1024x512xbf16>>
    !sched.future<memref<64xf32>, memref<128xf32>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "carried types">:$valueTypes);
  let assemblyFormat = "`<` $valueTypes `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Returns true if the future carries memrefs (buffer form).
    bool isBufferForm() const;
  }];
}

#endif // SCHED_DIALECT_SCHED_IR_SCHEDTYPES_TD
