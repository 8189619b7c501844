// Tests sched-reorder-for-memory keep-step (docs/passes/ReorderForMemory.md):
// only the ops between consecutive collective starts and waits are
// reordered, so every collective keeps its simulated issue and wait time and
// the step stays. In @runs the run between the start and the wait makes two
// 1 MiB buffers before reducing either; reordered, one is reduced before the
// other is made. The start and the wait stay where they are (the normal mode
// would also move "make_a" above the start). In @nothing no run can lower the
// peak: no remark. In @outside the loop body's run can be reordered to a
// lower peak, but the function's peak is the 4 MiB buffer before the loop,
// so the body's order is put back, with a remark.
// RUN: sched-opt %s --sched-reorder-for-memory=keep-step=1 -verify-diagnostics | FileCheck %s


module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8

  // CHECK-LABEL: func.func @runs
  // CHECK:      sched.all_gather_start
  // CHECK-NEXT: sched.compute "make_a"
  // CHECK-NEXT: sched.compute "reduce_a"
  // CHECK-NEXT: sched.compute "make_b"
  // CHECK-NEXT: sched.compute "reduce_b"
  // CHECK-NEXT: sched.wait
  // expected-remark@+1 {{@runs: reordered 1 of 1 runs between collectives: peak 3.13 MiB -> 2.13 MiB, step kept}}
  func.func @runs(%v: tensor<32768xf32>, %x: tensor<16xf32>) -> (tensor<262144xf32>, tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %v on @dp gather_dim = 0 : tensor<32768xf32> -> !sched.future<tensor<262144xf32>>
    %a = sched.compute "make_a" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 1048576> -> (tensor<262144xf32>)
    %b = sched.compute "make_b" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 1048576> -> (tensor<262144xf32>)
    %ra = sched.compute "reduce_a" ins(%a : tensor<262144xf32>) cost <flops = 1000000, bytes_read = 1048576, bytes_written = 16> -> (tensor<4xf32>)
    %rb = sched.compute "reduce_b" ins(%b : tensor<262144xf32>) cost <flops = 1000000, bytes_read = 1048576, bytes_written = 16> -> (tensor<4xf32>)
    %g = sched.wait %f : !sched.future<tensor<262144xf32>>
    return %g, %ra, %rb : tensor<262144xf32>, tensor<4xf32>, tensor<4xf32>
  }

  // CHECK-LABEL: func.func @nothing
  // CHECK:      sched.compute "make_a"
  // CHECK-NEXT: sched.compute "reduce_a"
  // CHECK-NEXT: sched.all_gather_start
  func.func @nothing(%v: tensor<32768xf32>, %x: tensor<16xf32>) -> (tensor<262144xf32>, tensor<4xf32>) {
    %a = sched.compute "make_a" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 1048576> -> (tensor<262144xf32>)
    %ra = sched.compute "reduce_a" ins(%a : tensor<262144xf32>) cost <flops = 1000000, bytes_read = 1048576, bytes_written = 16> -> (tensor<4xf32>)
    %f = sched.all_gather_start %v on @dp gather_dim = 0 : tensor<32768xf32> -> !sched.future<tensor<262144xf32>>
    %g = sched.wait %f : !sched.future<tensor<262144xf32>>
    return %g, %ra : tensor<262144xf32>, tensor<4xf32>
  }

  // CHECK-LABEL: func.func @outside
  // CHECK:      scf.for
  // CHECK-NEXT: sched.compute "make_a"
  // CHECK-NEXT: sched.compute "make_b"
  // expected-remark@+1 {{@outside: kept the order: no reordering of the 2 runs between collectives lowers the peak, 4 MiB}}
  func.func @outside(%x: tensor<16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %big = sched.compute "make_big" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 4194304> -> (tensor<1048576xf32>)
    %rbig = sched.compute "reduce_big" ins(%big : tensor<1048576xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    %init = sched.compute "init" ins(%x : tensor<16xf32>) cost <flops = 16, bytes_read = 64, bytes_written = 16> -> (tensor<4xf32>)
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
      %a = sched.compute "make_a" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 1048576> -> (tensor<262144xf32>)
      %b = sched.compute "make_b" ins(%x : tensor<16xf32>) cost <flops = 1000000, bytes_read = 64, bytes_written = 1048576> -> (tensor<262144xf32>)
      %ra = sched.compute "reduce_a" ins(%a, %acc : tensor<262144xf32>, tensor<4xf32>) cost <flops = 1000000, bytes_read = 1048576, bytes_written = 16> -> (tensor<4xf32>)
      %rb = sched.compute "reduce_b" ins(%b, %ra : tensor<262144xf32>, tensor<4xf32>) cost <flops = 1000000, bytes_read = 1048576, bytes_written = 16> -> (tensor<4xf32>)
      scf.yield %rb : tensor<4xf32>
    }
    return %rbig, %r : tensor<4xf32>, tensor<4xf32>
  }
}
