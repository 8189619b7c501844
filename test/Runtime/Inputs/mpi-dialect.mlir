// Ops of the upstream mpi dialect, which sched-opt parses but the lowering
// does not lower and mlir-translate does not know (sched-compile-errors.test).
func.func @step(%x: memref<4xf32>) -> memref<4xf32> {
  %c = mpi.comm_world : !mpi.comm
  %r = mpi.comm_rank(%c) : i32
  mpi.send(%x, %r, %r, %c) : memref<4xf32>, i32, i32
  return %x : memref<4xf32>
}
