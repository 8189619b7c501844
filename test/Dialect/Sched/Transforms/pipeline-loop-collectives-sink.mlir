// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2 explain=1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2 sink-waits=0" 2>&1 | FileCheck %s --check-prefix=OFF

// Tests why the wait of a collective does not sink into the next iteration
// (explain=1: one remark per collective left in its iteration, after the
// prefetch's reason), and sink-waits=0.

sched.process_group @dp size = 8

// The reduce-scatter's result feeds the iteration's value: the next
// iteration needs it.
func.func @needed(%x0: tensor<1024xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 1 collective can start an iteration ahead or wait in the next}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result is needed by the next iteration}}
    %f = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %n = sched.compute "g" ins(%v : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    scf.yield %n : tensor<1024xf32>
  }
  return %r : tensor<1024xf32>
}

// The result is combined with a value of its own iteration, and another
// result feeds a collective.
func.func @combined(%x0: tensor<1024xf32>, %a0: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 3 collectives can start an iteration ahead or wait in the next}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %a = %a0) -> (tensor<1024xf32>, tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result is used with a value of its iteration ('sched.compute')}}
    %f = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %s = sched.compute "acc" ins(%a, %v, %y : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result feeds another collective ('sched.all_reduce_start')}}
    %f2 = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
    // expected-remark@+1 {{stays in its iteration: its input is the result of another collective; its wait cannot sink: its result is needed by the next iteration}}
    %f3 = sched.all_reduce_start %v2 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v3 = sched.wait %f3 : !sched.future<tensor<1024xf32>>
    scf.yield %v3, %s : tensor<1024xf32>, tensor<1024xf32>
  }
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xf32>
}

// The result goes to memory, or into an op with a region.
func.func @effects(%x0: tensor<1024xf32>, %m: memref<1024xf32>, %a0: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 2 collectives can start an iteration ahead or wait in the next}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %a = %a0) -> (tensor<1024xf32>, tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result feeds 'bufferization.materialize_in_destination', which has memory effects}}
    %f = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    bufferization.materialize_in_destination %v in restrict writable %m : (tensor<1024xf32>, memref<1024xf32>) -> ()
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result feeds 'scf.execute_region', an op with regions that read the body}}
    %f2 = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
    %e = scf.execute_region -> tensor<1024xf32> {
      scf.yield %v2 : tensor<1024xf32>
    }
    scf.yield %y, %e : tensor<1024xf32>, tensor<1024xf32>
  }
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xf32>
}

// The accumulator the result is added to is also read by the body: not the
// sunk ops' alone.
func.func @shared(%x0: tensor<1024xf32>, %a0: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 1 collective can start an iteration ahead or wait in the next}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %a = %a0) -> (tensor<1024xf32>, tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x, %a : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result is needed by the next iteration}}
    %f = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %s = sched.compute "acc" ins(%a, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y, %s : tensor<1024xf32>, tensor<1024xf32>
  }
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xf32>
}

// An accumulated all-reduce (the gradient of a shared weight): it sinks.
// OFF: remark: loop not pipelined: none of its 1 collective can start an iteration ahead or wait in the next (explain=1 says why)
// OFF-NOT: sched.pipeline_depth
func.func @accumulated(%x0: tensor<1024xf32>, %a0: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+2 {{candidate 1 sunk wait: iteration 27.6 us, peak memory 24 KiB, 1 in flight}}
  // expected-remark@+1 {{loop pipelined at depth 1: 1 of 1 collective waits in the next iteration (sunk); iteration 47.6 -> 27.6 us (steady state), peak memory 20 KiB -> 24 KiB (budget 60 KiB), 4 iterations (prologue and epilogue of 1 iteration peeled)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %a = %a0) -> (tensor<1024xf32>, tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x : tensor<1024xf32>) cost <time_ns = 20000> -> (tensor<1024xf32>)
    %f = sched.all_reduce_start %y on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %s = sched.compute "acc" ins(%a, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y, %s : tensor<1024xf32>, tensor<1024xf32>
  }
  return %r#0, %r#1 : tensor<1024xf32>, tensor<1024xf32>
}

// The backward loop runs the layers in reverse: the stack index is computed
// from the induction variable in the body; the sunk share recomputes it for
// its own iteration.
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2" 2>/dev/null | FileCheck %s --check-prefix=REVERSED
// REVERSED-LABEL: func.func @reversed
// REVERSED:         scf.for %[[I:.*]] = {{.*}} iter_args(
// REVERSED-NOT:       arith.subi %c3, %[[I]]
// REVERSED:           %[[PREV:.*]] = arith.subi %[[I]], %c1
// REVERSED:           %[[PL:.*]] = arith.subi %c3, %[[PREV]]
// REVERSED:           sched.wait
// REVERSED:           tensor.insert_slice {{.*}}[%[[PL]], 0]
// REVERSED:           sched.reduce_scatter_start
// REVERSED:         } {sched.pipeline_depth = 1 : i64}
func.func @reversed(%dy0: tensor<1024xf32>, %g0: tensor<4x128xf32>) -> (tensor<1024xf32>, tensor<4x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+2 {{candidate 1 sunk wait}}
  // expected-remark@+1 {{loop pipelined at depth 1: 1 of 1 collective waits in the next iteration (sunk)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %grads = %g0) -> (tensor<1024xf32>, tensor<4x128xf32>) {
    %layer = arith.subi %c3, %i : index
    %dx, %gw = sched.compute "layer_bwd" ins(%dy : tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>, tensor<1024xf32>)
    %f = sched.reduce_scatter_start %gw on @dp reduction = sum scatter_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<128xf32>>
    %rs = sched.wait %f : !sched.future<tensor<128xf32>>
    %e = tensor.expand_shape %rs [[0, 1]] output_shape [1, 128] : tensor<128xf32> into tensor<1x128xf32>
    %ng = tensor.insert_slice %e into %grads[%layer, 0] [1, 128] [1, 1] : tensor<1x128xf32> into tensor<4x128xf32>
    scf.yield %dx, %ng : tensor<1024xf32>, tensor<4x128xf32>
  }
  return %r#0, %r#1 : tensor<1024xf32>, tensor<4x128xf32>
}
