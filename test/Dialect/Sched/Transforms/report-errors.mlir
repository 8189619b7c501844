// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-report="json=%t.json"
// RUN: not sched-opt %s -split-input-file --sched-report="json=%t.nodir/missing/r.json" 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sched-opt %s -split-input-file --sched-report="profile=%t.none.json" 2>&1 | FileCheck %s --check-prefix=NOPROFILE
// RUN: not sched-opt %s -split-input-file --sched-report="svg=%t.svg" 2>&1 | FileCheck %s --check-prefix=SVGNAME
// RUN: not sched-opt %s -split-input-file --sched-report="svg=%t.{name}.svg svg-time-us=-1" 2>&1 | FileCheck %s --check-prefix=SVGTIME

// Tests a function without a target.
// expected-error@+1 {{no #sched.target on this function or its parents; attach one with --sched-attach-target}}
func.func @no_target() {
  return
}

// -----

// Tests an op the cost model cannot cost: a dynamic shape.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
    // expected-error@+1 {{cannot size collective: 'tensor<?xf32>' has a dynamic shape}}
    %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<?xf32> -> !sched.future<tensor<?xf32>>
    %w = sched.wait %f : !sched.future<tensor<?xf32>>
    return %w : tensor<?xf32>
  }
}

// NOFILE: error: cannot write '{{.*}}r.json'
// NOPROFILE: error: cannot load cost profile:
// SVGTIME: error: svg-time-us must be a non-negative number of microseconds, got -1
// SVGNAME: error: svg path '{{.*}}.svg' must contain {name} when the module has 2 functions

// -----

// A valid module: only the output path (RUN 2) or the profile (RUN 3) fails.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  func.func @valid() {
    return
  }
}

// -----

// Two functions: one SVG each, so the path needs {name} (RUN 4).
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  func.func @first() {
    return
  }
  func.func @second() {
    return
  }
}
