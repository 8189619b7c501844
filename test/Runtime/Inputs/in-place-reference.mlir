// in-place.mlir in the tensor form: bufferization gives every collective a
// fresh destination. The reference the in-place program must agree with.

sched.process_group @g size = 2

func.func @step(%x: tensor<8xf32>, %y: tensor<4xf64>, %a: tensor<6xf32>,
                %b: tensor<6xf32>, %t: tensor<4x2xf32>, %s: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<4xf64>, tensor<6xf32>, tensor<6xf32>,
        tensor<4x2xf32>, tensor<8xf32>) {
  %f0 = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %f1 = sched.broadcast_start %y on @g root = 1 : tensor<4xf64> -> !sched.future<tensor<4xf64>>
  %f2 = sched.all_reduce_start %a, %b on @g reduction = max : tensor<6xf32>, tensor<6xf32> -> !sched.future<tensor<6xf32>, tensor<6xf32>>
  %f3 = sched.all_to_all_start %t on @g split_dim = 0 concat_dim = 0 : tensor<4x2xf32> -> !sched.future<tensor<4x2xf32>>
  %f4 = sched.reduce_scatter_start %s on @g reduction = sum scatter_dim = 0 : tensor<8xf32> -> !sched.future<tensor<4xf32>>
  %r0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %r1 = sched.wait %f1 : !sched.future<tensor<4xf64>>
  %r2:2 = sched.wait %f2 : !sched.future<tensor<6xf32>, tensor<6xf32>>
  %r3 = sched.wait %f3 : !sched.future<tensor<4x2xf32>>
  %r4 = sched.wait %f4 : !sched.future<tensor<4xf32>>
  %o = tensor.insert_slice %r4 into %s[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  // The bucket's destinations are swapped in in-place.mlir: %a receives the
  // reduction of %b and %b that of %a.
  return %r0, %r1, %r2#1, %r2#0, %r3, %o
      : tensor<8xf32>, tensor<4xf64>, tensor<6xf32>, tensor<6xf32>,
        tensor<4x2xf32>, tensor<8xf32>
}
