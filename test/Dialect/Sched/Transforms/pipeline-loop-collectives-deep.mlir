// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2 max-depth=2 max-in-flight=3" 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2 max-depth=2 max-in-flight=3" -verify-diagnostics -o /dev/null
// The output verifies (every future waited once on every path, through the
// loop's iteration arguments) and the pass leaves it as it is.
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=2 max-depth=2 max-in-flight=3" 2>/dev/null | sched-opt --sched-pipeline-loop-collectives="memory-slack=2 max-depth=2 max-in-flight=3" 2>/dev/null | FileCheck %s

// Tests sched-pipeline-loop-collectives with loop-carried futures: a
// prefetch two iterations ahead (max-depth=2) and the wait of a gradient's
// reduce-scatter sunk into the next iteration.

sched.process_group @dp size = 8

// Each layer all-reduces its attention output on @dp before the MLP, so a
// weight gather issued at the top of the body delays that all-reduce, and
// one issued after it (depth 1) is still in flight at the end of the
// iteration. Issued after the all-reduce two iterations ahead, it is never
// waited for: 66.7 -> 56.7 us an iteration. The prologue starts layers 0
// and 1 and waits for layer 0; iteration i starts layer i + 2 (its future
// carried) and waits for layer i + 1; the epilogue runs layers 4 and 5.
// CHECK-LABEL: func.func @deep
// CHECK-SAME:    (%[[X0:.*]]: tensor<64x1024xbf16>, %[[W:.*]]: tensor<6x512x1024xbf16>)
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[W]][%c0, 0, 0]
// CHECK:         %[[F0:.*]] = sched.all_gather_start %[[S0]]
// CHECK:         %[[S1:.*]] = tensor.extract_slice %[[W]][%c1{{.*}}, 0, 0]
// CHECK:         %[[F1:.*]] = sched.all_gather_start %[[S1]]
// CHECK:         %[[G0:.*]] = sched.wait %[[F0]]
// CHECK:         %[[R:.*]]:3 = scf.for %[[I:.*]] = %c0 to %c4 step %c1 iter_args(%[[X:.*]] = %[[X0]], %[[FULL:.*]] = %[[G0]], %[[NEXT:.*]] = %[[F1]]) -> (tensor<64x1024xbf16>, tensor<4096x1024xbf16>, !sched.future<tensor<4096x1024xbf16>>)
// CHECK:           %[[I2:.*]] = arith.addi %[[I]], %c2
// CHECK:           %[[S:.*]] = tensor.extract_slice %[[W]][%[[I2]], 0, 0]
// CHECK:           %[[A:.*]] = sched.compute "attn" ins(%[[X]]
// CHECK:           %[[FR:.*]] = sched.all_reduce_start %[[A]]
// CHECK:           %[[F:.*]] = sched.all_gather_start %[[S]]
// CHECK:           sched.wait %[[FR]]
// CHECK:           %[[Y:.*]] = sched.compute "mlp" ins(%[[A]], %[[FULL]],
// CHECK:           %[[G:.*]] = sched.wait %[[NEXT]]
// CHECK:           scf.yield %[[Y]], %[[G]], %[[F]]
// CHECK:         } {sched.pipeline_depth = 2 : i64}
// CHECK:         sched.compute "mlp" ins(%{{.*}}, %[[R]]#1,
// CHECK:         %[[G5:.*]] = sched.wait %[[R]]#2
// CHECK:         sched.compute "mlp" ins(%{{.*}}, %[[G5]],
// CHECK-NOT:     sched.all_gather_start
// CHECK:         return
func.func @deep(%x0: tensor<64x1024xbf16>, %w: tensor<6x512x1024xbf16>) -> tensor<64x1024xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  // expected-remark@+1 {{loop pipelined at depth 2: 1 of 2 collectives start 2 iterations ahead (after the iteration's own starts of its group); iteration 66.7 -> 56.7 us (steady state), peak memory 14.5 MiB -> 30.5 MiB (budget 43.5 MiB), 6 iterations (prologue and epilogue of 2 iterations peeled)}}
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%x = %x0) -> (tensor<64x1024xbf16>) {
    %shard = tensor.extract_slice %w[%i, 0, 0] [1, 512, 1024] [1, 1, 1] : tensor<6x512x1024xbf16> to tensor<512x1024xbf16>
    %f = sched.all_gather_start %shard on @dp gather_dim = 0 : tensor<512x1024xbf16> -> !sched.future<tensor<4096x1024xbf16>>
    %a = sched.compute "attn" ins(%x : tensor<64x1024xbf16>) cost <time_ns = 10000> -> (tensor<64x1024xbf16>)
    %fr = sched.all_reduce_start %a on @dp reduction = sum : tensor<64x1024xbf16> -> !sched.future<tensor<64x1024xbf16>>
    %s = sched.wait %fr : !sched.future<tensor<64x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<4096x1024xbf16>>
    %y = sched.compute "mlp" ins(%a, %full, %s : tensor<64x1024xbf16>, tensor<4096x1024xbf16>, tensor<64x1024xbf16>) cost <time_ns = 10000> -> (tensor<64x1024xbf16>)
    scf.yield %y : tensor<64x1024xbf16>
  }
  return %r : tensor<64x1024xbf16>
}

