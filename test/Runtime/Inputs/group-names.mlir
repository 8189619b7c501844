// Two process groups for the runtime's group messages: @pairs tiles every
// even world, @quads only multiples of 4.
sched.process_group @pairs size = 2
sched.process_group @quads size = 4

func.func @step(%a: tensor<8xf32>, %b: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %f0 = sched.all_reduce_start %a on @pairs reduction = sum
      : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %f1 = sched.all_reduce_start %b on @quads reduction = sum
      : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  return %r0, %r1 : tensor<8xf32>, tensor<8xf32>
}
