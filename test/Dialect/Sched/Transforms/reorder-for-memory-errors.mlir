// RUN: sched-opt %s -split-input-file --sched-reorder-for-memory -verify-diagnostics

// Tests a value whose size is unknown: no peak to minimize.
func.func @dynamic(%n: index) -> tensor<?xf32> {
  // expected-error@+1 {{cannot size a value of type 'tensor<?xf32>': dimension 0 is dynamic; give an upper bound with 'sched.dim_bounds'}}
  %a = tensor.empty(%n) : tensor<?xf32>
  %b = sched.compute "b" ins(%a : tensor<?xf32>) -> (tensor<4xf32>)
  return %a : tensor<?xf32>
}

// -----

// Tests an unknown element size.
func.func @opaque_element(%x: tensor<4xf32>) {
  // expected-error@+1 {{cannot size element type 'vector<[4]xf32>'}}
  %a = sched.compute "a" ins(%x : tensor<4xf32>) -> (tensor<4xvector<[4]xf32>>)
  return
}