// The backward loop: each iteration computes a layer's input gradient and
// its weight gradient, reduce-scatters the weight gradient and inserts the
// shard into a stack that only the optimizer after the loop reads. The
// wait and the insert of iteration i run in iteration i + 1, just before
// its own reduce-scatter starts, so the reduce-scatter overlaps the next
// layer's compute: 121.5 -> 100.0 us an iteration. The prologue runs layer
// 0 up to its start; the epilogue waits for layer 3 and inserts it.
// CHECK-LABEL: func.func @backward
// CHECK-SAME:    (%[[DY0:.*]]: tensor<64x1024xf32>, %[[G0:.*]]: tensor<4x128x1024xf32>)
// CHECK:         %[[B0:.*]]:2 = sched.compute "layer_bwd" ins(%[[DY0]]
// CHECK:         %[[F0:.*]] = sched.reduce_scatter_start %[[B0]]#1
// CHECK:         %[[R:.*]]:3 = scf.for %[[I:.*]] = %c1{{.*}} to %c4{{.*}} step %c1 iter_args(%[[DY:.*]] = %[[B0]]#0, %[[GR:.*]] = %[[G0]], %[[F:.*]] = %[[F0]]) -> (tensor<64x1024xf32>, tensor<4x128x1024xf32>, !sched.future<tensor<128x1024xf32>>)
// CHECK-NEXT:      %[[B:.*]]:2 = sched.compute "layer_bwd" ins(%[[DY]]
// CHECK-NEXT:      %[[PREV:.*]] = arith.subi %[[I]], %c1
// CHECK-NEXT:      %[[RS:.*]] = sched.wait %[[F]]
// CHECK-NEXT:      %[[E:.*]] = tensor.expand_shape %[[RS]]
// CHECK-NEXT:      %[[NG:.*]] = tensor.insert_slice %[[E]] into %[[GR]][%[[PREV]], 0, 0]
// CHECK-NEXT:      %[[NF:.*]] = sched.reduce_scatter_start %[[B]]#1
// CHECK-NEXT:      scf.yield %[[B]]#0, %[[NG]], %[[NF]]
// CHECK-NEXT:    } {sched.pipeline_depth = 1 : i64}
// CHECK:         %[[LAST:.*]] = sched.wait %[[R]]#2
// CHECK:         %[[LE:.*]] = tensor.expand_shape %[[LAST]]
// CHECK:         %[[OUT:.*]] = tensor.insert_slice %[[LE]] into %[[R]]#1[%c3, 0, 0]
// CHECK:         return %[[R]]#0, %[[OUT]]
func.func @backward(%dy0: tensor<64x1024xf32>, %g0: tensor<4x128x1024xf32>) -> (tensor<64x1024xf32>, tensor<4x128x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop pipelined at depth 1: 1 of 1 collective waits in the next iteration (sunk); iteration 121.5 -> 100.0 us (steady state), peak memory 7 MiB -> 11.25 MiB (budget 21 MiB), 4 iterations (prologue and epilogue of 1 iteration peeled)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %grads = %g0) -> (tensor<64x1024xf32>, tensor<4x128x1024xf32>) {
    %dx, %gw = sched.compute "layer_bwd" ins(%dy : tensor<64x1024xf32>) cost <time_ns = 100000> -> (tensor<64x1024xf32>, tensor<1024x1024xf32>)
    %f = sched.reduce_scatter_start %gw on @dp reduction = sum scatter_dim = 0 : tensor<1024x1024xf32> -> !sched.future<tensor<128x1024xf32>>
    %rs = sched.wait %f : !sched.future<tensor<128x1024xf32>>
    %e = tensor.expand_shape %rs [[0, 1], [2]] output_shape [1, 128, 1024] : tensor<128x1024xf32> into tensor<1x128x1024xf32>
    %ng = tensor.insert_slice %e into %grads[%i, 0, 0] [1, 128, 1024] [1, 1, 1] : tensor<1x128x1024xf32> into tensor<4x128x1024xf32>
    scf.yield %dx, %ng : tensor<64x1024xf32>, tensor<4x128x1024xf32>
  }
  return %r#0, %r#1 : tensor<64x1024xf32>, tensor<4x128x1024xf32>
}
