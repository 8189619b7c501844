// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-check-llvm-dialect

// The last pass of sched-lower-to-llvm: an op that mlir-translate would not
// parse or translate is reported at its own location (the user's file), once
// per op name, at its first op in program order.

llvm.func @left(%a: i64) -> i64 {
  // expected-error@+1 {{'arith.addi' is left after the lowering to the LLVM dialect; mlir-translate cannot translate it}}
  %0 = arith.addi %a, %a : i64
  %1 = arith.addi %0, %a : i64
  // expected-error@+1 {{'arith.muli' is left after the lowering to the LLVM dialect; mlir-translate cannot translate it}}
  %2 = arith.muli %1, %a : i64
  llvm.return %2 : i64
}

// -----

// What the lowering leaves: LLVM ops, the module, and gpu ops with whatever
// is inside them. No error.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  llvm.func @fine(%a: i64) -> i64 {
    llvm.return %a : i64
  }
}

// -----

// A symbol op of a dialect mlir-translate does not register (what
// 'shard.grid' was before convert-sched-to-runtime erased it).

// expected-error@+1 {{'shard.grid' is left after the lowering to the LLVM dialect; mlir-translate cannot translate it}}
shard.grid @grid(shape = 2)
