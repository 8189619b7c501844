module attributes {sched.target = #sched.target<name = "h100-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 3350.0, hbm_capacity = 85899345920, compute = [bf16 = 989.5]>} {
  sched.process_group @dp size = 4
  sched.compute "step" {
  ^bb0:
    %x = sched.compute "init" -> (tensor<4xf32>)
    %f = sched.all_gather_start %x, %x on @dp gather_dim = 0 : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<16xf32>, tensor<16xf32>>
    %r:2 = sched.wait %f : !sched.future<tensor<16xf32>, tensor<16xf32>>
    %g = sched.reduce_scatter_start %x on @dp reduction = sum scatter_dim = 0 : tensor<4xf32> -> !sched.future<tensor<1xf32>>
    %s = sched.wait %g : !sched.future<tensor<1xf32>>
    sched.yield
  }
}
