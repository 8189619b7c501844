// A call of an intrinsic that LLVM does not know: the lowering keeps it and
// mlir-translate rejects it (sched-compile-errors.test).
func.func @step(%x: tensor<4xf32>) -> tensor<4xf32> {
  llvm.call_intrinsic "llvm.sched.no.such.intrinsic"() : () -> ()
  return %x : tensor<4xf32>
}
