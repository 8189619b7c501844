// Scheduling never changes results in bf16: every collective kind (sum, avg
// and max reductions) on non-leading dims, with bf16 compute bodies (a
// bf16 x bf16 -> f32 matmul, elementwise products, a bf16 -> f32
// linalg.generic reduction) and an opaque compute. The group has 2 ranks.
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// types-bf16-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: 1e-2 of the absolute sum (bf16 has 8 significant bits; MPI
// reduces bf16 pairwise, rounding each step, the reference rounds once).

// max-in-flight=2 keeps collectives in flight together (the searched caps
// tie at these sizes, and a tie goes to one in flight).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=max-in-flight=2 memory-slack=4" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/types-bf16.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/types-bf16.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-2
// RUN: FileCheck %s --check-prefix=REF < %t/ref.2
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-2

// The input waits right after every start; the scheduled
// executable overlaps more collectives.
// PLAIN: launches: 7, overlapped: 0, most in flight: 1, largest bucket: 1
// SCHED: launches: 7, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 1

// The reference itself is pinned (to 5 digits): the fill values and the
// bf16 rounding of reductions are host code that both runtimes share, so
// comparing them cannot catch a bug there.
// REF-DAG: rank 0 result 0: 32 x f32 sum=-1.8902{{[0-9]*}}e+00 abs=2.5414{{[0-9]*}}e+01
// REF-DAG: rank 0 result 1: 32 x bf16 sum=-1.0976{{[0-9]*}}e+00 abs=4.7097{{[0-9]*}}e+01
// REF-DAG: rank 0 result 2: 16 x bf16 sum=1.0734{{[0-9]*}}e+00 abs=4.1679{{[0-9]*}}e+00
// REF-DAG: rank 0 result 3: 12 x f32 sum=-1.0006{{[0-9]*}}e+00 abs=3.7117{{[0-9]*}}e+00
// REF-DAG: rank 0 result 4: 48 x bf16 sum=7.4050{{[0-9]*}}e-01 abs=1.6290{{[0-9]*}}e+01
// REF-DAG: rank 0 result 5: 32 x bf16 sum=3.2189{{[0-9]*}}e-01 abs=8.3204{{[0-9]*}}e+00
// REF-DAG: rank 0 result 6: 64 x bf16 sum=3.1337{{[0-9]*}}e+00 abs=1.1450{{[0-9]*}}e+01
// REF-DAG: rank 0 result 7: 64 x bf16 sum=2.3039{{[0-9]*}}e+01 abs=2.3039{{[0-9]*}}e+01
// REF-DAG: rank 1 result 0: 32 x f32 sum=7.8038{{[0-9]*}}e-01 abs=3.6350{{[0-9]*}}e+01
// REF-DAG: rank 1 result 1: 32 x bf16 sum=-1.0976{{[0-9]*}}e+00 abs=4.7097{{[0-9]*}}e+01
// REF-DAG: rank 1 result 2: 16 x bf16 sum=8.5388{{[0-9]*}}e-01 abs=5.9769{{[0-9]*}}e+00
// REF-DAG: rank 1 result 3: 12 x f32 sum=-4.6868{{[0-9]*}}e-01 abs=4.8443{{[0-9]*}}e+00
// REF-DAG: rank 1 result 4: 48 x bf16 sum=-1.2076{{[0-9]*}}e+00 abs=1.2079{{[0-9]*}}e+01
// REF-DAG: rank 1 result 5: 32 x bf16 sum=4.6313{{[0-9]*}}e-01 abs=7.1787{{[0-9]*}}e+00
// REF-DAG: rank 1 result 6: 64 x bf16 sum=3.6835{{[0-9]*}}e+00 abs=1.1458{{[0-9]*}}e+01
// REF-DAG: rank 1 result 7: 64 x bf16 sum=1.9046{{[0-9]*}}e+01 abs=1.9046{{[0-9]*}}e+01

sched.process_group @g size = 2

