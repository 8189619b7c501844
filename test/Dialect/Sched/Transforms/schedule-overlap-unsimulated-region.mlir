// Tests that sched-schedule-overlap (and so sched-pipeline) warns, as
// sched-report does, at a region op the simulation does not enter
// (scf.while, scf.forall) whose regions hold collectives or costed compute:
// to every order it is one op of zero time. Once per op, outermost first;
// an op with nothing to time in its regions gets no warning.
// RUN: sched-opt %s --sched-schedule-overlap -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-pipeline --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s

// CHECK-COUNT-2: warning: not simulated
// CHECK-NOT: warning: not simulated

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8
  // expected-remark@+1 {{@w: step}}
  func.func @w(%x: tensor<1024xf32>, %n: i32) -> tensor<1024xf32> {
    %c0 = arith.constant 0 : i32
    // expected-warning@+1 {{not simulated: the regions of this 'scf.while' hold 2 collective ops and 1 costed compute ops, counted as zero time}}
    %r:2 = scf.while (%a = %x, %i = %c0) : (tensor<1024xf32>, i32) -> (tensor<1024xf32>, i32) {
      %cond = arith.cmpi slt, %i, %n : i32
      scf.condition(%cond) %a, %i : tensor<1024xf32>, i32
    } do {
    ^bb0(%a: tensor<1024xf32>, %i: i32):
      %h = sched.compute "scale" ins(%a : tensor<1024xf32>) cost <flops = 1000000, bytes_read = 4096, bytes_written = 4096> -> (tensor<1024xf32>)
      %f = sched.all_reduce_start %h on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %g = sched.wait %f : !sched.future<tensor<1024xf32>>
      %c1 = arith.constant 1 : i32
      %j = arith.addi %i, %c1 : i32
      scf.yield %g, %j : tensor<1024xf32>, i32
    }
    return %r#0 : tensor<1024xf32>
  }
  // expected-remark@+1 {{@fa: step}}
  func.func @fa(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
    // expected-warning@+1 {{not simulated: the regions of this 'scf.forall' hold 2 collective ops and 0 costed compute ops, counted as zero time}}
    %r = scf.forall (%i) in (8) shared_outs(%o = %x) -> (tensor<8x1024xf32>) {
      %s = tensor.extract_slice %o[%i, 0] [1, 1024] [1, 1] : tensor<8x1024xf32> to tensor<1x1024xf32>
      %f = sched.all_reduce_start %s on @dp reduction = sum : tensor<1x1024xf32> -> !sched.future<tensor<1x1024xf32>>
      %g = sched.wait %f : !sched.future<tensor<1x1024xf32>>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %g into %o[%i, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<8x1024xf32>
      }
    }
    return %r : tensor<8x1024xf32>
  }
  // Nothing to time in the loop: no warning.
  // expected-remark@+1 {{@quiet: step}}
  func.func @quiet(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
    %r = scf.forall (%i) in (8) shared_outs(%o = %x) -> (tensor<8x1024xf32>) {
      %s = tensor.extract_slice %o[%i, 0] [1, 1024] [1, 1] : tensor<8x1024xf32> to tensor<1x1024xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[%i, 0] [1, 1024] [1, 1] : tensor<1x1024xf32> into tensor<8x1024xf32>
      }
    }
    return %r : tensor<8x1024xf32>
  }
}
