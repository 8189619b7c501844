// RUN: sched-opt %s --sched-report="json=- profile=%S/Inputs/report-profile.json" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sched-opt %s --sched-report="summary=- profile=%S/Inputs/report-profile.json" -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: sched-opt %s --sched-report="trace=%t.trace.json svg=%t.{name}.svg profile=%S/Inputs/report-profile.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace.json
// RUN: FileCheck %s --check-prefix=SVG < %t.step.svg
// RUN: sched-opt %s --sched-report="profile=%S/Inputs/report-profile.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-report="json=-" -o /dev/null | FileCheck %s --check-prefix=MODEL
// RUN: sched-opt %s --sched-report="svg=- svg-time-us=76 profile=%S/Inputs/report-profile.json" -o /dev/null | FileCheck %s --check-prefix=SCALE
// RUN: sched-opt %s --sched-report="svg=- svg-time-us=19 profile=%S/Inputs/report-profile.json" -o /dev/null | FileCheck %s --check-prefix=WIDE

// One all_gather (20 us from the profile) overlapped with 30 us of compute,
// one reduce_scatter (8 us) waited on at once.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<16xf32>, %g: tensor<64xf32>) -> (tensor<64xf32>, tensor<16xf32>) {
    %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    %c = sched.compute "matmul" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    %w = sched.wait %f : !sched.future<tensor<64xf32>>
    %r = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<64xf32> -> !sched.future<tensor<16xf32>>
    %s = sched.wait %r : !sched.future<tensor<16xf32>>
    return %w, %s : tensor<64xf32>, tensor<16xf32>
  }
}

// JSON:      "schema": "sched-report/1",
// JSON:      "name": "step",
// JSON-NEXT: "target": "t",
// JSON-NEXT: "num_ops": 6,
// JSON-NEXT: "makespan_us": 38,
// JSON-NEXT: "compute_busy_us": 30,
// JSON-NEXT: "compute_idle_us": 8,
// JSON-NEXT: "comm_busy_us": 28,
// JSON-NEXT: "exposed_comm_us": 8,
// JSON-NEXT: "overlap_fraction": 0.7142857142857143,
// JSON-NEXT: "lower_bounds_us": {
// JSON-NEXT:   "streams": 30,
// JSON-NEXT:   "critical_path": 30,
// JSON-NEXT:   "head_tail": 30,
// JSON-NEXT:   "subset": 30
// JSON-NEXT: },
// JSON-NEXT: "peak_memory_bytes": 640,
// JSON-NEXT: "peak_memory_step": 1,
// JSON-NEXT: "collectives": [
// JSON-NEXT:   {
// JSON-NEXT:     "step": 0,
// JSON-NEXT:     "wait_step": 2,
// JSON-NEXT:     "kind": "all_gather",
// JSON-NEXT:     "group": "dp",
// JSON-NEXT:     "bytes": 256,
// JSON-NEXT:     "duration_us": 20,
// JSON-NEXT:     "issue_us": 0,
// JSON-NEXT:     "begin_us": 0,
// JSON-NEXT:     "end_us": 20,
// JSON-NEXT:     "exposed_us": 0,
// JSON-NEXT:     "location": "{{.*}}report.mlir:17:10"
// JSON:          "kind": "reduce_scatter",
// JSON:          "exposed_us": 8,

// SUMMARY: function @step on t: 6 ops, 2 collectives
// SUMMARY-NEXT: makespan 38.000 us
// SUMMARY:      exposed comm 8.000 us (overlap 71.4%)
// SUMMARY-NEXT: lower bounds 30.000 us streams, 30.000 us critical path, 30.000 us head and tail, 30.000 us subset
// SUMMARY-NEXT: versus bound within 26.7 % of the lower bound, 30.000 us
// SUMMARY-NEXT: peak memory 640 B at step 1
// SUMMARY:      step kind
// SUMMARY-NEXT: 0 all_gather dp 256 20.000 0.000 0.000
// SUMMARY-NEXT: 3 reduce_scatter dp 256 8.000 30.000 8.000

// TRACE: "traceEvents":[
// TRACE-SAME: {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"comm @dp"}}
// TRACE-SAME: {"name":"matmul","cat":"compute","ph":"X","pid":1,"tid":0,"ts":0,"dur":30,
// TRACE-SAME: {"name":"wait (exposed)","cat":"exposed","ph":"X","pid":1,"tid":0,"ts":30,"dur":8,
// TRACE-SAME: {"name":"all_gather","cat":"comm","ph":"X","pid":1,"tid":1,"ts":0,"dur":20,
// TRACE-SAME: {"name":"memory","ph":"C","pid":1,"ts":0,

// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: @step on t: makespan 38.0 us, exposed comm 8.0 us (overlap 71%)
// SVG: comm @dp
// SVG: fill="#e15759"{{.*}}<title>wait (exposed) 30.0-38.0 us</title>
// SVG: </svg>

// With svg-time-us, 1000 px of plot stand for that many microseconds in
// every picture: the 38 us step over a 76 us scale fills half the plot (its
// 8 us exposed wait at 30 us starts at 130 + 30/76 x 1000 = 524.7 px), and
// the axis runs to 76 us. Against a 19 us scale the picture is twice as
// wide (130 + 2000 + 20 px) and the wait starts at 130 + 30/19 x 1000.
// SCALE: <svg xmlns="http://www.w3.org/2000/svg" width="1150.0"
// SCALE: <rect x="524.7" y="48" width="105.3" height="26" fill="#e15759"
// SCALE: text-anchor="end">76 us</text>
// WIDE: <svg xmlns="http://www.w3.org/2000/svg" width="2150.0"
// WIDE: <rect x="1708.9" y="48" width="421.1" height="26" fill="#e15759"
// WIDE: text-anchor="end">38 us</text>

// The remark names the function, says how far the step is from its lower
// bound (30 us: the compute stream is busy 30 us) and gives sizes in human
// units.
// REMARK: remark: @step: makespan 38.000 us (within 26.7 % of the lower bound, 30.000 us), exposed comm 8.000 us, overlap 0.71, peak memory 640 B

// Without a profile the analytical model gives the collective times.
// MODEL: "makespan_us":
// MODEL: "kind": "all_gather",
