// RUN: sched-opt %s -split-input-file --sched-fuse-compute="max-fused-read-bytes=8192 explain=1" -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s -split-input-file --sched-fuse-compute="explain=1" 2>/dev/null | FileCheck %s --check-prefix=NOCAP

// Tests max-fused-read-bytes: a fused op may read at most that many bytes
// from memory (the buffers its members read that no member writes).

// Three consumers of separate 4 KiB inputs chained by "add": "a+b" reads
// 8 KiB (at the cap) and is fused; adding "c" would read 12 KiB: refused.
// Without the cap the three fuse into one op.
// CHECK-LABEL: func.func @chain
// CHECK: sched.compute "a+b"
// CHECK: sched.compute "c"
// NOCAP-LABEL: func.func @chain
// NOCAP: sched.compute "a+b+c"
// expected-remark@+1 {{fused 1 pairs into 1 ops}}
func.func @chain(%x: tensor<1024xf32>, %y: tensor<1024xf32>, %z: tensor<1024xf32>) -> tensor<1024xf32> {
  %a = sched.compute "a" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  // expected-remark@+1 {{not fused with 'c': reads: the fused op would read 12 KiB, more than max-fused-read-bytes 8192 (8 KiB)}}
  %b = sched.compute "b" ins(%a, %y : tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>)
  %c = sched.compute "c" ins(%b, %z : tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>)
  return %c : tensor<1024xf32>
}
