// RUN: sched-opt %s --sched-attach-target --sched-pipeline-loop-collectives="explain=1 memory-slack=1" -verify-diagnostics -o /dev/null

// Loops after a communicating loop that do not run inside its iterations
// (explain=1: the reason at the later loop, a note at the earlier one), and
// one that could but whose pipelined iteration is not faster fused.
// pipeline-loop-collectives-fuse.mlir has the fusion.

sched.process_group @tp size = 8

// The later loop reads the stack at the next row, not at the row of its
// index.
func.func @other_row(%dy0: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: it reads the earlier loop's results other than by the row of its index}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %g0) -> (tensor<4x1024xf32>) {
    %n = arith.addi %j, %c1 : index
    %gj = tensor.extract_slice %r#1[%n, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %u = sched.compute "adam" ins(%gj : tensor<1024xf32>) cost <time_ns = 30000> -> (tensor<1024xf32>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %na : tensor<4x1024xf32>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xf32>
}

// The later loop runs fewer iterations.
func.func @trips(%dy0: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: the trip counts are not the same static number}}
  %o = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %g0) -> (tensor<4x1024xf32>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %u = sched.compute "adam" ins(%gj : tensor<1024xf32>) cost <time_ns = 30000> -> (tensor<1024xf32>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %na : tensor<4x1024xf32>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xf32>
}

// The later loop sums its iterations (an accumulator, not a stack of rows):
// its iterations are not independent.
func.func @sum(%dy0: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  %s0 = tensor.empty() : tensor<1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: an iteration argument is not a stack it writes by the row of its index}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %s0) -> (tensor<1024xf32>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %u = sched.compute "add" ins(%acc, %gj : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 30000> -> (tensor<1024xf32>)
    scf.yield %u : tensor<1024xf32>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<1024xf32>
}

// The later loop reads memory.
func.func @memory(%dy0: tensor<128x1024xbf16>, %m: memref<4xf32>) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: 'memref.load' has memory effects}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %g0) -> (tensor<4x1024xf32>) {
    %x = memref.load %m[%j] : memref<4xf32>
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %na = tensor.insert_slice %gj into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %na : tensor<4x1024xf32>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xf32>
}

// The earlier loop writes rows 0 to 3, the later one's iterations are 1 to
// 4.
func.func @rows(%dy0: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<5x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %p0 = tensor.empty() : tensor<5x1024xf32>
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: the rows the earlier loop writes are not its iterations}}
  %p = scf.for %j = %c1 to %c5 step %c1 iter_args(%acc = %p0) -> (tensor<5x1024xf32>) {
    %k = arith.subi %j, %c1 : index
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %na = tensor.insert_slice %gj into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<5x1024xf32>
    scf.yield %na : tensor<5x1024xf32>
  }
  return %r#0, %p : tensor<128x1024xbf16>, tensor<5x1024xf32>
}

// Fusing would not make the pipelined iteration faster: the early gather
// is hidden behind wgrad already (the remark without explain=1 too).
func.func @not_faster(%dy0: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 20000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%i, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: the pipelined iteration is not faster (pipelined iteration 120.0 + 30.0 -> 150.0 us, step}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %g0) -> (tensor<4x1024xf32>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %u = sched.compute "adam" ins(%gj : tensor<1024xf32>) cost <time_ns = 30000> -> (tensor<1024xf32>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %na : tensor<4x1024xf32>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xf32>
}

// The later loop updates %w in place, and the earlier loop reads a row of
// %w other than the one it writes (the next layer's, already updated when
// the fused iteration would read it): fusing would read updated rows.
func.func @in_place_other_row(%dy0: tensor<128x1024xbf16>, %w: tensor<4x1024xbf16>) -> (tensor<128x1024xbf16>, tensor<4x1024xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = tensor.empty() : tensor<4x1024xf32>
  // expected-remark@+3 {{candidate 1 early start}}
  // expected-remark@+2 {{loop pipelined at depth 1}}
  // expected-note@+1 {{the loop before it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %g = %g0) -> (tensor<128x1024xbf16>, tensor<4x1024xf32>) {
    %c3 = arith.constant 3 : index
    %row = arith.subi %c3, %i : index
    %wr = tensor.extract_slice %w[%i, 0] [1, 1024] [1, 1] : tensor<4x1024xbf16> to tensor<1024xbf16>
    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %dx = sched.compute "dgrad" ins(%full, %wr : tensor<1024x1024xbf16>, tensor<1024xbf16>) cost <time_ns = 100000> -> (tensor<128x1024xbf16>)
    %gw = sched.compute "wgrad" ins(%full : tensor<1024x1024xbf16>) cost <time_ns = 5000> -> (tensor<1024xf32>)
    %ng = tensor.insert_slice %gw into %g[%row, 0] [1, 1024] [1, 1] : tensor<1024xf32> into tensor<4x1024xf32>
    scf.yield %dx, %ng : tensor<128x1024xbf16>, tensor<4x1024xf32>
  }
  // expected-remark@+1 {{loop not fused into the loop before it: the earlier loop reads a stack this loop updates other than by the row it writes}}
  %o = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %w) -> (tensor<4x1024xbf16>) {
    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xf32> to tensor<1024xf32>
    %wj = tensor.extract_slice %acc[%j, 0] [1, 1024] [1, 1] : tensor<4x1024xbf16> to tensor<1024xbf16>
    %u = sched.compute "adam" ins(%gj : tensor<1024xf32>) outs(%wj : tensor<1024xbf16>) cost <time_ns = 30000> -> (tensor<1024xbf16>)
    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : tensor<1024xbf16> into tensor<4x1024xbf16>
    scf.yield %na : tensor<4x1024xbf16>
  }
  return %r#0, %o : tensor<128x1024xbf16>, tensor<4x1024xbf16>
}
