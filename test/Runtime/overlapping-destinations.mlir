// Two members of a bucket whose destinations overlap (a subview and a
// reinterpret_cast of one buffer, which the compiler does not relate): the
// result would depend on which write lands last, so the runtime stops with an
// error naming the members and the group, on every backend, before anything
// is communicated. (The same buffer named twice is a verifier error,
// collective_c7; overlapping static subviews of one buffer are a compile
// error of convert-sched-to-runtime, test/Conversion/SchedToRuntime/invalid.mlir.)

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/local --runtime=local
// RUN: not %t/local --ranks 2 2>&1 | FileCheck %s
// RUN: %if mpi %{ sched-compile %s -o %t/mpi --runtime=mpi %}
// RUN: %if mpi %{ not %mpirun -np 2 %t/mpi 2>&1 | FileCheck %s %}

// CHECK: sched runtime: members 0 and 1 of a bucketed all-reduce of group 0 write overlapping destinations; every member of a bucket needs its own buffer

sched.process_group @g size = 2

func.func @step(%a: memref<4xf32>, %b: memref<4xf32>, %d: memref<8xf32>) -> memref<8xf32> {
  %lo = memref.subview %d[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %mid = memref.reinterpret_cast %d to offset: [2], sizes: [4], strides: [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %f = sched.all_reduce_start %a, %b into %lo, %mid on @g reduction = sum : memref<4xf32>, memref<4xf32> into memref<4xf32, strided<[1]>>, memref<4xf32, strided<[1], offset: 2>> -> !sched.future<memref<4xf32, strided<[1]>>, memref<4xf32, strided<[1], offset: 2>>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf32, strided<[1]>>, memref<4xf32, strided<[1], offset: 2>>>
  return %d : memref<8xf32>
}
