// RUN: sched-opt %s -verify-diagnostics -o /dev/null
// RUN: not sched-opt %s 2>&1 | FileCheck %s
// Space between `array` and `<` (MLIR's parser crashes on it too):
// RUN: sed 's/a = array<index/a = array <index/' %s > %t.spaced.mlir
// RUN: not sched-opt %t.spaced.mlir 2>&1 | FileCheck %s --check-prefix=SPACED
// SPACED: spaced.mlir:18:19: error: dense arrays of 'index' are not supported

// MLIR 22.1.8's attribute parser crashes on a dense array of index (it asks
// `index` for a bit width; mlir-opt crashes the same way). sched-opt refuses
// such input before parsing it, with an error at the array (docs/Tools.md).
// Not in a string or a comment: "array<index: 1>" here and in this
// comment, array<index: 2>, are not refused.

// CHECK: index-dense-array.mlir:[[@LINE+4]]:19: error: dense arrays of 'index' are not supported (MLIR's parser crashes on them); use an integer element type such as i64
func.func @f() {
  "test.ok"() {s = "array<index: 1>", d = array<i64: 1>} : () -> ()
  // expected-error @+1 {{dense arrays of 'index' are not supported (MLIR's parser crashes on them); use an integer element type such as i64}}
  "test.x"() {a = array<index: 1>} : () -> ()
  return
}
