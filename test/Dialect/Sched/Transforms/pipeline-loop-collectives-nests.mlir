// RUN: sched-opt %s --split-input-file --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" -verify-diagnostics | FileCheck %s

// Tests loop nests in sched-pipeline-loop-collectives: one level per nest
// (the innermost loop with a movable collective), a loop the pass already
// rotated is left alone, and an input pipelined at two levels of one nest
// is an error.

sched.process_group @dp size = 8

// The inner loop is rotated; the outer one, whose body now starts the inner
// loop's prologue gather, is not.
// CHECK-LABEL: func.func @nest
// CHECK:         scf.for
// CHECK:           sched.all_gather_start
// CHECK:           scf.for
// CHECK:           } {sched.pipeline_depth = 1 : i64}
// CHECK-NOT:     sched.pipeline_depth
// CHECK:         return
func.func @nest(%x0: tensor<1024xf32>, %w: tensor<4x128xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: a loop nested in it is pipelined (one level per nest)}}
  %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %x0) -> (tensor<1024xf32>) {
    // expected-remark@+1 {{loop pipelined at depth 1}}
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (tensor<1024xf32>) {
      %shard = tensor.extract_slice %w[%i, 0] [1, 128] [1, 1] : tensor<4x128xf32> to tensor<128xf32>
      %f = sched.all_gather_start %shard on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
      %v = sched.wait %f : !sched.future<tensor<1024xf32>>
      %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
      scf.yield %y : tensor<1024xf32>
    }
    %f = sched.all_reduce_start %s on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    scf.yield %v : tensor<1024xf32>
  }
  return %r : tensor<1024xf32>
}

// -----

sched.process_group @dp size = 8

// CHECK-LABEL: func.func @again
func.func @again(%x0: tensor<1024xf32>, %w: tensor<128xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: already pipelined}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  } {sched.pipeline_depth = 1 : i64}
  return %r : tensor<1024xf32>
}

// -----

sched.process_group @dp size = 8

func.func @two_levels(%x0: tensor<1024xf32>, %w: tensor<128xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note@+1 {{enclosing pipelined loop here}}
  %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %x0) -> (tensor<1024xf32>) {
    // expected-error@+1 {{loop nest is pipelined at two levels: this loop and an enclosing one carry 'sched.pipeline_depth'}}
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (tensor<1024xf32>) {
      %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
      %v = sched.wait %f : !sched.future<tensor<1024xf32>>
      %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
      scf.yield %y : tensor<1024xf32>
    } {sched.pipeline_depth = 1 : i64}
    scf.yield %s : tensor<1024xf32>
  } {sched.pipeline_depth = 1 : i64}
  return %r : tensor<1024xf32>
}
