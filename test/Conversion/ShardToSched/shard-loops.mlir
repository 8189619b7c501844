// RUN: sched-opt %s --convert-shard-to-sched | FileCheck %s
// RUN: sched-opt %s --convert-shard-to-sched --sched-attach-target="preset=h100-sxm" --sched-report="summary=-" -o /dev/null | FileCheck %s --check-prefix=REPORT

// convert-shard-to-sched keeps loops: a layer loop over shard collectives
// becomes a loop over sched starts and waits, which sched-report simulates
// iteration by iteration (4 all_reduces, not 0).

shard.grid @grid(shape = 8)

// CHECK-LABEL: func.func @layers
// CHECK:       scf.for
// CHECK-NEXT:    sched.compute "matmul"
// CHECK-NEXT:    %[[F:.*]] = sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
// CHECK-NEXT:    %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT:    scf.yield %[[R]]
func.func @layers(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<1024x1024xf32>) {
    %c = sched.compute "matmul" ins(%a : tensor<1024x1024xf32>) cost <flops = 2147483648> -> (tensor<1024x1024xf32>)
    %s = shard.all_reduce %c on @grid grid_axes = [0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
    scf.yield %s : tensor<1024x1024xf32>
  }
  return %r : tensor<1024x1024xf32>
}

// REPORT:      function @layers on h100-sxm: {{[0-9]+}} ops, 4 collectives
// REPORT:      scf.for static 4 1
