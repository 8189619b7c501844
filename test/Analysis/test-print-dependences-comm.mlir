// RUN: sched-opt %s -test-sched-print-dependences="order-comm-stream=1" -verify-diagnostics

// Tests order-comm-stream: starts and waits form a chain in program order
// through the communication stream resource; compute is not on it.

sched.process_group @g size = 2

func.func @chain(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-remark@+1 {{node 0}}
  %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 1 <- 0 (memory)}}
  %s2 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 2}}
  %c = sched.compute "mm" ins(%a : tensor<4xf32>) -> (tensor<4xf32>)
  // expected-remark@+1 {{node 3 <- 1 (data+memory)}}
  %w2 = sched.wait %s2 : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 4 <- 0 (data), 3 (memory)}}
  %w1 = sched.wait %s1 : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 5 <- 3 (data), 4 (data)}}
  return %w1, %w2 : tensor<8xf32>, tensor<8xf32>
}

// Tests a collective_permute: it is a collective like the others, on the
// communication stream's chain, its wait a data dependence of its start.
func.func @permute(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  // expected-remark@+1 {{node 0}}
  %p = sched.collective_permute_start %a on @g source_target_pairs = [[0, 1], [1, 0]] : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  // expected-remark@+1 {{node 1 <- 0 (memory)}}
  %s = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 2 <- 0 (data), 1 (memory)}}
  %wp = sched.wait %p : !sched.future<tensor<4xf32>>
  // expected-remark@+1 {{node 3 <- 1 (data), 2 (memory)}}
  %ws = sched.wait %s : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 4 <- 2 (data), 3 (data)}}
  return %wp, %ws : tensor<4xf32>, tensor<8xf32>
}
