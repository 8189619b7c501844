// RUN: sched-opt %s -split-input-file -allow-unregistered-dialect -test-sched-print-dependences -verify-diagnostics

sched.process_group @g size = 2

// Tests data edges, futures included. Collectives are not ordered with each
// other by default: only the data edge from start to wait constrains them.
func.func @data(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-remark@+1 {{node 0}}
  %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 1}}
  %s2 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 2}}
  %c = sched.compute "mm" ins(%a : tensor<4xf32>) -> (tensor<4xf32>)
  // expected-remark@+1 {{node 3 <- 1 (data)}}
  %w2 = sched.wait %s2 : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 4 <- 0 (data)}}
  %w1 = sched.wait %s1 : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 5 <- 3 (data), 4 (data)}}
  return %w1, %w2 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Tests memory edges: read after write, write after read, write after write;
// reads are not ordered with each other.
func.func @memory(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-remark@+1 {{node 0}}
  memref.store %v, %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 1 <- 0 (memory)}}
  %x = memref.load %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 2 <- 0 (memory)}}
  %y = memref.load %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 3 <- 0 (memory), 1 (data+memory), 2 (memory)}}
  memref.store %x, %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 4 <- 2 (data), 3 (memory)}}
  memref.store %y, %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 5}}
  return
}

// -----

// Tests an op with unknown effects: it is ordered after every op with effects
// before it, and every op with effects after it is ordered after it. Pure ops
// are not affected.
func.func @unknown(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-remark@+1 {{node 0}}
  memref.store %v, %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 1}}
  %x = memref.load %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 2 <- 0 (memory), 1 (memory)}}
  "test.opaque"() : () -> ()
  // expected-remark@+1 {{node 3}}
  %c = arith.addf %v, %v : f32
  // expected-remark@+1 {{node 4 <- 2 (memory)}}
  %y = memref.load %m[%i] : memref<4xf32>
  // expected-remark@+1 {{node 5}}
  return
}

// -----

sched.process_group @g size = 2

// Tests the buffer form: a start reads and writes its buffers; the wait
// publishes the destination, so later reads of it are ordered after the wait.
func.func @buffers(%in: memref<4xf32>, %out: memref<8xf32>, %i: index) -> f32 {
  // expected-remark@+1 {{node 0}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  // expected-remark@+1 {{node 1 <- 0 (data+memory)}}
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  // expected-remark@+1 {{node 2 <- 1 (memory)}}
  %x = memref.load %out[%i] : memref<8xf32>
  // expected-remark@+1 {{node 3 <- 2 (data)}}
  return %x : f32
}

// -----

// Tests values used inside nested regions: the parent op depends on their
// definitions.
func.func @nested(%a: f32, %cond: i1) -> f32 {
  // expected-remark@+1 {{node 0}}
  %b = arith.addf %a, %a : f32
  // expected-remark@+1 {{node 1 <- 0 (data)}}
  %r = scf.if %cond -> f32 {
    %c = arith.mulf %b, %b : f32
    scf.yield %c : f32
  } else {
    scf.yield %a : f32
  }
  // expected-remark@+1 {{node 2 <- 1 (data)}}
  return %r : f32
}

// -----

// Tests path queries through the graph (test.path_to lists targets).
func.func @paths(%a: f32) -> f32 {
  // expected-remark@+3 {{node 0}}
  // expected-remark@+2 {{path 0 -> 2: yes}}
  // expected-remark@+1 {{path 0 -> 1: no}}
  %b = arith.addf %a, %a {test.path_to = array<i64: 2, 1>} : f32
  // expected-remark@+2 {{node 1}}
  // expected-remark@+1 {{path 1 -> 0: no}}
  %c = arith.mulf %a, %a {test.path_to = array<i64: 0>} : f32
  // expected-remark@+1 {{node 2 <- 0 (data)}}
  %d = arith.subf %b, %a : f32
  // expected-remark@+1 {{node 3 <- 1 (data), 2 (data)}}
  %e = arith.addf %c, %d : f32
  // expected-remark@+1 {{node 4 <- 3 (data)}}
  return %e : f32
}

// -----

// Tests a query that names no node.
func.func @bad_query(%a: f32) -> f32 {
  // expected-remark@+2 {{node 0}}
  // expected-error@+1 {{test.path_to names no node: 7}}
  %b = arith.addf %a, %a {test.path_to = array<i64: 7>} : f32
  return %b : f32
}

// -----

sched.process_group @g size = 2

func.func private @scale(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark@+1 {{node 0}}
  %s = arith.mulf %a, %a : tensor<4xf32>
  // expected-remark@+1 {{node 1 <- 0 (data)}}
  return %s : tensor<4xf32>
}

// Tests calls: one without a 'sched.effects' declaration may access any
// buffer, so it is ordered with every start and wait (it must not run while
// a collective is in flight, which sched-verify-schedule would reject); one
// declared "args" has no effects in the tensor form and moves freely. The
// collectives stay unordered with each other.
func.func @calls(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-remark@+1 {{node 0}}
  %s = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 1 <- 0 (data)}}
  %w = sched.wait %s : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 2 <- 0 (memory), 1 (memory)}}
  %u = func.call @scale(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-remark@+1 {{node 3}}
  %d = func.call @scale(%a) {sched.effects = "args"} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-remark@+1 {{node 4 <- 2 (memory)}}
  %s2 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 5 <- 2 (memory), 4 (data)}}
  %w2 = sched.wait %s2 : !sched.future<tensor<8xf32>>
  // expected-remark@+1 {{node 6 <- 1 (data), 2 (data), 3 (data)}}
  return %w, %u, %d : tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
}
