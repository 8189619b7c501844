// RUN: sched-opt %s --sched-report="summary=-" -o /dev/null | FileCheck %s
// RUN: sched-opt %s --sched-report="json=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// sched-report goes into loops, branches, regions and calls
// (sched/Analysis/ProgramSimulation.h): a rolled loop simulates to the step
// time of its unrolled form. (A future carried into the next iteration is
// tested in unittests/Analysis/ProgramSimulationTest.cpp: the verifier of
// this version refuses it.)

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4

  // Three iterations, each all_reduce (40 us) under its iteration's 30 us
  // of compute; its last 10 us exposed.
  // CHECK-LABEL: function @rolled on t: 15 ops, 3 collectives
  // CHECK-NEXT:  makespan             120.000 us
  // CHECK-NEXT:  compute busy          90.000 us
  // CHECK-NEXT:  comm busy            120.000 us
  // CHECK-NEXT:  exposed comm          30.000 us  (overlap 75.0%)
  // CHECK-NEXT:  lower bounds         120.000 us streams, 100.000 us critical path, 120.000 us head and tail
  // CHECK:       region               runs                      iters instances      time_us  per_iter_us     begin_us
  // CHECK-NEXT:  scf.for              static                        3         1      120.000       40.000        0.000
  func.func @rolled(%x: tensor<16xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %f = sched.all_reduce_start %a on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 40000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      %c = sched.compute "matmul" ins(%a : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      %w = sched.wait %f : !sched.future<tensor<16xf32>>
      scf.yield %c : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }

  // The same three iterations unrolled.
  // CHECK-LABEL: function @unrolled on t: 10 ops, 3 collectives
  // CHECK-NEXT:  makespan             120.000 us
  // CHECK-NEXT:  compute busy          90.000 us
  // CHECK-NEXT:  comm busy            120.000 us
  // CHECK-NEXT:  exposed comm          30.000 us  (overlap 75.0%)
  // CHECK-NOT:   region
  func.func @unrolled(%x: tensor<16xf32>) -> tensor<16xf32> {
    %f0 = sched.all_reduce_start %x on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 40000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %c0 = sched.compute "matmul" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    %w0 = sched.wait %f0 : !sched.future<tensor<16xf32>>
    %f1 = sched.all_reduce_start %c0 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 40000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %c1 = sched.compute "matmul" ins(%c0 : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    %w1 = sched.wait %f1 : !sched.future<tensor<16xf32>>
    %f2 = sched.all_reduce_start %c1 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 40000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %c2 = sched.compute "matmul" ins(%c1 : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    %w2 = sched.wait %f2 : !sched.future<tensor<16xf32>>
    return %c2 : tensor<16xf32>
  }

  // A condition that is not a constant: the slower branch is the bound.
  // CHECK-LABEL: function @branch on t:
  // CHECK-NEXT:  makespan              30.000 us
  // CHECK:       scf.if               else                          1         1       30.000       30.000        0.000  {{.*}}simulate-loops.mlir:[[#@LINE+2]]:10  (bound: the slower branch; then 10.000 us, else 30.000 us)
  func.func @branch(%x: tensor<16xf32>, %p: i1) -> tensor<16xf32> {
    %r = scf.if %p -> tensor<16xf32> {
      %c = sched.compute "small" ins(%x : tensor<16xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    } else {
      %c = sched.compute "big" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }

  // A constant condition runs its branch; no bound is reported.
  // CHECK-LABEL: function @constant_branch on t:
  // CHECK-NEXT:  makespan              10.000 us
  // CHECK:       scf.if               then                          1         1       10.000       10.000        0.000  {{.*}}simulate-loops.mlir:[[#@LINE+3]]:10{{$}}
  func.func @constant_branch(%x: tensor<16xf32>) -> tensor<16xf32> {
    %true = arith.constant true
    %r = scf.if %true -> tensor<16xf32> {
      %c = sched.compute "small" ins(%x : tensor<16xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    } else {
      %c = sched.compute "big" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }

  // CHECK-LABEL: function @layer on t:
  // CHECK-NEXT:  makespan              20.000 us
  func.func private @layer(%a: tensor<16xf32>) -> tensor<16xf32> {
    %f = sched.all_reduce_start %a on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 20000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %w = sched.wait %f : !sched.future<tensor<16xf32>>
    return %w : tensor<16xf32>
  }

  // A dynamic trip count with a bound, calls simulated in the callee, a
  // region, and a loop nest: 2 x 3 calls of 20 us and 2 x 5 us of compute.
  // The calls form one chain through the iteration arguments (used from
  // inside the region and the call's callee too): the critical path is the
  // makespan.
  // CHECK-LABEL: function @nest on t:
  // CHECK-NEXT:  makespan             130.000 us
  // CHECK-NEXT:  compute busy          10.000 us
  // CHECK-NEXT:  comm busy            120.000 us
  // CHECK-NEXT:  exposed comm         120.000 us  (overlap 0.0%)
  // CHECK-NEXT:  lower bounds         120.000 us streams, 130.000 us critical path, 130.000 us head and tail
  // CHECK:       scf.for              sched.trip_count_bound        2         1      130.000       65.000        0.000
  // CHECK-NEXT:    scf.execute_region region                        1         2       10.000        5.000        0.000
  // CHECK-NEXT:    scf.for            static                        3         2      120.000       20.000        5.000
  // CHECK-NEXT:      func.call        @layer                        1         6      120.000       20.000        5.000
  func.func @nest(%x: tensor<16xf32>, %n: index) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %b = scf.execute_region -> tensor<16xf32> {
        %c = sched.compute "norm" ins(%a : tensor<16xf32>) cost <time_ns = 5000> -> (tensor<16xf32>)
        scf.yield %c : tensor<16xf32>
      }
      %y = scf.for %j = %c0 to %c3 step %c1 iter_args(%e = %b) -> (tensor<16xf32>) {
        %z = func.call @layer(%e) : (tensor<16xf32>) -> tensor<16xf32>
        scf.yield %z : tensor<16xf32>
      }
      scf.yield %y : tensor<16xf32>
    } {sched.trip_count_bound = 2}
    return %r : tensor<16xf32>
  }
}

// JSON-LABEL: "name": "branch",
// JSON:       "regions": [
// JSON-NEXT:    {
// JSON-NEXT:      "kind": "scf.if",
// JSON-NEXT:      "source": "else",
// JSON-NEXT:      "iterations": 1,
// JSON-NEXT:      "instances": 1,
// JSON-NEXT:      "depth": 0,
// JSON-NEXT:      "begin_us": 0,
// JSON-NEXT:      "end_us": 30,
// JSON-NEXT:      "time_us": 30,
// JSON-NEXT:      "then_us": 10,
// JSON-NEXT:      "else_us": 30,
// JSON-NEXT:      "location": "{{.*}}simulate-loops.mlir:[[#]]:10"
