// RUN: sched-opt %s --sched-bucket-collectives 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-bucket-collectives="max-in-flight=1" 2>/dev/null | FileCheck %s --check-prefix=CAP
// RUN: sched-opt %s --sched-bucket-collectives="max-in-flight=1" -verify-diagnostics -o /dev/null

// sched-bucket-collectives in nested blocks (docs/passes/BucketCollectives.md,
// "Nested blocks"): each loop body or branch that issues collectives is
// bucketed on its own, innermost first; with max-in-flight, a body whose
// bucketed order goes over the cap gets its input back.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4

  // The two all_reduces of the body share one bucket.
  // CHECK-LABEL: func.func @loop
  // CHECK:         scf.for
  // CHECK-NEXT:      sched.all_reduce_start %arg1, %arg2 on @dp
  // CHECK-NEXT:      sched.compute "matmul"
  // CHECK-NEXT:      sched.wait
  // CAP-LABEL: func.func @loop
  // CAP:           sched.all_reduce_start %arg1, %arg2 on @dp
  func.func @loop(%x: tensor<16xf32>, %g1: tensor<1024xf32>, %g2: tensor<1024xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-remark @below {{'scf.for' body: bucketed 2 collectives into 1 bucket (8 KiB), exposed comm 0.000 -> 0.000 us}}
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %f1 = sched.all_reduce_start %g1 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %f2 = sched.all_reduce_start %g2 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %c = sched.compute "matmul" ins(%a : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      %w1 = sched.wait %f1 : !sched.future<tensor<1024xf32>>
      %w2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
      %d = sched.compute "use" ins(%c, %w1, %w2 : tensor<16xf32>, tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
      scf.yield %d : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }

  // The bucket of the two all_reduces would span the all_gather between
  // them: two collectives of @dp in flight. By default it is made; with
  // max-in-flight=1 the body is left as it was.
  // CHECK-LABEL: func.func @inflight
  // CHECK:         scf.for
  // CHECK-NEXT:      sched.all_reduce_start %arg1, %arg3 on @dp
  // CAP-LABEL: func.func @inflight
  // CAP:           scf.for
  // CAP-NEXT:        sched.all_reduce_start %arg1 on @dp
  // CAP-NEXT:        sched.wait
  // CAP-NEXT:        sched.all_gather_start %arg2
  // CAP-NEXT:        sched.wait
  // CAP-NEXT:        sched.all_reduce_start %arg3 on @dp
  func.func @inflight(%x: tensor<16xf32>, %g1: tensor<1024xf32>, %g2: tensor<1024xf32>, %g3: tensor<1024xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-remark @below {{'scf.for' body: not bucketed: the bucketed order has 2 collectives of group @dp in flight, more than max-in-flight (1); the block is left as it was}}
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %f1 = sched.all_reduce_start %g1 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %w1 = sched.wait %f1 : !sched.future<tensor<1024xf32>>
      %f2 = sched.all_gather_start %g2 on @dp gather_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<4096xf32>>
      %w2 = sched.wait %f2 : !sched.future<tensor<4096xf32>>
      %f3 = sched.all_reduce_start %g3 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %w3 = sched.wait %f3 : !sched.future<tensor<1024xf32>>
      %d = sched.compute "use" ins(%a, %w1, %w2, %w3 : tensor<16xf32>, tensor<1024xf32>, tensor<4096xf32>, tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
      scf.yield %d : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }

  // A future carried into the next iteration: the body is not bucketed.
  // CHECK-LABEL: func.func @carried
  // CHECK:         scf.for
  // CHECK-NEXT:      sched.wait
  // CHECK-NEXT:      sched.all_reduce_start %arg1 on @dp
  // CHECK-NEXT:      sched.all_reduce_start %arg2 on @dp
  func.func @carried(%x: tensor<16xf32>, %g1: tensor<1024xf32>, %g2: tensor<1024xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-remark @below {{not bucketed: this 'sched.all_reduce_start' has its future carried through an 'scf.for' or 'scf.if'}}
    %f0 = sched.all_reduce_start %x on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x, %f = %f0) -> (tensor<16xf32>, !sched.future<tensor<16xf32>>) {
      // expected-remark @below {{not bucketed: this 'sched.wait' has its future carried through an 'scf.for' or 'scf.if'}}
      %s = sched.wait %f : !sched.future<tensor<16xf32>>
      %f1 = sched.all_reduce_start %g1 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %f2 = sched.all_reduce_start %g2 on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
      %w1 = sched.wait %f1 : !sched.future<tensor<1024xf32>>
      %w2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
      %n = sched.all_reduce_start %s on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      %d = sched.compute "use" ins(%s, %w1, %w2 : tensor<16xf32>, tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
      scf.yield %d, %n : tensor<16xf32>, !sched.future<tensor<16xf32>>
    }
    %last = sched.wait %r#1 : !sched.future<tensor<16xf32>>
    return %last : tensor<16xf32>
  }
}
