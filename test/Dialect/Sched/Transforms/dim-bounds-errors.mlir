// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-report -verify-diagnostics -o /dev/null
// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-schedule-overlap -verify-diagnostics -o /dev/null
// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-bucket-collectives -verify-diagnostics -o /dev/null

// Tests that each way a collective's `sched.dim_bounds` can be wrong gets
// its own advice, from sched-report and the scheduling passes alike (they
// all size collectives with the cost model). Negative bounds are rejected
// by the verifier (test/Dialect/Sched/invalid-attrs.mlir).

sched.process_group @g size = 4

// Wrong number of entries: one bound for a rank-2 value.
func.func @rank(%w: tensor<?x64xf32> {sched.dim_bounds = array<i64: 16, 64>}) -> tensor<?x64xf32> {
  // expected-error@+1 {{'sched.dim_bounds' gives 1 bounds for a value of type 'tensor<?x64xf32>' of rank 2; give one per dimension}}
  %f = sched.all_gather_start %w on @g gather_dim = 0 {sched.dim_bounds = array<i64: 64>} : tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>>
  %g = sched.wait %f : !sched.future<tensor<?x64xf32>>
  return %g : tensor<?x64xf32>
}

// -----

sched.process_group @g size = 4

// A bound for a static dimension that differs from its size.
func.func @static(%w: tensor<?x64xf32> {sched.dim_bounds = array<i64: 16, 64>}) -> tensor<?x64xf32> {
  // expected-error@+1 {{'sched.dim_bounds' bounds dimension 1 of a value of type 'tensor<?x64xf32>' by 32, but its static size is 64}}
  %f = sched.all_gather_start %w on @g gather_dim = 0 {sched.dim_bounds = array<i64: 64, 32>} : tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>>
  %g = sched.wait %f : !sched.future<tensor<?x64xf32>>
  return %g : tensor<?x64xf32>
}

// -----

sched.process_group @g size = 4

// No bound for the gathered value.
func.func @result(%w: tensor<?x64xf32> {sched.dim_bounds = array<i64: 16, 64>}) -> tensor<?x64xf32> {
  // expected-error@+1 {{cannot size collective: 'tensor<?x64xf32>' has a dynamic shape; give an upper bound of dimension 0 with 'sched.dim_bounds' where the value is defined}}
  %f = sched.all_gather_start %w on @g gather_dim = 0 : tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>>
  %g = sched.wait %f : !sched.future<tensor<?x64xf32>>
  return %g : tensor<?x64xf32>
}

// -----

sched.process_group @g size = 4

// No bound for the sent value (a function argument).
func.func @input(%w: tensor<64x?xf32>) -> tensor<64x?xf32> {
  // expected-error@+1 {{cannot size collective: 'tensor<64x?xf32>' has a dynamic shape; give an upper bound of dimension 1 with 'sched.dim_bounds' where the value is defined}}
  %f = sched.all_reduce_start %w on @g reduction = sum {sched.dim_bounds = array<i64: 64, 8>} : tensor<64x?xf32> -> !sched.future<tensor<64x?xf32>>
  %g = sched.wait %f : !sched.future<tensor<64x?xf32>>
  return %g : tensor<64x?xf32>
}

// -----

sched.process_group @g size = 4

// The argument's bound has the wrong rank.
func.func @argument(%w: tensor<64x?xf32> {sched.dim_bounds = array<i64: 8>}) -> tensor<64x?xf32> {
  // expected-error@+1 {{'sched.dim_bounds' gives 1 bounds for a value of type 'tensor<64x?xf32>' of rank 2; give one per dimension}}
  %f = sched.all_reduce_start %w on @g reduction = sum {sched.dim_bounds = array<i64: 64, 8>} : tensor<64x?xf32> -> !sched.future<tensor<64x?xf32>>
  %g = sched.wait %f : !sched.future<tensor<64x?xf32>>
  return %g : tensor<64x?xf32>
}
