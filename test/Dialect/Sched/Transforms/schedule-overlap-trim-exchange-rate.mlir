// Tests sched-schedule-overlap's trim-exchange-rate (docs/passes/
// ScheduleOverlap.md, "The least memory that keeps the step"): the price of
// memory over the input's peak plus memory-slack (69 MiB + 5 % = 72.45 MiB).
// The fastest schedule takes 77 MiB (196.801 us); a budget of the input's
// peak gives 240.501 us at 69 MiB, 22.2 % slower; the free level and the
// budget halfway to 77 MiB give 196.801 us at 73 MiB, 0.76 % of the free
// level over it. At rate 0 memory comes first: any saving within the
// tolerance (50 %), so 69 MiB. At rate 1, 73 MiB costs 196.801 x 1.0076
// us, less than 240.501: kept. At rate 0.02 the 0.76 % over the level
// costs 38 %, more than the 22.2 % the input's peak loses: 69 MiB.
// RUN: sched-opt %s --sched-schedule-overlap="trim-budget=1 trim-tolerance=0.5" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEAST
// RUN: sched-opt %s --sched-schedule-overlap="trim-budget=1 trim-tolerance=0.5 trim-exchange-rate=1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-schedule-overlap="trim-budget=1 trim-tolerance=0.5 trim-exchange-rate=0.02" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEAST

// LEAST: remark: @partial: step 284.201 -> 240.501 us, exposed comm 87.400 -> 43.700 us, peak memory 69 MiB -> 69 MiB (budget 953.67 MiB, trimmed to 69 MiB: the best trade of {{[0-9]+ budgets?}} tried)

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+1 {{@partial: step 284.201 -> 196.801 us, exposed comm 87.400 -> 0.000 us, peak memory 69 MiB -> 73 MiB (budget 953.67 MiB, trimmed to 74.73 MiB: the best trade of 5 budgets tried); optimal: equals the lower bound}}
  func.func @partial(%x: tensor<1024x1024xf32>, %v: tensor<128x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %v on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %u = sched.compute "use_v" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %c = sched.compute "long" ins(%x : tensor<1024x1024xf32>) cost <flops = 500000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    %h = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %k = sched.wait %h : !sched.future<tensor<1024x1024xf32>>
    %z = sched.compute "use_w" ins(%k : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %u, %c, %z : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
