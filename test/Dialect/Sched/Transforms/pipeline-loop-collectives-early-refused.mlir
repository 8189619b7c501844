// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="explain=1" -verify-diagnostics -o /dev/null

// Collectives whose input reads an iteration argument but that cannot start
// at the end of the previous iteration (explain=1: the reason after those
// of the prefetch and of the sunk wait), and an early start over the memory
// budget. pipeline-loop-collectives-early.mlir has the rotations.

sched.process_group @tp size = 8

// The input is computed by a sched.compute (real work, not recomputed).
func.func @computed(%x0: tensor<1024xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 1 collective can start an iteration ahead or wait in the next}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %y = sched.compute "f" ins(%x : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    // expected-remark@+1 {{stays in its iteration: its input depends on a loop-carried value; its wait cannot sink: its result is needed by the next iteration; it cannot start in the previous iteration: its input comes from 'sched.compute', which is not recomputed in the previous iteration (only cheap tensor and index ops are)}}
    %f = sched.all_reduce_start %y on @tp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %n = sched.compute "g" ins(%v : tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    scf.yield %n : tensor<1024xf32>
  }
  return %r : tensor<1024xf32>
}

// The input combines the carried value with a value read from memory, with
// the result of another collective and with the result of an op with
// regions.
func.func @mixed(%x0: tensor<1024xf32>, %m: memref<4xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{loop not pipelined: none of its 4 collectives can start an iteration ahead or wait in the next}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %e = memref.load %m[%i] : memref<4xf32>
    %t = tensor.splat %e : tensor<128xf32>
    %u = tensor.insert_slice %t into %x[0] [128] [1] : tensor<128xf32> into tensor<1024xf32>
    // expected-remark@+1 {{it cannot start in the previous iteration: its input comes from 'memref.load', which has memory effects}}
    %f = sched.all_reduce_start %u on @tp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %s = tensor.extract_slice %v[0] [128] [1] : tensor<1024xf32> to tensor<128xf32>
    %w = tensor.insert_slice %s into %x[128] [128] [1] : tensor<128xf32> into tensor<1024xf32>
    // expected-remark@+1 {{it cannot start in the previous iteration: its input is the result of another collective}}
    %f2 = sched.all_reduce_start %w on @tp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v2 = sched.wait %f2 : !sched.future<tensor<1024xf32>>
    %g = scf.execute_region -> tensor<128xf32> {
      %h = tensor.extract_slice %v2[0] [128] [1] : tensor<1024xf32> to tensor<128xf32>
      scf.yield %h : tensor<128xf32>
    }
    %z = tensor.insert_slice %g into %x[256] [128] [1] : tensor<128xf32> into tensor<1024xf32>
    // expected-remark@+1 {{it cannot start in the previous iteration: its input comes from 'scf.execute_region', an op with regions}}
    %f3 = sched.all_reduce_start %z on @tp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v3 = sched.wait %f3 : !sched.future<tensor<1024xf32>>
    %a = tensor.extract_slice %x[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %b = tensor.extract_slice %a[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %c = tensor.extract_slice %b[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %d = tensor.extract_slice %c[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e1 = tensor.extract_slice %d[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e2 = tensor.extract_slice %e1[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e3 = tensor.extract_slice %e2[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e4 = tensor.extract_slice %e3[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e5 = tensor.extract_slice %e4[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e6 = tensor.extract_slice %e5[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e7 = tensor.extract_slice %e6[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e8 = tensor.extract_slice %e7[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e9 = tensor.extract_slice %e8[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e10 = tensor.extract_slice %e9[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e11 = tensor.extract_slice %e10[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e12 = tensor.extract_slice %e11[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    %e13 = tensor.extract_slice %e12[0] [1024] [1] : tensor<1024xf32> to tensor<1024xf32>
    // expected-remark@+1 {{it cannot start in the previous iteration: its input chain has more than 16 ops}}
    %f4 = sched.all_reduce_start %e13 on @tp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v4 = sched.wait %f4 : !sched.future<tensor<1024xf32>>
    %n = sched.compute "g" ins(%v, %v2, %v3, %v4 : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 10000> -> (tensor<1024xf32>)
    scf.yield %n : tensor<1024xf32>
  }
  return %r : tensor<1024xf32>
}

// An early start that would hold the gathered gradient through the weight
// gradient's compute: over the default budget (the input's peak + 5 %).
func.func @budget(%dy0: tensor<128x1024xbf16>, %a0: tensor<1024x1024xf32>) -> (tensor<128x1024xbf16>, tensor<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+3 {{candidate 1 early start: iteration 155.0 us, peak memory 14.5 MiB, 1 in flight (over the memory budget of 13.12 MiB)}}
  // expected-remark@+2 {{candidate 1 early start after the group's starts: iteration 155.0 us, peak memory 14.5 MiB, 1 in flight (over the memory budget of 13.12 MiB)}}
  // expected-remark@+1 {{loop kept at depth 0: no collective fits the memory budget of 13.12 MiB one iteration ahead}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %acc = %a0) -> (tensor<128x1024xbf16>, tensor<1024x1024xf32>) {
    // expected-remark@+1 {{stays in its iteration: starting it in the previous iteration would need 14.5 MiB, over the memory budget of 13.12 MiB (or max-in-flight)}}
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 50000> -> (tensor<1024x1024xf32>)
    %na = sched.compute "accumulate" ins(%acc, %gw : tensor<1024x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 5000> -> (tensor<1024x1024xf32>)
    scf.yield %dx, %na : tensor<128x1024xbf16>, tensor<1024x1024xf32>
  }
  return %r#0, %r#1 : tensor<128x1024xbf16>, tensor<1024x1024xf32>
}
