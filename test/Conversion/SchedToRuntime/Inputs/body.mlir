func.func @step(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = sched.compute "double" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %s = arith.addf %a, %a : tensor<4xf32>
    sched.yield %s : tensor<4xf32>
  }
  return %y : tensor<4xf32>
}
