// RUN: sched-opt %s --sched-attach-target | FileCheck %s --check-prefix=H100
// RUN: sched-opt %s --sched-attach-target="preset=h200-sxm" | FileCheck %s --check-prefix=H200
// RUN: sched-opt %s --sched-attach-target="preset=a100-80gb" | FileCheck %s --check-prefix=A100
// RUN: sched-opt %s --sched-attach-target="preset=h100-sxm gpus-per-node=4 intra-node-bandwidth=100 intra-node-latency=0 inter-node-bandwidth=12.5 inter-node-latency=20 hbm-bandwidth=1000 hbm-capacity=1024" | FileCheck %s --check-prefix=OVERRIDE
// RUN: sched-opt %s --sched-attach-target="preset=a100-80gb" --sched-attach-target="preset=h200-sxm" | FileCheck %s --check-prefix=H200

// The default preset is the H100 SXM; an existing target is replaced.

// H100: module attributes {sched.target = #sched.target<name = "h100-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 3350.0, hbm_capacity = 85899345920, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>}
// H200: module attributes {sched.target = #sched.target<name = "h200-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 4800.0, hbm_capacity = 150754820096, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>}
// A100: module attributes {sched.target = #sched.target<name = "a100-80gb", gpus_per_node = 8, intra_node = <bandwidth = 300.0, latency = 1.9>, inter_node = <bandwidth = 25.0, latency = 4.0>, hbm_bandwidth = 2039.0, hbm_capacity = 85899345920, compute = [f64 = 9.7, f32 = 19.5, tf32 = 156.0, bf16 = 312.0, f16 = 312.0]>}
// OVERRIDE: module attributes {sched.target = #sched.target<name = "h100-sxm", gpus_per_node = 4, intra_node = <bandwidth = 100.0, latency = 0.0>, inter_node = <bandwidth = 12.5, latency = 20.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1024, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>}
module attributes {sched.target = #sched.target<name = "old", gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>, inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0, hbm_capacity = 1, compute = []>} {
  func.func @f() {
    return
  }
}
