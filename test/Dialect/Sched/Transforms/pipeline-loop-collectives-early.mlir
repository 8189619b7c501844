// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1 keep-collective-order=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | sched-opt --sched-verify-schedule -o /dev/null
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1" 2>/dev/null | sched-opt --sched-verify-schedule -o /dev/null

// Early starts (docs/passes/PipelineLoopCollectives.md, "Starting in the
// previous iteration"): a collective whose input the previous iteration
// computes (it reads an iteration argument) starts at the end of that
// iteration on the value it yields, its future carried as an iteration
// argument and waited where its wait was. The prologue starts it for the
// first iteration on the initial value; the last iteration is peeled and
// starts none. pipeline-loop-collectives-early-refused.mlir has the loops
// it leaves alone.

sched.process_group @tp size = 8

// TP's backward loop: each iteration gathers the activation gradient the
// previous one computed (dgrad), then computes its weight gradient (wgrad)
// into an accumulator. Rotated, the gather of iteration i + 1 starts right
// after iteration i's dgrad, and wgrad runs under it.
// CHECK-LABEL: func.func @backward
// CHECK-SAME:    (%[[DY0:.*]]: tensor<128x1024xbf16>, %[[A0:.*]]: tensor<1024x1024xf32>)
// CHECK:         %[[F0:.*]] = sched.all_gather_start %[[DY0]] on @tp
// CHECK:         %[[R:.*]]:3 = scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[DY0]], %{{.*}} = %[[A0]], %[[F:.*]] = %[[F0]]) -> (tensor<128x1024xbf16>, tensor<1024x1024xf32>, !sched.future<tensor<1024x1024xbf16>>) {
// CHECK-NEXT:      %[[FULL:.*]] = sched.wait %[[F]]
// CHECK-NEXT:      %[[DX:.*]] = sched.compute "dgrad" ins(%[[FULL]]
// CHECK-NEXT:      %[[NF:.*]] = sched.all_gather_start %[[DX]] on @tp
// CHECK-NEXT:      sched.compute "wgrad" ins(%[[FULL]]
// CHECK-NEXT:      %[[NA:.*]] = sched.compute "accumulate"
// CHECK-NEXT:      scf.yield %[[DX]], %[[NA]], %[[NF]]
// CHECK-NEXT:    } {sched.pipeline_depth = 1 : i64}
// The last iteration, without a start.
// CHECK-NEXT:    %[[LAST:.*]] = sched.wait %[[R]]#2
// CHECK-NEXT:    %[[LDX:.*]] = sched.compute "dgrad" ins(%[[LAST]]
// CHECK-NEXT:    sched.compute "wgrad" ins(%[[LAST]]
// CHECK-NEXT:    %[[LA:.*]] = sched.compute "accumulate" ins(%[[R]]#1
// CHECK-NEXT:    return %[[LDX]], %[[LA]]
// REMARK: remark: loop pipelined at depth 1: 1 of 1 collective starts at the end of the previous iteration (on the values it yields); iteration 172.4 -> 155.0 us (steady state), peak memory 12.5 MiB -> 14.5 MiB (budget 25 MiB), 4 iterations (prologue and last iteration peeled)
// ORDER: remark: loop pipelined at depth 1: 1 of 1 collective starts at the end of the previous iteration (on the values it yields, after its starts of the group); iteration 172.4 -> 155.0 us
func.func @backward(%dy0: tensor<128x1024xbf16>, %a0: tensor<1024x1024xf32>) -> (tensor<128x1024xbf16>, tensor<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %acc = %a0) -> (tensor<128x1024xbf16>, tensor<1024x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 50000> -> (tensor<1024x1024xf32>)
    %na = sched.compute "accumulate" ins(%acc, %gw : tensor<1024x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 5000> -> (tensor<1024x1024xf32>)
    scf.yield %dx, %na : tensor<128x1024xbf16>, tensor<1024x1024xf32>
  }
  return %r#0, %r#1 : tensor<128x1024xbf16>, tensor<1024x1024xf32>
}

// The gather reads a slice of the carried value, at the index: the slice
// (a cheap op) is recomputed in the previous iteration for the next index,
// on the value that iteration yields; the slice the body also reads stays.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X0:.*]]: tensor<4x128x1024xbf16>,
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[X0]][%c0, 0, 0]
// CHECK-NEXT:    %[[F0:.*]] = sched.all_gather_start %[[S0]] on @tp
// CHECK:         scf.for %[[I:.*]] = %c0 to %c3 step %c1 iter_args(%[[X:.*]] = %[[X0]], %{{.*}} = %{{.*}}, %[[F:.*]] = %[[F0]])
// CHECK:           sched.wait %[[F]]
// CHECK:           %[[Y:.*]] = sched.compute "dgrad"
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I]], %c1
// CHECK-NEXT:      %[[NS:.*]] = tensor.extract_slice %[[Y]][%[[NEXT]], 0, 0]
// CHECK-NEXT:      %[[NF:.*]] = sched.all_gather_start %[[NS]] on @tp
// CHECK:           scf.yield %[[Y]], %{{.*}}, %[[NF]]
// CHECK:         } {sched.pipeline_depth = 1 : i64}
// CHECK-NOT:     sched.all_gather_start
// CHECK:         return
// REMARK: remark: loop pipelined at depth 1: 1 of 1 collective starts at the end of the previous iteration (on the values it yields)
func.func @chain(%x0: tensor<4x128x1024xbf16>, %a0: tensor<1024x1024xf32>) -> (tensor<4x128x1024xbf16>, tensor<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %acc = %a0) -> (tensor<4x128x1024xbf16>, tensor<1024x1024xf32>) {
    %s = tensor.extract_slice %x[%i, 0, 0] [1, 128, 1024] [1, 1, 1] : tensor<4x128x1024xbf16> to tensor<128x1024xbf16>
    %f = sched.all_gather_start %s on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %y = sched.compute "dgrad" ins(%full, %x : tensor<1024x1024xbf16>, tensor<4x128x1024xbf16>) cost <time_ns = 100000> -> (tensor<4x128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full, %s : tensor<1024x1024xbf16>, tensor<128x1024xbf16>) cost <time_ns = 50000> -> (tensor<1024x1024xf32>)
    %na = sched.compute "accumulate" ins(%acc, %gw : tensor<1024x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 5000> -> (tensor<1024x1024xf32>)
    scf.yield %y, %na : tensor<4x128x1024xbf16>, tensor<1024x1024xf32>
  }
  return %r#0, %r#1 : tensor<4x128x1024xbf16>, tensor<1024x1024xf32>
}
