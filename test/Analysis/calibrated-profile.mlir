// RUN: sched-opt %s --test-sched-print-cost="profile=%sched_src_root/bench/calibration/h200x2-nccl-profile.json" -verify-diagnostics

// The NCCL profile measured on two H200s (bench/calibration) loads, and its
// curves give the collective times: 16 MiB all_gather measured at 57.358 us,
// 1 GiB all_reduce at 3272.827 us.

module attributes {sched.target = #sched.target<name = "h200-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 4800.0, hbm_capacity = 150754820096, compute = [bf16 = 989.5]>} {
  sched.process_group @pair size = 2 ranks_per_node = 8
  func.func @f(%a: tensor<4194304xbf16>, %b: tensor<536870912xbf16>) {
    // expected-remark@+1 {{collective time: 57.358 us (profile, 16777216 bytes on 2 ranks, 1 node)}}
    %f = sched.all_gather_start %a on @pair gather_dim = 0 : tensor<4194304xbf16> -> !sched.future<tensor<8388608xbf16>>
    %w = sched.wait %f : !sched.future<tensor<8388608xbf16>>
    // expected-remark@+1 {{collective time: 3272.827 us (profile, 1073741824 bytes on 2 ranks, 1 node)}}
    %g = sched.all_reduce_start %b on @pair reduction = sum : tensor<536870912xbf16> -> !sched.future<tensor<536870912xbf16>>
    %v = sched.wait %g : !sched.future<tensor<536870912xbf16>>
    return
  }
}
