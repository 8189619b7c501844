// RUN: sched-opt %s --verify-roundtrip -allow-unregistered-dialect | FileCheck %s

// Round trip of the target and cost attributes. Real numbers print in their
// shortest form; integers are accepted where a real number is expected.

// CHECK: module attributes {sched.target = #sched.target<name = "lab", gpus_per_node = 4, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 12.5, latency = 0.0>, hbm_bandwidth = 3350.0, hbm_capacity = 85899345920, compute = [bf16 = 989.5, f32 = 67.0, f8E4M3FN = 1979.0, i8 = 1979.0]>}
module attributes {sched.target = #sched.target<name = "lab", gpus_per_node = 4,
    intra_node = <bandwidth = 450, latency = 1.9>,
    inter_node = #sched.link<bandwidth = 12.5, latency = 0>,
    hbm_bandwidth = 3.35e3, hbm_capacity = 85899345920,
    compute = [bf16 = 989.5, f32 = 67, f8E4M3FN = 1979.0, i8 = 1979.0]>} {
  // CHECK: func.func @f() attributes {sched.cost = #sched.cost<>}
  func.func @f() attributes {sched.cost = #sched.cost<>} {
    return
  }
  // CHECK: func.func @g() attributes {sched.cost = #sched.cost<time_ns = 7>}
  func.func @g() attributes {sched.cost = #sched.cost<time_ns = 7>} {
    return
  }
  // CHECK: "test.link"() {link = #sched.link<bandwidth = 0.001, latency = 1.0e+06>}
  "test.link"() {link = #sched.link<bandwidth = 0.001, latency = 1000000.0>} : () -> ()
  // CHECK: "test.reduction"() {kind = #sched<reduction avg>}
  "test.reduction"() {kind = #sched<reduction avg>} : () -> ()
}
