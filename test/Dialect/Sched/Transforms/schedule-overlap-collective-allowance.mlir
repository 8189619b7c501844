// Tests sched-schedule-overlap's collective-allowance (docs/passes/
// ScheduleOverlap.md, "Two of the largest collective"): the budget is the
// input's peak plus the largest of memory-allowance, memory-slack of it and
// collective-allowance times the function's largest collective (the larger
// of its input and output: here the gather's 4 MiB output). With the other
// two at 0, a budget of the input's peak leaves the gather exposed; one
// largest collective is enough to issue it ahead of "expand", and the
// summary remark says what set the budget.
// RUN: sched-opt %s --sched-schedule-overlap="memory-allowance=0 memory-slack=0 collective-allowance=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: sched-opt %s --sched-schedule-overlap="memory-allowance=0 memory-slack=0 collective-allowance=1" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sched-opt %s --sched-schedule-overlap="memory-allowance=0 memory-slack=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: sched-opt %s --sched-schedule-overlap="memory-allowance=8388608 memory-slack=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: sched-opt %s --sched-pipeline="memory-allowance=0 memory-slack=0 explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// NONE: remark: @layer: step 186.307 -> 186.307 us, exposed comm 43.700 -> 43.700 us, peak memory 68.5 MiB -> 68.5 MiB (budget 68.5 MiB); within 30.6 % of the lower bound

// ONE: remark: @layer: step 186.307 -> 142.606 us, exposed comm 43.700 -> 0.000 us, peak memory 68.5 MiB -> 72.5 MiB (budget 72.5 MiB: 1 x the largest collective, 4 MiB, over the input's peak); optimal: equals the lower bound
// ONE-LABEL: func.func @layer
// ONE:      %[[F:.*]] = sched.all_gather_start
// ONE-NEXT: sched.compute "expand"

// The default, two of them:
// TWO: (budget 76.5 MiB: 2 x the largest collective, 4 MiB, over the input's peak); optimal

// Where another allowance is larger, the remark gives the budget alone:
// BYTES: peak memory 68.5 MiB -> 72.5 MiB (budget 76.5 MiB); optimal

// sched-pipeline's search judges its variants by the same budget (76.5
// MiB, from the pipeline's input of 68.5 MiB), in exact bytes:
// PIPELINE: remark: @layer: search: memory budget 80216080 bytes (76.5 MiB, the input's peak 71827472 bytes)

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // Only "expand" and "reduce" can hide the gather, so its 4 MiB result
  // must be live beside the 64 MiB that "expand" makes.
  func.func @layer(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %c : tensor<4xf32>, tensor<4xf32>
  }
}
