// RUN: sched-opt %s -test-sched-print-cost="profile=%S/Inputs/profile.json" -verify-diagnostics -o /dev/null

// Errors in the profile are reported on the module, with the position in the
// file, and stop the pass.
// RUN: not sched-opt %s -test-sched-print-cost="profile=%S/Inputs/malformed-profile.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: error: cannot load cost profile: {{.*}}malformed-profile.json: invalid JSON: [{{[0-9]+}}:{{[0-9]+}}, byte={{[0-9]+}}]: Expected , or ] after array element
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.missing.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot load cost profile: cannot read '{{.*}}missing.json': No such file or directory
// RUN: echo '{"collectives": [{"kind": "all_gather", "group_size": 4, "points": [[1, 2.0]]}]}' > %t.one-point.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.one-point.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE-POINT
// ONE-POINT: error: cannot load cost profile: {{.*}}one-point.json: collectives[0]: all_gather curve on 4 ranks: expected at least 2 points
// RUN: echo '{"collectives": [{"kind": "allgather", "group_size": 4, "points": []}]}' > %t.kind.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.kind.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: error: cannot load cost profile: {{.*}}kind.json: collectives[0].kind: expected one of all_gather, reduce_scatter, all_reduce, all_to_all, broadcast
// RUN: echo '{"ops": [{"kind": "matmul", "time_us": 1.0, "flops": 3}]}' > %t.key.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.key.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: cannot load cost profile: {{.*}}key.json: ops[0]: unknown key 'flops'

// Inputs/profile.json measures all_gather on 4 ranks at 1000, 100000 and
// 1000000 bytes (10, 20 and 110 us), and all_reduce on 4 ranks (one curve
// for one node, one for any node count). Times are interpolated linearly in
// bytes, held at the first point below it, and extrapolated from the last
// two points beyond it.
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @g4 size = 4
  sched.process_group @g8 size = 8
  func.func @collectives(%s100: tensor<25000xf32>, %s500: tensor<125xi8>,
                         %s1000: tensor<250xi8>, %s2m: tensor<500000xi8>,
                         %full: tensor<100000xf32>, %s8: tensor<12500xf32>) {
    // 400000 bytes: 20 + (400000 - 100000) * 90 / 900000 = 50.
    // expected-remark @below {{collective time: 50.000 us (profile, 400000 bytes on 4 ranks, 1 node)}}
    %a = sched.all_gather_start %s100 on @g4 gather_dim = 0
        : tensor<25000xf32> -> !sched.future<tensor<100000xf32>>
    %0 = sched.wait %a : !sched.future<tensor<100000xf32>>
    // 500 bytes, below the first point: 10.
    // expected-remark @below {{collective time: 10.000 us (profile, 500 bytes on 4 ranks, 1 node)}}
    %b = sched.all_gather_start %s500 on @g4 gather_dim = 0
        : tensor<125xi8> -> !sched.future<tensor<500xi8>>
    %1 = sched.wait %b : !sched.future<tensor<500xi8>>
    // Exactly the first point.
    // expected-remark @below {{collective time: 10.000 us (profile, 1000 bytes on 4 ranks, 1 node)}}
    %c = sched.all_gather_start %s1000 on @g4 gather_dim = 0
        : tensor<250xi8> -> !sched.future<tensor<1000xi8>>
    %2 = sched.wait %c : !sched.future<tensor<1000xi8>>
    // 2000000 bytes: 110 + 1000000 * 90 / 900000 = 210.
    // expected-remark @below {{collective time: 210.000 us (profile, 2000000 bytes on 4 ranks, 1 node)}}
    %d = sched.all_gather_start %s2m on @g4 gather_dim = 0
        : tensor<500000xi8> -> !sched.future<tensor<2000000xi8>>
    %3 = sched.wait %d : !sched.future<tensor<2000000xi8>>
    // The curve that names one node wins: 5 + 0.4 * 100 = 45.
    // expected-remark @below {{collective time: 45.000 us (profile, 400000 bytes on 4 ranks, 1 node)}}
    %e = sched.all_reduce_start %full on @g4 reduction = sum
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %4 = sched.wait %e : !sched.future<tensor<100000xf32>>
    // No reduce_scatter curve: the analytical model, 3 + 3.
    // expected-remark @below {{collective time: 6.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %f = sched.reduce_scatter_start %full on @g4 reduction = sum scatter_dim = 0
        : tensor<100000xf32> -> !sched.future<tensor<25000xf32>>
    %5 = sched.wait %f : !sched.future<tensor<25000xf32>>
    // No all_gather curve for 8 ranks: 7 * 5 + 400000 * 7/8 / 1e4 = 70.
    // expected-remark @below {{collective time: 70.000 us (ring, 400000 bytes on 8 ranks, 2 nodes)}}
    %g = sched.all_gather_start %s8 on @g8 gather_dim = 0
        : tensor<12500xf32> -> !sched.future<tensor<100000xf32>>
    %6 = sched.wait %g : !sched.future<tensor<100000xf32>>
    return
  }

  // Compute ops are matched by kind (ComputeOpInterface::getComputeKind);
  // time_ns on the op still wins.
  func.func @compute(%a: tensor<128x256xf32>, %b: tensor<256x64xf32>,
                     %c: tensor<128x64xf32>) {
    // expected-remark @below {{compute time: 12.500 us (profile, #sched.cost<flops = 1000000000>)}}
    %0 = sched.compute "matmul" ins(%a : tensor<128x256xf32>)
        cost <flops = 1000000000> -> (tensor<128x256xf32>)
    // expected-remark @below {{compute time: 0.250 us (time_ns, #sched.cost<time_ns = 250>)}}
    %1 = sched.compute "matmul" ins(%a : tensor<128x256xf32>)
        cost <time_ns = 250> -> (tensor<128x256xf32>)
    // expected-remark @below {{compute time: 3.250 us (profile, #sched.cost<flops = 4194304, bytes_read = 196608, bytes_written = 32768>)}}
    %2 = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>)
        outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
    // Kinds not in the profile use the roofline: 1e6 flops at 1 TFLOP/s.
    // expected-remark @below {{compute time: 1.000 us (compute bound at 'f32', #sched.cost<flops = 1000000>)}}
    %3 = sched.compute "softmax" ins(%a : tensor<128x256xf32>)
        cost <flops = 1000000> -> (tensor<128x256xf32>)
    return
  }
}
