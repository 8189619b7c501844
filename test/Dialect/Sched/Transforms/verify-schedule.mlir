// RUN: sched-opt %s -split-input-file -allow-unregistered-dialect --sched-verify-schedule="max-in-flight=2" -verify-diagnostics

sched.process_group @g size = 2

// Tests a valid buffer-form schedule: compute between start and wait uses
// other buffers only; reading the input of an in-flight collective is fine.
func.func @valid(%in: memref<4xf32>, %out: memref<8xf32>, %tmp: memref<4xf32>) {
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  sched.compute "reads_input" ins(%in : memref<4xf32>) outs(%tmp : memref<4xf32>)
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  sched.compute "uses_result" ins(%w : memref<8xf32>) outs(%tmp : memref<4xf32>)
  return
}

// -----

sched.process_group @g size = 2

func.func @writes_destination(%in: memref<4xf32>, %out: memref<8xf32>) {
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  // expected-error@+1 {{writes the destination buffer while 'sched.all_gather_start' is in flight on it}}
  sched.compute "clobber" outs(%out : memref<8xf32>)
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

func.func @reads_destination_through_view(%in: memref<4xf32>, %out: memref<8xf32>, %tmp: memref<4xf32>) {
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  %view = memref.subview %out[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  // expected-error@+1 {{reads the destination buffer while 'sched.all_gather_start' is in flight on it}}
  sched.compute "peek" ins(%view : memref<4xf32, strided<[1]>>) outs(%tmp : memref<4xf32>)
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

func.func @writes_input(%in: memref<4xf32>, %out: memref<8xf32>) {
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  // expected-error@+1 {{writes the input buffer while 'sched.all_gather_start' is in flight on it}}
  sched.compute "overwrite" outs(%in : memref<4xf32>)
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

func.func @unknown_effects(%in: memref<4xf32>, %out: memref<8xf32>) {
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  // expected-error@+1 {{op with unknown memory effects may access a buffer while 'sched.all_gather_start' is in flight on it}}
  "test.opaque"() : () -> ()
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

// Tests the in-flight cap: three collectives of @g at once.
func.func @too_many_in_flight(%a: tensor<4xf32>) {
  %f1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %f2 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  // expected-error@+1 {{group @g has 3 collectives in flight, more than max-in-flight (2)}}
  %f3 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<4xf32>>
  %w2 = sched.wait %f2 : !sched.future<tensor<4xf32>>
  %w3 = sched.wait %f3 : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 2

// Tests the cap sched-schedule-overlap recorded (sched.max_in_flight, in
// sched-pipeline): it replaces max-in-flight in the entry block, here a
// tighter one.
func.func @recorded_cap(%a: tensor<4xf32>) attributes {sched.max_in_flight = 1 : i64} {
  %f1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  // expected-error@+1 {{group @g has 2 collectives in flight, more than max-in-flight (1)}}
  %f2 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<4xf32>>
  %w2 = sched.wait %f2 : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 2

// Tests a recorded cap of 0 (none): three in flight pass although
// max-in-flight is 2, since the overlap pass chose no cap.
func.func @recorded_no_cap(%a: tensor<4xf32>) attributes {sched.max_in_flight = 0 : i64} {
  %f1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %f2 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %f3 = sched.all_reduce_start %a on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<4xf32>>
  %w2 = sched.wait %f2 : !sched.future<tensor<4xf32>>
  %w3 = sched.wait %f3 : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 2

func.func private @update(memref<4xf32>)

// Tests calls declared "args": they access their memref arguments only, so
// one on another buffer may run while the collective is in flight and one
// on its input may not.
func.func @calls(%in: memref<4xf32>, %out: memref<8xf32>, %tmp: memref<4xf32>) {
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  func.call @update(%tmp) {sched.effects = "args"} : (memref<4xf32>) -> ()
  // expected-error@+1 {{writes the input buffer while 'sched.all_gather_start' is in flight on it}}
  func.call @update(%in) {sched.effects = "args"} : (memref<4xf32>) -> ()
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

func.func private @view(memref<8xf32>) -> memref<8xf32>

// Tests calls declared "args": a memref result may be any memref argument,
// here the collective's destination.
func.func @call_result(%in: memref<4xf32>, %out: memref<8xf32>) {
  %v = func.call @view(%out) {sched.effects = "args"} : (memref<8xf32>) -> memref<8xf32>
  // expected-note@+1 {{collective started here}}
  %s = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  // expected-error@+1 {{writes the destination buffer while 'sched.all_gather_start' is in flight on it}}
  sched.compute "clobber" outs(%v : memref<8xf32>)
  %w = sched.wait %s : !sched.future<memref<8xf32>>
  return
}