func.func @step(%a: tensor<4x6xbf16>, %w: tensor<12x8xbf16>, %b: tensor<8x4xbf16>,
                %c: tensor<3x8x4xbf16>, %v: tensor<4x4x2xbf16>, %x: tensor<8x8xbf16>,
                %m1: tensor<8x2xbf16>, %m2: tensor<3x4x4xbf16>, %m3: tensor<3x8x2xbf16>,
                %m4: tensor<4x8x1xbf16>)
    -> (tensor<4x8xf32>, tensor<4x8xbf16>, tensor<8x2xbf16>, tensor<3x4xf32>,
        tensor<3x8x2xbf16>, tensor<4x8x1xbf16>, tensor<8x8xbf16>, tensor<8x8xbf16>) {
  // all_gather along dim 1, then a bf16 x bf16 -> f32 matmul.
  %f0 = sched.all_gather_start %a on @g gather_dim = 1 : tensor<4x6xbf16> -> !sched.future<tensor<4x12xbf16>>
  %ag = sched.wait %f0 : !sched.future<tensor<4x12xbf16>>
  %mm = sched.compute "matmul" ins(%ag, %w : tensor<4x12xbf16>, tensor<12x8xbf16>) -> (tensor<4x8xf32>) {
  ^bb0(%l: tensor<4x12xbf16>, %r: tensor<12x8xbf16>):
    %e = tensor.empty() : tensor<4x8xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %p = linalg.matmul ins(%l, %r : tensor<4x12xbf16>, tensor<12x8xbf16>) outs(%i : tensor<4x8xf32>) -> tensor<4x8xf32>
    sched.yield %p : tensor<4x8xf32>
  }
  %mmb = sched.compute "to_bf16" ins(%mm : tensor<4x8xf32>) -> (tensor<4x8xbf16>) {
  ^bb0(%p: tensor<4x8xf32>):
    %t = arith.truncf %p : tensor<4x8xf32> to tensor<4x8xbf16>
    sched.yield %t : tensor<4x8xbf16>
  }
  %f1 = sched.all_reduce_start %mmb on @g reduction = sum : tensor<4x8xbf16> -> !sched.future<tensor<4x8xbf16>>
  %ar = sched.wait %f1 : !sched.future<tensor<4x8xbf16>>

  %f2 = sched.reduce_scatter_start %b on @g reduction = sum scatter_dim = 1 : tensor<8x4xbf16> -> !sched.future<tensor<8x2xbf16>>
  %rs = sched.wait %f2 : !sched.future<tensor<8x2xbf16>>
  %rs1 = sched.compute "scale" ins(%rs, %m1 : tensor<8x2xbf16>, tensor<8x2xbf16>) -> (tensor<8x2xbf16>) {
  ^bb0(%p: tensor<8x2xbf16>, %q: tensor<8x2xbf16>):
    %s = arith.mulf %p, %q : tensor<8x2xbf16>
    sched.yield %s : tensor<8x2xbf16>
  }

  // reduce_scatter (avg) along the middle dim, then a bf16 -> f32 reduction.
  %f3 = sched.reduce_scatter_start %c on @g reduction = avg scatter_dim = 1 : tensor<3x8x4xbf16> -> !sched.future<tensor<3x4x4xbf16>>
  %ra = sched.wait %f3 : !sched.future<tensor<3x4x4xbf16>>
  %rowsum = sched.compute "row_sum" ins(%ra, %m2 : tensor<3x4x4xbf16>, tensor<3x4x4xbf16>) -> (tensor<3x4xf32>) {
  ^bb0(%p: tensor<3x4x4xbf16>, %q: tensor<3x4x4xbf16>):
    %e = tensor.empty() : tensor<3x4xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
    %s = linalg.generic {
        indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, k)>],
        iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%p, %q : tensor<3x4x4xbf16>, tensor<3x4x4xbf16>) outs(%i : tensor<3x4xf32>) {
    ^bb1(%u: bf16, %v2: bf16, %acc: f32):
      %u32 = arith.extf %u : bf16 to f32
      %v32 = arith.extf %v2 : bf16 to f32
      %t = arith.mulf %u32, %v32 : f32
      %n = arith.addf %acc, %t : f32
      linalg.yield %n : f32
    } -> tensor<3x4xf32>
    sched.yield %s : tensor<3x4xf32>
  }

  %f4 = sched.reduce_scatter_start %c on @g reduction = max scatter_dim = 2 : tensor<3x8x4xbf16> -> !sched.future<tensor<3x8x2xbf16>>
  %rm = sched.wait %f4 : !sched.future<tensor<3x8x2xbf16>>
  %rm1 = sched.compute "scale" ins(%rm, %m3 : tensor<3x8x2xbf16>, tensor<3x8x2xbf16>) -> (tensor<3x8x2xbf16>) {
  ^bb0(%p: tensor<3x8x2xbf16>, %q: tensor<3x8x2xbf16>):
    %s = arith.mulf %p, %q : tensor<3x8x2xbf16>
    sched.yield %s : tensor<3x8x2xbf16>
  }

  %f5 = sched.all_to_all_start %v on @g split_dim = 2 concat_dim = 1 : tensor<4x4x2xbf16> -> !sched.future<tensor<4x8x1xbf16>>
  %t1 = sched.wait %f5 : !sched.future<tensor<4x8x1xbf16>>
  %t1s = sched.compute "scale" ins(%t1, %m4 : tensor<4x8x1xbf16>, tensor<4x8x1xbf16>) -> (tensor<4x8x1xbf16>) {
  ^bb0(%p: tensor<4x8x1xbf16>, %q: tensor<4x8x1xbf16>):
    %s = arith.mulf %p, %q : tensor<4x8x1xbf16>
    sched.yield %s : tensor<4x8x1xbf16>
  }

  %f6 = sched.broadcast_start %x on @g root = 1 : tensor<8x8xbf16> -> !sched.future<tensor<8x8xbf16>>
  %bc = sched.wait %f6 : !sched.future<tensor<8x8xbf16>>
  %mix = sched.compute "mix" ins(%bc, %x : tensor<8x8xbf16>, tensor<8x8xbf16>) cost <flops = 100000, bytes_read = 256, bytes_written = 128> -> (tensor<8x8xbf16>)
  %sq = sched.compute "square" ins(%x : tensor<8x8xbf16>) -> (tensor<8x8xbf16>) {
  ^bb0(%t: tensor<8x8xbf16>):
    %s = arith.mulf %t, %t : tensor<8x8xbf16>
    sched.yield %s : tensor<8x8xbf16>
  }
  return %mm, %ar, %rs1, %rowsum, %rm1, %t1s, %mix, %sq
      : tensor<4x8xf32>, tensor<4x8xbf16>, tensor<8x2xbf16>, tensor<3x4xf32>,
        tensor<3x8x2xbf16>, tensor<4x8x1xbf16>, tensor<8x8xbf16>, tensor<8x8xbf16>
}
