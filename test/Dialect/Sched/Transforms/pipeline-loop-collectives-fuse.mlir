// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="explain=1 memory-slack=1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" -o - 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="fuse-map-loops=0 memory-slack=1" -o - 2>/dev/null | FileCheck %s --check-prefix=OFF

// A map loop after a communicating loop runs inside its iterations
// (fuse-map-loops=1, the default): TP's optimizer loop after the backward
// loop, which reads the stack of gradients row by row, the backward loop
// writing it in reverse. Apart, the backward loop's iteration pipelined
// (the gather started early) exposes 12.4 us of its gather behind wgrad's
// 5 us (117.4 us), and the optimizer's takes 30 us; fused, adam runs under
// the next gather (135.0 us), and the stack of gradients is not built. pipeline-loop-collectives-fuse-refused.mlir has
// the loops it leaves alone.

sched.process_group @tp size = 8

// CHECK-LABEL: func.func @optimizer
// CHECK: sched.all_gather_start
// CHECK: scf.for
// CHECK-NOT: tensor<4x1024xf32>
// CHECK: "dgrad"
// CHECK: "wgrad"
// CHECK: "adam"
// CHECK: tensor.insert_slice {{.*}} : tensor<1024xbf16> into tensor<4x1024xbf16>
// CHECK: scf.yield
// CHECK: sched.pipeline_depth = 1
// CHECK: "adam"
// CHECK-NOT: scf.for
// CHECK: return
// OFF-LABEL: func.func @optimizer
// OFF: scf.for
// OFF: tensor.insert_slice {{.*}} into tensor<4x1024xf32>
// OFF: scf.for
// OFF: "adam"
func.func @optimizer(%dy0: tensor<128x1024xbf16>, %w: tensor<4x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+4 {{fused the next loop into this loop: each of its 4 iterations runs in the iteration that writes the row it reads (1 stack, 1 no longer built); pipelined iteration 117.4 + 30.0 -> 135.0 us, step 610.5 -> 610.5 us, peak memory 2.53 MiB -> 2.52 MiB (budget 5.05 MiB)}}
  // expected-remark@+3 {{candidate 1 early start: iteration 135.0 us, peak memory 4.52 MiB, 1 in flight}}
  // expected-remark@+2 {{candidate 1 early start after the group's starts: iteration 135.0 us, peak memory 4.52 MiB, 1 in flight}}
  // expected-remark@+1 {{loop pipelined at depth 1: 1 of 1 collective starts at the end of the previous iteration (on the values it yields); iteration 152.4 -> 135.0 us (steady state), peak memory 2.52 MiB -> 4.52 MiB (budget 5.04 MiB), 4 iterations (prologue and last iteration peeled)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %c3 = arith.constant 3 : index
    %row = arith.subi %c3, %i : index
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%row, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  %e = sched.compute "embedding_wgrad" ins(%r#0 : tensor<128x1024xbf16>) cost <time_ns = 1000> -> (tensor<128x1024xbf16>)
  %o0 = tensor.empty() : tensor<4x1024xbf16>
  %c0_0 = arith.constant 0 : index
  %c4_0 = arith.constant 4 : index
  %c1_0 = arith.constant 1 : index
  // expected-note@+1 {{the loop fused}}
  %o = scf.for %j = %c0_0 to %c4_0 step %c1_0 iter_args(%acc = %o0) -> (tensor<4x1024xbf16>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %wj = tensor.extract_slice %w[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xbf16> to tensor<1024xbf16>
    %u = sched.compute "adam" ins(%wj, %gj : tensor<1024xbf16>, tensor<1024xf32>) cost <time_ns = 30000> -> (tensor<1024xbf16>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xbf16> into tensor<4x1024xbf16>
    scf.yield %na : tensor<4x1024xbf16>
  }
  return %e, %o : tensor<128x1024xbf16>, tensor<4x1024xbf16>
}

// The optimizer in place (sched-gen's default): the map loop carries the
// parameters %w and updates each row through its iteration argument (the
// old row read by `tensor.extract_slice` of the row it writes, adam's
// `outs`); the backward loop reads its row of %w too. Fused, the backward
// part reads the row through the fused loop's iteration argument (so that
// bufferization writes %w in place rather than copying it: no stack is
// allocated), and adam writes the row after dgrad has read it.
// CHECK-LABEL: func.func @optimizer_in_place
// CHECK-NOT: tensor.empty
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %arg0, %[[P:[a-z0-9_]+]] = %arg1,
// CHECK: %[[W:[a-z0-9_]+]] = tensor.extract_slice %[[P]]{{\[}}%[[ROW:[0-9]+]], 0]
// CHECK: "dgrad" ins(%{{.*}}, %[[W]] :
// CHECK: %[[OLD:[a-z0-9_]+]] = tensor.extract_slice %[[P]]{{\[}}%[[ROW]], 0]
// CHECK-NEXT: "adam" {{.*}} outs(%[[OLD]] :
// CHECK-NEXT: tensor.insert_slice %{{.*}} into %[[P]]{{\[}}%[[ROW]], 0]
// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="memory-slack=1" 2>/dev/null | sched-opt --pass-pipeline='builtin.module(func.func(sched-materialize-loop-yields,sched-bufferize-carried-futures),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | FileCheck %s --check-prefix=BUF
// BUF-LABEL: func.func @optimizer_in_place
// BUF-NOT: memref.alloc() {{.*}} : memref<4x1024xbf16>
// BUF: return
func.func @optimizer_in_place(%dy0: tensor<128x1024xbf16>, %w: tensor<4x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+4 {{fused the next loop into this loop: each of its 4 iterations runs in the iteration that writes the row it reads (1 stack, 1 no longer built); pipelined iteration 117.4 + 30.0 -> 135.0 us, step 609.5 -> 609.5 us, peak memory 2.53 MiB -> 2.51 MiB (budget 5.05 MiB)}}
  // expected-remark@+3 {{candidate 1 early start: iteration 135.0 us, peak memory 4.51 MiB, 1 in flight}}
  // expected-remark@+2 {{candidate 1 early start after the group's starts: iteration 135.0 us, peak memory 4.51 MiB, 1 in flight}}
  // expected-remark@+1 {{loop pipelined at depth 1: 1 of 1 collective starts at the end of the previous iteration (on the values it yields); iteration 152.4 -> 135.0 us (steady state), peak memory 2.51 MiB -> 4.51 MiB (budget 5.02 MiB), 4 iterations (prologue and last iteration peeled)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %c3 = arith.constant 3 : index
    %row = arith.subi %c3, %i : index
    %wr = tensor.extract_slice %w[%row, 0] [1, 1024] [1, 1] : tensor<4x1024xbf16> to tensor<1024xbf16>
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full, %wr : tensor<1024x1024xbf16>, tensor<1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%row, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-note@+1 {{the loop fused}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %w) -> (tensor<4x1024xbf16>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %wj = tensor.extract_slice %acc[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xbf16> to tensor<1024xbf16>
    %u = sched.compute "adam" ins(%gj : tensor<1024xf32>) outs(%wj : tensor<1024xbf16>) cost <time_ns = 30000> -> (tensor<1024xbf16>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xbf16> into tensor<4x1024xbf16>
    scf.yield %na : tensor<4x1024xbf16>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xbf16>
}
