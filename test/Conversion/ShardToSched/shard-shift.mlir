// RUN: sched-opt %s -split-input-file --convert-shard-to-sched | FileCheck %s
// RUN: sched-opt %s -split-input-file --convert-shard-to-sched | sched-opt -split-input-file --verify-roundtrip > /dev/null

// shard.shift becomes sched.collective_permute_start + sched.wait on the
// group of its grid axes. The process at coordinate c of the shift axis
// sends to c + offset (modulo the axis size with `rotate`); a process that
// nothing is shifted to receives zeros (shard leaves it undefined). Pairs are
// positions in the group, row-major in the order of the grid axes.

shard.grid @grid(shape = 2x4)

// CHECK-LABEL: func.func @rotate
// CHECK-SAME:  (%[[X:.*]]: tensor<2xi8>)
func.func @rotate(%x: tensor<2xi8>) -> tensor<2xi8> {
  // CHECK-NEXT: %[[F:.*]] = sched.collective_permute_start %[[X]] on @grid_axes_1 source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]] : tensor<2xi8> -> !sched.future<tensor<2xi8>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<2xi8>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = 1 rotate : tensor<2xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Without rotate the last process receives nothing: it gets zeros.
// CHECK-LABEL: func.func @backwards
func.func @backwards(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // CHECK-NEXT: sched.collective_permute_start %{{.*}} on @grid_axes_1 source_target_pairs = {{\[\[}}1, 0], [2, 1], [3, 2]] : tensor<3x2xf32>
  %0 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = -1 : tensor<3x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// Two grid axes: positions are c0 * 4 + c1; the shift moves c1 only.
// CHECK-LABEL: func.func @two_axes
func.func @two_axes(%x: tensor<2xi8>) -> tensor<2xi8> {
  // CHECK-NEXT: sched.collective_permute_start %{{.*}} source_target_pairs = {{\[\[}}0, 2], [1, 3], [4, 6], [5, 7]] : tensor<2xi8>
  %0 = shard.shift %x on @grid grid_axes = [0, 1] shift_axis = 1 offset = 2 : tensor<2xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Axes in the order [1, 0]: positions are c1 * 2 + c0.
// CHECK-LABEL: func.func @axes_reversed
func.func @axes_reversed(%x: tensor<2xi8>) -> tensor<2xi8> {
  // CHECK-NEXT: sched.collective_permute_start %{{.*}} source_target_pairs = {{\[\[}}0, 2], [1, 3], [2, 4], [3, 5], [4, 6], [5, 7], [6, 0], [7, 1]] : tensor<2xi8>
  %0 = shard.shift %x on @grid grid_axes = [1, 0] shift_axis = 1 offset = 1 rotate : tensor<2xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// An offset past the end of the axis shifts everything off: no pairs, every
// process receives zeros; with rotate it wraps (5 = 1 modulo 4, -7 = 1).
// CHECK-LABEL: func.func @large_offsets
func.func @large_offsets(%x: tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  // CHECK-NEXT: sched.collective_permute_start %{{.*}} source_target_pairs = [] : tensor<2xi8>
  %0 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = 5 : tensor<2xi8> -> tensor<2xi8>
  // CHECK: sched.collective_permute_start %{{.*}} source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]] : tensor<2xi8>
  %1 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = 5 rotate : tensor<2xi8> -> tensor<2xi8>
  // CHECK: sched.collective_permute_start %{{.*}} source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]] : tensor<2xi8>
  %2 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = -7 rotate : tensor<2xi8> -> tensor<2xi8>
  return %0, %1, %2 : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}
