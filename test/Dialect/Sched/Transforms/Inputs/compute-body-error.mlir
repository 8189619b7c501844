// A sched.compute whose body takes other types than its ins: the verifier's
// message must not print the op and its body after it (no-ir-dump.test).
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = sched.compute "step" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<8xf32>):
    %b = arith.addf %a, %a : tensor<8xf32>
    %c = arith.mulf %b, %b : tensor<8xf32>
    sched.yield %c : tensor<8xf32>
  }
  return %r : tensor<4xf32>
}
