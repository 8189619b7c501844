func.func @step(%x: tensor<8xf32>) -> tensor<f32> {
  %y = sched.compute "sum" ins(%x : tensor<8xf32>) -> (tensor<f32>) {
  ^bb0(%a: tensor<8xf32>):
    %e = tensor.empty() : tensor<f32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %s = linalg.reduce ins(%a : tensor<8xf32>) outs(%i : tensor<f32>) dimensions = [0]
      (%v: f32, %acc: f32) {
        %t = arith.addf %v, %acc : f32
        linalg.yield %t : f32
      }
    sched.yield %s : tensor<f32>
  }
  return %y : tensor<f32>
}
