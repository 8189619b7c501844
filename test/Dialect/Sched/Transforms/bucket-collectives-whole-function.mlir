// RUN: sched-opt %s --sched-bucket-collectives -verify-diagnostics | FileCheck %s

// sched-bucket-collectives checks the whole function where its nested
// blocks do work (docs/passes/BucketCollectives.md, "Nested blocks"). The
// body's own simulation sees the loop as one op: the bucket of the two
// reduce_scatters, started where the first one is, hides under it. In the
// whole function, the bucket holds @dp's stream while the loop's
// all_gathers wait for it, so the function is left as it was.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 100000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4

  // CHECK-LABEL: func.func @across
  // CHECK:         sched.reduce_scatter_start %{{.*}} on @dp
  // CHECK-NEXT:    scf.for
  // CHECK:         sched.reduce_scatter_start %{{.*}} on @dp
  // CHECK-NEXT:    sched.compute "tail"
  // expected-remark @below {{@across: bucketed 2 collectives into 1 bucket (32 MiB), exposed comm 0.000 -> 0.000 us}}
  // expected-remark @below {{not bucketed: the exposed comm of the whole of @across would be 264.027 us against 138.198 us unbucketed (a bucket in flight across a loop or branch delays the collectives it issues); the function is left as it was}}
  func.func @across(%x: tensor<16xf32>, %w: tensor<1024xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %g1 = sched.compute "grad1" ins(%x : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096x1024xf32>)
    %g2 = sched.compute "grad2" ins(%x : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096x1024xf32>)
    %f1 = sched.reduce_scatter_start %g1 on @dp reduction = sum scatter_dim = 0 : tensor<4096x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %fa = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<4096xf32>>
      %wa = sched.wait %fa : !sched.future<tensor<4096xf32>>
      %c = sched.compute "layer" ins(%a, %wa : tensor<16xf32>, tensor<4096xf32>) cost <time_ns = 100000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    }
    %f2 = sched.reduce_scatter_start %g2 on @dp reduction = sum scatter_dim = 0 : tensor<4096x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %t = sched.compute "tail" ins(%r : tensor<16xf32>) cost <time_ns = 400000> -> (tensor<16xf32>)
    %w1 = sched.wait %f1 : !sched.future<tensor<1024x1024xf32>>
    %w2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    return %t : tensor<16xf32>
  }

  // A bucket within the loop's issue order leaves the whole function's
  // exposure as it was: it is kept.
  // CHECK-LABEL: func.func @after
  // CHECK:         scf.for
  // CHECK:         sched.reduce_scatter_start %{{.*}}, %{{.*}} on @dp
  // expected-remark @below {{@after: bucketed 2 collectives into 1 bucket}}
  func.func @after(%x: tensor<16xf32>, %w: tensor<1024xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %fa = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<4096xf32>>
      %wa = sched.wait %fa : !sched.future<tensor<4096xf32>>
      %c = sched.compute "layer" ins(%a, %wa : tensor<16xf32>, tensor<4096xf32>) cost <time_ns = 100000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    }
    %g1 = sched.compute "grad1" ins(%r : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096x1024xf32>)
    %g2 = sched.compute "grad2" ins(%r : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096x1024xf32>)
    %f1 = sched.reduce_scatter_start %g1 on @dp reduction = sum scatter_dim = 0 : tensor<4096x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %f2 = sched.reduce_scatter_start %g2 on @dp reduction = sum scatter_dim = 0 : tensor<4096x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %t = sched.compute "tail" ins(%r : tensor<16xf32>) cost <time_ns = 400000> -> (tensor<16xf32>)
    %w1 = sched.wait %f1 : !sched.future<tensor<1024x1024xf32>>
    %w2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    return %t : tensor<16xf32>
  }
}
