// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-schedule-overlap="explain=1 memory-slack=4" -verify-diagnostics -o /dev/null

// Tests the explanation of an exposed collective when the compute that runs
// during it has no cost: it exists, so the remark does not claim "no
// independent compute".

sched.process_group @g size = 2

// expected-remark@+1 {{step}}
func.func @uncosted(%x: tensor<1048576xf32>, %y: tensor<64xf32>) -> (tensor<1048576xf32>, tensor<64xf32>) {
  // expected-remark@+1 {{the compute that runs during it has no cost (1 op counted as 0 us)}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1048576xf32> -> !sched.future<tensor<1048576xf32>>
  %c = sched.compute "opaque" ins(%y : tensor<64xf32>) -> (tensor<64xf32>)
  %r = sched.wait %f : !sched.future<tensor<1048576xf32>>
  return %r, %c : tensor<1048576xf32>, tensor<64xf32>
}

// -----

sched.process_group @g size = 2

// expected-remark@+1 {{step}}
func.func @partly_costed(%x: tensor<1048576xf32>, %y: tensor<64xf32>) -> (tensor<1048576xf32>, tensor<64xf32>, tensor<64xf32>) {
  // expected-remark@+1 {{us of independent compute before its first use (and 1 op without a cost, counted as 0 us)}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1048576xf32> -> !sched.future<tensor<1048576xf32>>
  %c = sched.compute "opaque" ins(%y : tensor<64xf32>) -> (tensor<64xf32>)
  %d = sched.compute "costed" ins(%y : tensor<64xf32>) cost <flops = 1000000> -> (tensor<64xf32>)
  %r = sched.wait %f : !sched.future<tensor<1048576xf32>>
  return %r, %c, %d : tensor<1048576xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

sched.process_group @g size = 2

// With nothing between the start and the wait, the remark says so.
// expected-remark@+1 {{step}}
func.func @nothing(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  // expected-remark@+1 {{no independent compute between its inputs and its first use}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1048576xf32> -> !sched.future<tensor<1048576xf32>>
  %r = sched.wait %f : !sched.future<tensor<1048576xf32>>
  return %r : tensor<1048576xf32>
}
