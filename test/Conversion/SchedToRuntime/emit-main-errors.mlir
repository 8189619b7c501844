// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-emit-main

// Each error of sched-emit-main without entry=.

// expected-error@+1 {{several public functions; name the one to run with entry=}}
module {
  // expected-note@+1 {{'first'}}
  func.func @first() {
    return
  }
  // expected-note@+1 {{'second'}}
  func.func @second() {
    return
  }
}

// -----

// expected-error@+1 {{no public function with a body to run}}
module {
  func.func private @declared(memref<4xf32>)
  func.func private @hidden() {
    return
  }
}

// -----

// expected-error@+1 {{the module already has a 'sched_main'}}
module {
  func.func @step() {
    return
  }
  func.func @sched_main() {
    return
  }
}

// -----

// Every bad argument and result is reported.
// expected-error@+4 {{cannot drive argument 0 of type 'memref<?xf32>': sched-emit-main supports statically shaped memrefs with the identity layout only}}
// expected-error@+3 {{cannot drive argument 1 of type 'tensor<4xf32>': sched-emit-main supports statically shaped memrefs with the identity layout only}}
// expected-error@+2 {{cannot drive argument 3 of type 'f32': sched-emit-main supports statically shaped memrefs with the identity layout only}}
// expected-error@+1 {{cannot check result 0 of type 'memref<2xf32, strided<[2]>>': sched-emit-main supports statically shaped memrefs with the identity layout only}}
func.func @step(%a: memref<?xf32>, %b: tensor<4xf32>, %c: memref<4xf32>, %d: f32) -> memref<2xf32, strided<[2]>> {
  %s = memref.subview %c[0] [2] [2] : memref<4xf32> to memref<2xf32, strided<[2]>>
  return %s : memref<2xf32, strided<[2]>>
}

// -----

// Element types the runtime cannot fill or check.
// expected-error@+2 {{cannot drive argument 0 of type 'memref<4xi1>': sched-emit-main supports statically shaped memrefs with the identity layout only}}
// expected-error@+1 {{cannot check result 0 of type 'memref<2xcomplex<f32>>': sched-emit-main supports statically shaped memrefs with the identity layout only}}
func.func @step(%a: memref<4xi1>) -> memref<2xcomplex<f32>> {
  %r = memref.alloc() : memref<2xcomplex<f32>>
  return %r : memref<2xcomplex<f32>>
}
