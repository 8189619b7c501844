// RUN: sched-opt %s --sched-lower-to-llvm -verify-diagnostics -o /dev/null

// A call with unknown memory effects (its callee writes a global) that the
// input itself places while a collective is in flight is refused by the
// lowering's in-flight check.

sched.process_group @g size = 2

memref.global "private" @counter : memref<1xf32> = dense<0.0>

func.func private @bump(%a: tensor<64xf32>) -> tensor<64xf32> {
  %m = memref.get_global @counter : memref<1xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %m[%c0] : memref<1xf32>
  %s = arith.addf %a, %a : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @step(%x: tensor<1024xf32>, %y: tensor<64xf32>) -> (tensor<1024xf32>, tensor<64xf32>) {
  // expected-note@+1 {{collective started here}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  // expected-error@+1 {{op with unknown memory effects may access a buffer while 'sched.all_reduce_start' is in flight on it}}
  %c = func.call @bump(%y) : (tensor<64xf32>) -> tensor<64xf32>
  %r = sched.wait %f : !sched.future<tensor<1024xf32>>
  return %r, %c : tensor<1024xf32>, tensor<64xf32>
}
