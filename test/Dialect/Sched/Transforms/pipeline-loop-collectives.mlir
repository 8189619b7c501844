// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1 explain=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="max-depth=0" 2>&1 | FileCheck %s --check-prefix=DEPTH0
// The output is a valid program that the pass leaves as it is.
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | sched-opt --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | FileCheck %s

// Tests sched-pipeline-loop-collectives: the FSDP forward in loop form (one
// layer per iteration, the layer's weight shard sliced from a stack by the
// induction variable and all-gathered) is rotated so that iteration i
// gathers layer i + 1; the prologue gathers layer 0, the loop runs layers 0
// to 2 and the epilogue layer 3 on the carried weight.

sched.process_group @dp size = 8

// CHECK-LABEL: func.func @fsdp
// CHECK-SAME:    (%[[X0:.*]]: tensor<64x1024xbf16>, %[[W:.*]]: tensor<4x128x1024xbf16>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[W]][%[[C0]], 0, 0]
// CHECK:         %[[F0:.*]] = sched.all_gather_start %[[S0]]
// CHECK:         %[[G0:.*]] = sched.wait %[[F0]]
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[R:.*]]:2 = scf.for %[[I:.*]] = %[[C0]] to %[[C3]] step %[[C1]] iter_args(%[[X:.*]] = %[[X0]], %[[FULL:.*]] = %[[G0]])
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[W]][%[[NEXT]], 0, 0]
// CHECK-NEXT:      %[[F:.*]] = sched.all_gather_start %[[S]]
// CHECK-NEXT:      %[[Y:.*]] = sched.compute "layer" ins(%[[X]], %[[FULL]] :
// CHECK-NEXT:      %[[G:.*]] = sched.wait %[[F]]
// CHECK-NEXT:      scf.yield %[[Y]], %[[G]]
// CHECK-NEXT:    } {sched.pipeline_depth = 1 : i64}
// CHECK-NEXT:    %[[OUT:.*]] = sched.compute "layer" ins(%[[R]]#0, %[[R]]#1 :
// CHECK-NEXT:    return %[[OUT]]
// REMARK: remark: loop pipelined at depth 1: 1 of 1 collective starts one iteration ahead (at the top of the body); iteration 117.4 -> 100.0 us (steady state), peak memory 3.25 MiB -> 5.25 MiB (budget 6.5 MiB), 4 iterations (prologue and last iteration peeled)
// BUDGET: remark: loop kept at depth 0: no collective fits the memory budget of 3.41 MiB one iteration ahead
// DEPTH0: remark: loop kept at depth 0 (max-depth=0): 1 collective could start an iteration ahead; iteration 117.4 us
// DEPTH0-NOT: sched.pipeline_depth
func.func @fsdp(%x0: tensor<64x1024xbf16>, %w: tensor<4x128x1024xbf16>) -> tensor<64x1024xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<64x1024xbf16>) {
    %shard = tensor.extract_slice %w[%i, 0, 0] [1, 128, 1024] [1, 1, 1] : tensor<4x128x1024xbf16> to tensor<128x1024xbf16>
    %f = sched.all_gather_start %shard on @dp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %y = sched.compute "layer" ins(%x, %full : tensor<64x1024xbf16>, tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<64x1024xbf16>)
    scf.yield %y : tensor<64x1024xbf16>
  }
  return %r : tensor<64x1024xbf16>
}

// The gradient's reduce-scatter reads the iteration's compute, which reads
// the gathered weight: it stays.
// The loop-invariant gather moves (a weight shared by all iterations), and
// the stepped loop (2 to 10 step 3: 2, 5, 8) runs 2 and 5 in the loop (to
// 8) and 8 in the epilogue. The chain does not read the index: no addi.
// CHECK-LABEL: func.func @backward
// CHECK:         sched.all_gather_start %arg1
// CHECK:         sched.wait
// CHECK:         %[[C8:.*]] = arith.constant 8 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C8]] step
// CHECK-NEXT:      sched.all_gather_start %arg1
// CHECK:           sched.compute "grad"
// CHECK:           sched.reduce_scatter_start
// CHECK:           sched.wait
// CHECK:           sched.wait
// CHECK:         } {sched.pipeline_depth = 1 : i64}
// CHECK:         sched.compute "grad"
// CHECK:         sched.reduce_scatter_start
// CHECK:         sched.wait
// CHECK-NOT:     sched.all_gather_start
// CHECK:         return
// REMARK: remark: loop pipelined at depth 1: 1 of 2 collectives start one iteration ahead
// EXPLAIN: remark: stays in its iteration: its input is the result of another collective
// EXPLAIN-NEXT: %frs = sched.reduce_scatter_start
func.func @backward(%x0: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> tensor<1024x1024xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c2 to %c10 step %c3 iter_args(%x = %x0) -> (tensor<1024x1024xf32>) {
    %fag = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %wf = sched.wait %fag : !sched.future<tensor<1024x1024xf32>>
    %g = sched.compute "grad" ins(%x, %wf : tensor<1024x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 200000> -> (tensor<1024x1024xf32>)
    %frs = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<1024x1024xf32> -> !sched.future<tensor<128x1024xf32>>
    %rs = sched.wait %frs : !sched.future<tensor<128x1024xf32>>
    %n = sched.compute "apply" ins(%g, %rs : tensor<1024x1024xf32>, tensor<128x1024xf32>) cost <time_ns = 1000> -> (tensor<1024x1024xf32>)
    scf.yield %n : tensor<1024x1024xf32>
  }
  return %r : tensor<1024x1024xf32>
}

// Loops that stay as they are, each with its remark.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:   sched.pipeline_depth
// CHECK:       return
// REMARK: remark: loop not pipelined: its trip count is not static
// REMARK: remark: loop not pipelined: it runs 1 iteration, fewer than 2
// REMARK: remark: loop kept at depth 0: no candidate is faster (iteration 40.9 -> 40.9 us)
// EXPLAIN: remark: candidate 1 early start: iteration 40.9 us, peak memory 16.52 KiB, 1 in flight
// EXPLAIN: remark: candidate 1 early start after the group's starts: iteration 40.9 us
// EXPLAIN: remark: stays in its iteration: its input is the result of another collective
// REMARK: remark: loop kept at depth 0: no candidate is faster (iteration 14.3 -> 14.3 us)
// EXPLAIN: remark: candidate 1 sunk wait: iteration 14.3 us, peak memory 13.02 KiB, 1 in flight
func.func @kept(%x0: tensor<1024xf32>, %w: tensor<128xf32>, %n: index, %m: memref<4xf32>) -> (tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  }
  %b = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  }
  // The gather reads the result of an all-reduce of the iteration's value.
  // The all-reduce could start at the end of the previous iteration, on the
  // value it yields, but the iteration waits for it first: not faster.
  %c = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %f = sched.all_reduce_start %x on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %s = tensor.extract_slice %v[0] [128] [1] : tensor<1024xf32> to tensor<128xf32>
    %f2 = sched.all_gather_start %s on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
    %v2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
    %y = sched.compute "add" ins(%x, %v2 : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  }
  // The gather's input is read from memory in the iteration: it cannot
  // start ahead, but its result only feeds the iteration argument, so its
  // wait may sink into the next iteration; that is not faster here.
  %d = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %e = memref.load %m[%i] : memref<4xf32>
    %t = tensor.splat %e : tensor<128xf32>
    %f = sched.all_gather_start %t on @dp gather_dim = 0 : tensor<128xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %y = sched.compute "add" ins(%x, %v : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  }
  return %a, %b, %c, %d : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
}
