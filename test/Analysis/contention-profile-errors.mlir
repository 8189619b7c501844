// Errors in a profile's contention buckets (docs/CostModel.md,
// "Contention") name the file and the bucket, and stop the pass.
// RUN: echo '{"contention": {"comm_factor": 2}}' > %t.array.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.array.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARRAY
// ARRAY: error: cannot load cost profile: {{.*}}array.json: contention: expected an array
// RUN: echo '{"contention": [{"comm_factor": 0.9, "compute_factor": 1}]}' > %t.factor.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.factor.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FACTOR
// FACTOR: error: cannot load cost profile: {{.*}}factor.json: contention[0].comm_factor: expected a number >= 1
// RUN: echo '{"contention": [{"comm_factor": 2}]}' > %t.missing.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.missing.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot load cost profile: {{.*}}missing.json: contention[0]: missing 'compute_factor'
// RUN: echo '{"contention": [{"max_bytes": 64, "comm_factor": 2, "compute_factor": 1}, {"max_bytes": 64, "comm_factor": 1.5, "compute_factor": 1}]}' > %t.order.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.order.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: error: cannot load cost profile: {{.*}}order.json: contention[1]: 'max_bytes' must be above the previous bucket's (64)
// RUN: echo '{"contention": [{"comm_factor": 2, "compute_factor": 1}, {"comm_factor": 1.5, "compute_factor": 1}]}' > %t.open.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.open.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN: error: cannot load cost profile: {{.*}}open.json: contention[1]: follows a bucket without 'max_bytes' (only the last bucket may omit it)
// RUN: echo '{"contention": [{"max_bytes": 1.5, "comm_factor": 2, "compute_factor": 1}]}' > %t.bytes.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.bytes.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: error: cannot load cost profile: {{.*}}bytes.json: contention[0].max_bytes: expected an integer >= 1
// RUN: echo '{"contention": [{"max_bytes": 8, "comm": 2, "compute_factor": 1}]}' > %t.key.json
// RUN: not sched-opt %s -test-sched-print-cost="profile=%t.key.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: cannot load cost profile: {{.*}}key.json: contention[0]: unknown key 'comm'

module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0]>} {
  func.func @empty() {
    return
  }
}
