// RUN: sched-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Tests the link verifier: bandwidth is positive.
// expected-error@+1 {{link bandwidth must be a positive number of GB/s, got 0}}
"test.op"() {link = #sched.link<bandwidth = 0, latency = 1.0>} : () -> ()

// -----

// Tests the link verifier: latency is non-negative.
// expected-error@+1 {{link latency must be a non-negative number of microseconds, got -1}}
"test.op"() {link = #sched.link<bandwidth = 1.0, latency = -1.0>} : () -> ()

// -----

// Tests the target verifier: at least one GPU per node.
// expected-error@+1 {{target gpus_per_node must be >= 1, got 0}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 0, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1, compute = []>} : () -> ()

// -----

// Tests the target verifier: positive memory bandwidth.
// expected-error@+1 {{target hbm_bandwidth must be a positive number of GB/s, got 0}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 0.0, hbm_capacity = 1, compute = []>} : () -> ()

// -----

// Tests the target verifier: positive memory capacity.
// expected-error@+1 {{target hbm_capacity must be a positive number of bytes, got -5}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = -5, compute = []>} : () -> ()

// -----

// Tests the target verifier: compute rates are for numeric types.
// expected-error@+1 {{target compute rate must be for an integer or float type, got 'index'}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1, compute = [index = 1.0]>} : () -> ()

// -----

// Tests the target verifier: one rate per type.
// expected-error@+1 {{target compute rate for 'bf16' is given twice}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1, compute = [bf16 = 1.0, bf16 = 2.0]>} : () -> ()

// -----

// Tests the target verifier: positive rates.
// expected-error@+1 {{target compute rate for 'f32' must be a positive number of TFLOP/s}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1, compute = [f32 = 0.0]>} : () -> ()

// -----

// Tests the target parser: every fact is required.
// expected-error@+1 {{expected ','}}
"test.op"() {t = #sched.target<name = "x", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1>} : () -> ()

// -----

// Tests the cost verifier: counts are non-negative.
// expected-error@+1 {{cost flops must be non-negative, got -3}}
"test.op"() {c = #sched.cost<flops = -3>} : () -> ()

// -----

// Tests the cost verifier on every field.
// expected-error@+1 {{cost time_ns must be non-negative, got -1}}
"test.op"() {c = #sched.cost<bytes_read = 1, bytes_written = 2, time_ns = -1>} : () -> ()

// -----

// Tests the dialect attribute verifier: sched.target holds a target.
// expected-error@+1 {{'sched.target' must be a #sched.target attribute}}
module attributes {sched.target = 3} {}

// -----

// Tests the dialect attribute verifier: sched.cost holds a cost.
// expected-error@+1 {{'sched.cost' must be a #sched.cost attribute}}
"test.op"() {sched.cost = "cheap"} : () -> ()

// -----

// Tests the dialect attribute verifier: no other sched.* attributes.
// expected-error@+1 {{unknown sched dialect attribute 'sched.costs'}}
"test.op"() {sched.costs = #sched.cost<>} : () -> ()

// -----

// Tests the dialect attribute verifier: sched.view is a unit attribute.
func.func @f(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.view' must be a unit attribute}}
  %v = sched.compute "aten.view" ins(%x : tensor<4xf32>) attributes {sched.view = 0} -> (tensor<4xf32>)
  return
}

// -----

// Tests the dialect attribute verifier: sched.view only marks sched.compute.
// expected-error@+1 {{'sched.view' is only valid on a sched.compute}}
"test.op"() {sched.view} : () -> ()

// -----

// Tests the dialect attribute verifier: sched.view needs a tensor to view.
// expected-error@+1 {{'sched.view' needs a shaped first 'ins' operand to view}}
%v = sched.compute "aten.view" attributes {sched.view} -> (tensor<4xf32>)

// -----

// Tests the dialect attribute verifier: the results of a compute with tensor
// outs alias the outs, not a view source.
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{'sched.view' is not valid on a sched.compute with tensor 'outs' (its results alias the outs)}}
  %v = sched.compute "aten.view" ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) attributes {sched.view} -> (tensor<4xf32>)
  return
}

// -----

// Tests the future type verifier: ranked tensors or memrefs only.
// expected-error@+1 {{future must carry ranked tensors or memrefs, got 'f32'}}
func.func private @f(!sched.future<f32>)

// -----

// Tests the future type verifier: one form only.
// expected-error@+1 {{future must carry only tensors or only memrefs, not both}}
func.func private @f(!sched.future<tensor<4xf32>, memref<4xf32>>)

// -----

// Tests the future type parser: at least one value.
// expected-error@+2 {{expected non-function type}}
// expected-error@+1 {{failed to parse Sched_FutureType parameter 'valueTypes'}}
func.func private @f(!sched.future<>)

// -----

// Tests the real-number parser.
// expected-error@+2 {{expected a number, got "fast"}}
// expected-error@+1 {{failed to parse Sched_LinkAttr parameter 'bandwidth'}}
"test.op"() {link = #sched.link<bandwidth = "fast", latency = 1.0>} : () -> ()

// -----

// Tests the reduction parser.
// expected-error@+2 {{expected ::mlir::sched::ReductionKind to be one of: sum, prod, min, max, avg}}
// expected-error@+1 {{failed to parse Sched_ReductionKindAttr parameter 'value'}}
"test.op"() {kind = #sched<reduction mean>} : () -> ()

// -----

// Tests sched.dim_bounds: an array per result.
// expected-error@+1 {{'sched.dim_bounds' lists 1 bounds for 2 results}}
%a, %b = "test.op"() {sched.dim_bounds = [array<i64: 4>]} : () -> (tensor<?xf32>, tensor<?xf32>)

// -----

// Tests sched.dim_bounds: arrays of i64.
// expected-error@+1 {{'sched.dim_bounds' must be an array<i64> or a list of them, one per result}}
%a = "test.op"() {sched.dim_bounds = 4} : () -> tensor<?xf32>

// -----

// Tests sched.dim_bounds: bounds are sizes.
// expected-error@+1 {{'sched.dim_bounds' bounds must be non-negative}}
%a = "test.op"() {sched.dim_bounds = array<i64: -1>} : () -> tensor<?xf32>

// -----

// Tests sched.dim_bounds on a function argument.
// expected-error@+1 {{'sched.dim_bounds' on an argument must be an array<i64>}}
func.func private @f(tensor<?xf32> {sched.dim_bounds = [array<i64: 4>]})

// -----

// Tests unknown argument attributes.
// expected-error@+1 {{unknown sched dialect argument attribute 'sched.bounds'}}
func.func private @f(tensor<?xf32> {sched.bounds = array<i64: 4>})

// -----

// Tests sched.grid: only on process groups.
// expected-error@+1 {{'sched.grid' is only valid on a sched.process_group}}
"test.op"() {sched.grid = @grid, sched.grid_axes = array<i16: 0>} : () -> ()

// -----

// Tests sched.grid_axes: only on process groups.
// expected-error@+1 {{'sched.grid_axes' is only valid on a sched.process_group}}
"test.op"() {sched.grid_axes = array<i16: 0>} : () -> ()

// -----

// Tests sched.grid: it comes with sched.grid_axes.
// expected-error@+1 {{'sched.grid' requires 'sched.grid_axes'}}
sched.process_group @g size = 4 {sched.grid = @grid}

// -----

// Tests sched.grid_axes: it comes with sched.grid.
// expected-error@+1 {{'sched.grid_axes' requires 'sched.grid'}}
sched.process_group @g size = 4 {sched.grid_axes = array<i16: 1>}

// -----

// Tests sched.grid: a flat symbol reference.
// expected-error@+1 {{'sched.grid' must be a flat symbol reference}}
sched.process_group @g size = 4 {sched.grid = "grid", sched.grid_axes = array<i16: 1>}

// -----

// Tests sched.grid_axes: an array<i16>, like shard's grid_axes.
// expected-error@+1 {{'sched.grid_axes' must be an array<i16>}}
sched.process_group @g size = 4 {sched.grid = @grid, sched.grid_axes = array<i64: 1>}

// -----

// Tests sched.grid_axes: axes are indices.
// expected-error@+1 {{'sched.grid_axes' has a negative axis -1}}
sched.process_group @g size = 4 {sched.grid = @grid, sched.grid_axes = array<i16: -1>}

// -----

// Tests sched.grid_axes: each axis once.
// expected-error@+1 {{'sched.grid_axes' lists axis 1 twice}}
sched.process_group @g size = 4 {sched.grid = @grid, sched.grid_axes = array<i16: 1, 0, 1>}

// -----

sched.process_group @g size = 2

// Tests sched.collective_order: only on collective starts.
func.func @order_on_compute(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'sched.collective_order' is only valid on a collective start}}
  %c = sched.compute "c" ins(%a : tensor<4xf32>) attributes {sched.collective_order = array<i64: 0>} -> (tensor<4xf32>)
  return %c : tensor<4xf32>
}

// -----

sched.process_group @g size = 2

// Tests sched.collective_order: a non-empty array<i64>.
func.func @order_not_array(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sched.collective_order' must be a non-empty array<i64>}}
  %f = sched.all_gather_start %a on @g gather_dim = 0 {sched.collective_order = 3} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w = sched.wait %f : !sched.future<tensor<8xf32>>
  return %w : tensor<8xf32>
}

// -----

sched.process_group @g size = 2

func.func @order_empty(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sched.collective_order' must be a non-empty array<i64>}}
  %f = sched.all_gather_start %a on @g gather_dim = 0 {sched.collective_order = array<i64>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w = sched.wait %f : !sched.future<tensor<8xf32>>
  return %w : tensor<8xf32>
}

// -----

sched.process_group @g size = 2

// Tests sched.collective_order: numbers are positions.
func.func @order_negative(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sched.collective_order' has a negative entry -1}}
  %f = sched.all_gather_start %a on @g gather_dim = 0 {sched.collective_order = array<i64: -1>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w = sched.wait %f : !sched.future<tensor<8xf32>>
  return %w : tensor<8xf32>
}

// -----

sched.process_group @g size = 2

// Tests sched.collective_order: a bucket's numbers are sorted.
func.func @order_unsorted(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-error@+1 {{'sched.collective_order' must be strictly increasing, but 1 follows 1}}
  %f = sched.all_gather_start %a, %b on @g gather_dim = 0 {sched.collective_order = array<i64: 1, 1>} : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w:2 = sched.wait %f : !sched.future<tensor<8xf32>, tensor<8xf32>>
  return %w#0, %w#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Tests sched.effects: a declaration of "none" or "args".
func.func private @opaque(tensor<4xf32>) -> tensor<4xf32>
func.func @effects_unknown_value(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'sched.effects' must be "none" or "args"}}
  %r = func.call @opaque(%a) {sched.effects = "pure"} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Tests sched.effects: only calls and functions declare effects.
// expected-error@+1 {{'sched.effects' is only valid on a call or a function}}
"test.op"() {sched.effects = "none"} : () -> ()

// -----

// Tests sched.pipeline_depth: only on loops.
// expected-error@+1 {{'sched.pipeline_depth' must be a positive i64 on a loop}}
"test.op"() {sched.pipeline_depth = 1 : i64} : () -> ()

// -----

// Tests sched.pipeline_depth: the iterations the pass peels, at least 1.
func.func @pipeline_depth_zero() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'sched.pipeline_depth' must be a positive i64 on a loop}}
  scf.for %i = %c0 to %c1 step %c1 {
  } {sched.pipeline_depth = 0 : i64}
  return
}

// -----

// Tests sched.trip_count_bound: only loops are bounded.
// expected-error@+1 {{'sched.trip_count_bound' is only valid on a loop}}
"test.op"() {sched.trip_count_bound = 4} : () -> ()

// -----

// Tests sched.trip_count_bound: a non-negative integer.
func.func @negative_trip_count_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'sched.trip_count_bound' must be a non-negative integer}}
  scf.for %i = %c0 to %n step %c1 {
  } {sched.trip_count_bound = -1}
  return
}
