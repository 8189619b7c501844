// RUN: sched-opt %s --sched-lower-to-llvm | FileCheck %s \
// RUN:   --implicit-check-not=sched. --implicit-check-not=memref. \
// RUN:   --implicit-check-not=scf. --implicit-check-not=arith. \
// RUN:   --implicit-check-not=func.func --implicit-check-not=unrealized_conversion_cast
// RUN: sched-opt %s --sched-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: sched-opt %s --sched-lower-to-llvm="emit-main=false" | FileCheck %s --check-prefix=LIB \
// RUN:   --implicit-check-not=sched_main --implicit-check-not=schedrt_num_iters

// A scheduled step goes all the way to the LLVM dialect: the compute body is
// inlined and lowered to loops between the launch and the wait of the
// all-gather, the opaque compute and the collectives become runtime calls,
// every buffer comes from the runtime and is freed after its last use, and
// sched_main drives the step.

sched.process_group @dp size = 2

func.func @step(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %y = sched.compute "double" ins(%w : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x8xf32>):
    %s = arith.addf %a, %a : tensor<8x8xf32>
    sched.yield %s : tensor<8x8xf32>
  }
  %g = sched.wait %f : !sched.future<tensor<8x8xf32>>
  %z = sched.compute "matmul" ins(%g, %y : tensor<8x8xf32>, tensor<8x8xf32>) cost <flops = 1024> -> (tensor<8x8xf32>)
  %h = sched.all_reduce_start %z on @dp reduction = sum : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
  %r = sched.wait %h : !sched.future<tensor<8x8xf32>>
  return %r : tensor<8x8xf32>
}

// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK-DAG: llvm.func @schedrt_collective_begin(i32, i32, i64, i64, i32, i64) -> i64
// CHECK-DAG: llvm.func @schedrt_collective_add(i64, i64, i64, i64, i32, i64, i64)
// CHECK-DAG: llvm.func @schedrt_collective_launch(i64)
// CHECK-DAG: llvm.func @schedrt_collective_wait(i64)
// CHECK-DAG: llvm.func @schedrt_compute_begin(i64, f64, f64) -> i64
// CHECK-DAG: llvm.func @schedrt_compute_arg(i64, i64, i64, i32, i32)
// CHECK-DAG: llvm.func @schedrt_compute_run(i64)
// CHECK-DAG: llvm.func @schedrt_num_iters() -> i64
// CHECK-DAG: llvm.func @schedrt_fill(i64, i64, i32, i32)
// CHECK-DAG: llvm.func @schedrt_step_begin(i64)
// CHECK-DAG: llvm.func @schedrt_step_end(i64)
// CHECK-DAG: llvm.func @schedrt_result(i64, i64, i64, i32, i32)

// CHECK-LABEL: llvm.func @step(
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: %[[AG:.*]] = llvm.call @schedrt_collective_begin(
// CHECK: llvm.call @schedrt_collective_add(%[[AG]],
// CHECK-NEXT: llvm.call @schedrt_collective_launch(%[[AG]])
// CHECK: llvm.fadd
// CHECK: llvm.call @schedrt_collective_wait(%[[AG]])
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: %[[MM:.*]] = llvm.call @schedrt_compute_begin(
// CHECK-COUNT-3: llvm.call @schedrt_compute_arg(%[[MM]],
// CHECK-NEXT: llvm.call @schedrt_compute_run(%[[MM]])
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: %[[AR:.*]] = llvm.call @schedrt_collective_begin(
// CHECK: llvm.call @schedrt_collective_add(%[[AR]],
// CHECK-NEXT: llvm.call @schedrt_collective_launch(%[[AR]])
// CHECK-NEXT: llvm.call @schedrt_collective_wait(%[[AR]])
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK-NEXT: llvm.return

// CHECK-LABEL: llvm.func @sched_main() {
// CHECK-COUNT-2: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: llvm.call @schedrt_num_iters()
// CHECK-COUNT-2: llvm.call @schedrt_fill(
// CHECK-NEXT: llvm.call @schedrt_step_begin(
// CHECK: llvm.call @step(
// CHECK-NEXT: llvm.call @schedrt_step_end(
// CHECK: llvm.call @schedrt_result(
// CHECK-COUNT-2: llvm.call @_mlir_memref_to_llvm_free
// CHECK: llvm.return

// LLVMIR: declare i64 @schedrt_collective_begin(i32, i32, i64, i64, i32, i64)
// LLVMIR: define { ptr, ptr, i64, [2 x i64], [2 x i64] } @step(
// LLVMIR: call void @schedrt_collective_launch(
// LLVMIR: fadd float
// LLVMIR: call void @schedrt_collective_wait(
// LLVMIR: define void @sched_main()
// LLVMIR: call { ptr, ptr, i64, [2 x i64], [2 x i64] } @step(

// A library has no driver.
// LIB: llvm.func @step(
