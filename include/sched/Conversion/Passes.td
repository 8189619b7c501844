//===- Passes.td - conversions into and out of sched -------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_PASSES_TD
#define SCHED_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertShardToSched : Pass<"convert-shard-to-sched", "ModuleOp"> {
  let summary = "convert shard collectives into sched start/wait pairs";
  let description = [{
    Rewrites the collectives of the upstream `shard` dialect (the output of
    `shard-partition`) into `sched` collectives, each a `*_start` followed
    directly by its `sched.wait` (the unscheduled form):

    | shard | sched |
    |-------|-------|
    | `all_reduce` | `all_reduce_start` |
    | `all_gather` | `all_gather_start`, `gather_dim` = `gather_axis` |
    | `reduce_scatter` | `reduce_scatter_start`, `scatter_dim` = `scatter_axis` |
    | `all_to_all` | `all_to_all_start`, `split_dim`/`concat_dim` = `split_axis`/`concat_axis` |
    | `broadcast` | `broadcast_start`, `root` = the linear in-group index of the root |
    | `gather` | `all_gather_start` (the root's result, delivered to every rank) |
    | `reduce` | `all_reduce_start` (the root's result, delivered to every rank) |
    | `scatter` | `broadcast_start` from the root, then a local `tensor.extract_slice` |
    | `all_slice` | a local `tensor.extract_slice` (no communication) |

    Reductions map `sum`, `max`, `min`, `product` and `average` to `sum`,
    `max`, `min`, `prod` and `avg`. A reduction whose result element type
    differs from the input's converts the input first (`arith.extf` or
    `arith.truncf`), as shard defines.

    Every (grid, `grid_axes`) pair that a collective uses becomes one
    `sched.process_group`, inserted after the `shard.grid` and named
    `@<grid>_axes_<a>_<b>...` (`@<grid>_axes_none` for no axes). Its `size`
    is the product of the sizes of those grid axes. On an SPMD grid every
    process belongs to a different group for the same axes (the processes
    that share its coordinates on the other axes), so the op lists no
    `ranks`; the discardable attributes `sched.grid` and `sched.grid_axes`
    say which groups it stands for, and a group's order is the linear index
    over `grid_axes` in the listed order. `ranks_per_node` is left to the
    target. `shard.grid` and the other non-collective shard ops stay.

    Example:

    ```mlir
    shard.grid @grid0(shape = 2x4)
    func.func @f(%x: tensor<8x4xf32>) -> tensor<8x16xf32> {
      %0 = shard.all_gather %x on @grid0 grid_axes = [1] gather_axis = 1
          : tensor<8x4xf32> -> tensor<8x16xf32>
      return %0 : tensor<8x16xf32>
    }
    ```

    becomes

    ```mlir
    shard.grid @grid0(shape = 2x4)
    sched.process_group @grid0_axes_1 size = 4
        {sched.grid = @grid0, sched.grid_axes = array<i16: 1>}
    func.func @f(%x: tensor<8x4xf32>) -> tensor<8x16xf32> {
      %f = sched.all_gather_start %x on @grid0_axes_1 gather_dim = 1
          : tensor<8x4xf32> -> !sched.future<tensor<8x16xf32>>
      %0 = sched.wait %f : !sched.future<tensor<8x16xf32>>
      return %0 : tensor<8x16xf32>
    }
    ```

    Errors, each naming the op (`cannot convert 'shard.xxx' to sched: ...`):
    point-to-point ops (`send`, `recv`, `shift`, `update_halo`), a grid axis
    of dynamic size in `grid_axes`, a `bitwise_*` or `generic` reduction, a
    root given by SSA values, an element type sched cannot move or reduce,
    an accumulation that is not float to float, and memrefs except in
    `all_reduce`. The pass reports every such op, then fails. See
    docs/Conversions.md.

    A warning, at the first `shard.shard`: input that still has sharding
    annotations has not been through `shard-partition` (which replaces them
    by the collectives they imply), so it looks unpartitioned and its
    communication is missing. Partitioned input has no annotations; without
    collectives either, it gets no warning.

    `shard.grid` stays: `convert-sched-to-runtime` erases it once the groups
    are resolved (docs/Lowering.md).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::sched::SchedDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertSchedToRuntime : Pass<"convert-sched-to-runtime", "ModuleOp"> {
  let summary = "lower buffer-form sched ops to calls into the sched runtime";
  let description = [{
    Lowers the buffer form of the sched ops (the output of
    `one-shot-bufferize`) to calls of the C functions declared in
    `include/sched/Runtime/SchedRuntime.h`, which run them on NCCL and CUDA
    streams (GPU runtime), nonblocking MPI (CPU runtime) or threads of one
    process (the reference runtime):

    * a collective start becomes `schedrt_collective_begin` (kind, process
      group id and layout, reduction, root), one `schedrt_collective_add`
      per bucket member (addresses, element count and type, and the outer
      sizes that tell the runtime how to pack a non-leading gather, scatter or
      split dim) and `schedrt_collective_launch`; the future becomes the
      returned handle;
    * `sched.wait` becomes `schedrt_collective_wait` and its results the
      destination buffers;
    * an opaque `sched.compute` becomes `schedrt_compute_begin` (a salt
      hashed from `kind`, flops and bytes of its cost), one
      `schedrt_compute_arg` per operand and `schedrt_compute_run`;
    * `sched.process_group` ops are erased. Group ids are their positions in
      the module. A group lists its members by `size` and a stride: without
      `ranks`, consecutive blocks of `size` ranks (stride 1); with `ranks`, an
      arithmetic progression whose first rank is the first of its block; for
      groups made by `convert-shard-to-sched`, the stride of the grid axes
      (which must be consecutive). When the module has a `sched_main`
      (`sched-emit-main` runs first), it starts with one
      `schedrt_register_group` per group (id, the address of a private
      constant `memref.global` holding the name, size, stride), so that
      runtime errors name groups by `@name`, and the runtime checks that
      every group tiles the world before the first step.
    * `shard.process_multi_index`, `shard.process_linear_index` and
      `shard.grid_shape` (what `convert-shard-to-sched` leaves for
      `shard.scatter` and `shard.all_slice`) become index arithmetic on
      `schedrt_rank()`: the process's linear index in a grid is the world
      rank modulo the grid size, row-major, as for the process groups;
    * once the groups are resolved and those ops lowered, every `shard.grid`
      is erased (mlir-translate does not know the shard dialect);
    * every `sched.*` discardable attribute (e.g. the module's
      `sched.target`) is dropped.

    Addresses are `memref.extract_aligned_pointer_as_index` plus the offset
    in bytes, so views work.

    With `device-memory`, buffers live in GPU memory that host code cannot
    touch: `memref.copy` becomes `linalg.copy`, a `linalg.matmul` of
    contiguous f32, f16 or bf16 matrices becomes `schedrt_gemm` (cuBLAS),
    other linalg ops with a parallel
    loop are left for `sched-lower-to-llvm` to turn into GPU kernels, and any
    other op that reads or writes a memref (a `memref.load`, a linalg op that
    reduces everything to a scalar) is an error naming it.

    Errors: a sched op still in tensor form, a `sched.compute` with a body
    (run `sched-inline-compute` first), an element type the runtime does not
    know, a buffer of dynamic shape (or, for a compute, with a non-contiguous
    layout), a process group whose ranks are not a supported layout, host
    access to device memory, a process index on a grid with a dynamic axis,
    and any other op of the shard dialect (a collective: run
    `convert-shard-to-sched` first; a `shard.shard` or `shard.sharding`
    annotation: partition the program with `shard-partition` first), or an
    op that still refers to a grid, and a bucket two of whose destinations
    are static unit-stride subviews of one buffer that share elements (other
    overlapping destinations are caught by the runtime at the launch).
  }];
  let options = [
    Option<"deviceMemory", "device-memory", "bool", /*default=*/"false",
           "buffers are device memory: reject host reads and writes (default: false)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def SchedEmitMain : Pass<"sched-emit-main", "ModuleOp"> {
  let summary = "generate the sched_main driver of an executable";
  let description = [{
    Adds `func.func @sched_main()`, which the runtime's `main` calls on
    every rank: it allocates the arguments of the entry function and fills
    them with deterministic, rank-dependent values (`schedrt_fill`), calls
    the entry `schedrt_num_iters()` times between `schedrt_step_begin` and
    `schedrt_step_end`, and hands each result to `schedrt_result`, which
    prints its checksum after the last step and frees it.

    Runs on the buffer form (after bufferization with function boundaries).
    The entry is `entry`, or the only public function with a body. Its
    arguments and results must be statically shaped memrefs with the
    identity layout; anything else is an error naming the argument.

    Stage functions: without `entry`, when the public functions carry
    `sched.ranks` (a pipeline-parallel module, `sched-gen --pp`), every one
    gets a driver and each rank runs the one whose `sched.ranks` contain it
    (`schedrt_rank()`), after `schedrt_check_stage_world(N)` checks that
    the world has the N ranks the stages cover. A rank in two stages, a
    rank below N in none and a public function without `sched.ranks`
    beside the stages are errors.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "the function to run (default: the only public one)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def SchedCopyInFlightInputs
    : Pass<"sched-copy-in-flight-inputs", "func::FuncOp"> {
  let summary = "give ops that would write an in-flight collective input a "
                "copy";
  let description = [{
    Prepares the tensor form for `one-shot-bufferize`, which knows only that
    a collective start reads its inputs at the start: the collective keeps
    reading them until its `sched.wait`. An op between the start and the
    wait that may write one of those inputs (or a view of it) in place, such
    as a `linalg` op whose destination (`outs`) is the input, an elementwise
    op that `convert-elementwise-to-linalg` gave the input as destination, or
    an opaque `sched.compute` with `outs`, would then overwrite it while the
    collective reads it, and `sched-verify-schedule` rejects the program.
    Scheduling puts independent compute between starts and waits, so
    without this pass valid schedules fail to compile.

    This pass gives each such use a copy, `bufferization.alloc_tensor()
    copy(%input)` (a fresh `bufferization.alloc_tensor()` if the op does not
    read it), which the op writes instead. The tensor semantics are
    unchanged; the cost is one buffer (and one copy) per such use. Uses after
    the wait are left alone.

    Before:

    ```mlir
    %f = sched.all_gather_start %w on @g gather_dim = 0 : ...
    %u = sched.compute "adam" ins(%g : tensor<4x8xf32>)
        outs(%w : tensor<4x8xf32>) -> (tensor<4x8xf32>)
    %r = sched.wait %f : ...
    ```

    After:

    ```mlir
    %f = sched.all_gather_start %w on @g gather_dim = 0 : ...
    %c = bufferization.alloc_tensor() copy(%w) : tensor<4x8xf32>
    %u = sched.compute "adam" ins(%g : tensor<4x8xf32>)
        outs(%c : tensor<4x8xf32>) -> (tensor<4x8xf32>)
    %r = sched.wait %f : ...
    ```

    Only ops in the block of the start and its wait (or nested in ops
    there) are considered; a start whose wait is elsewhere is left to
    `sched-verify-schedule`.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
  ];
}

def SchedBufferizeCarriedFutures
    : Pass<"sched-bufferize-carried-futures", "func::FuncOp"> {
  let summary = "bufferize the collectives whose future an scf.for or "
                "scf.if carries, before one-shot-bufferize";
  let description = [{
    One-shot bufferization does not know the `!sched.future` type: it leaves
    an `scf.for` iteration argument of future type as it is, so a wait on a
    loop-carried future would still see the tensor form while its start has
    become the buffer form. This pass, which the lowering runs right before
    `one-shot-bufferize`, gives every tensor-form start whose future is not
    waited on in its own block (docs/Rationale.md, "Futures across blocks")
    the buffer form itself: its inputs are read through
    `bufferization.to_buffer ... read_only`, its destinations are new
    `memref.alloc` buffers, the iteration arguments, results and `scf.if` /
    `scf.execute_region` results it flows into take the buffer-form future
    type, and each wait it reaches returns the buffers, seen by the tensor
    ops after it through `bufferization.to_tensor ... restrict writable`.
    Starts waited on in their block are left to one-shot bufferization.

    Before:

    ```mlir
    %f0 = sched.all_gather_start %w on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<8xf32>>) {
      %g = sched.wait %f : !sched.future<tensor<8xf32>>
      ...
    ```

    After:

    ```mlir
    %b = bufferization.to_buffer %w read_only : tensor<4xf32> to memref<4xf32>
    %d = memref.alloc() : memref<8xf32>
    %f0 = sched.all_gather_start %b into %d on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<memref<8xf32>>) {
      %m = sched.wait %f : !sched.future<memref<8xf32>>
      %g = bufferization.to_tensor %m restrict writable : memref<8xf32> to tensor<8xf32>
      ...
    ```

    The destination is allocated at each start; sched-insert-deallocs frees
    it after the last use of what the wait returns.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def SchedMaterializeLoopYields
    : Pass<"sched-materialize-loop-yields", "func::FuncOp"> {
  let summary = "copy loop-carried tensors that bufferize to a new buffer "
                "back into the iteration's buffer";
  let description = [{
    Prepares the tensor form for `one-shot-bufferize`, which requires the
    value an `scf.for` yields for an iteration argument to bufferize to the
    argument's own buffer ("Yield operand #0 is not equivalent to the
    corresponding iter bbArg"). A loop whose body all-reduces its iteration
    argument and yields the result of the `sched.wait` breaks that rule: the
    wait returns the collective's fresh destination buffer.

    This pass finds every yielded tensor that does not bufferize to the
    buffer of its iteration argument (following the in-place ops one-shot
    analysis knows: destination-style ops, `sched.compute` with `outs`,
    casts, nested loops and branches) and writes it back into that buffer
    right before the yield,
    `bufferization.materialize_in_destination %v in %arg`. The tensor
    semantics are unchanged; the cost is one copy per such value and
    iteration, and the destination the collective wrote is freed in the same
    iteration. Yields that already are in place are left alone.

    Before:

    ```mlir
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
      %f = sched.all_reduce_start %t on @g reduction = sum : ...
      %w = sched.wait %f : !sched.future<tensor<8xf32>>
      scf.yield %w : tensor<8xf32>
    }
    ```

    After:

    ```mlir
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
      %f = sched.all_reduce_start %t on @g reduction = sum : ...
      %w = sched.wait %f : !sched.future<tensor<8xf32>>
      %m = bufferization.materialize_in_destination %w in %t
          : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
      scf.yield %m : tensor<8xf32>
    }
    ```

    Only `scf.for` is handled (`scf.while` keeps upstream's error).
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
  ];
}

def SchedSanitizeKernelNames
    : Pass<"sched-sanitize-kernel-names", "ModuleOp"> {
  let summary = "give outlined GPU kernels names PTX accepts";
  let description = [{
    `gpu-kernel-outlining` names a kernel after the function it comes from,
    and MLIR function names may hold characters PTX symbols may not (a graph
    imported from PyTorch is named like `llama-1b-fsdp2`). This pass renames
    every `gpu.module` and `gpu.func` whose name has a character outside
    `[A-Za-z0-9_$]` (each such character becomes `_`, with a numeric suffix
    if the name is taken) and updates the `gpu.launch_func` ops that name
    them. `sched-lower-to-llvm` runs it after outlining with
    `device-memory`.
  }];
}

def SchedStripBinaryTimings : Pass<"sched-strip-binary-timings", "ModuleOp"> {
  let summary = "drop compile-time measurements from gpu.binary objects";
  let description = [{
    `gpu-module-to-binary` records how long each step of the kernel
    compilation took (`LLVMIRToISATimeInMs`, `ISAToBinaryTimeInMs`) in the
    properties of every `#gpu.object`. Those change from run to run, and
    every rank must compile the same program to the same output byte for
    byte, so this pass removes every property whose name ends in
    `TimeInMs`. `sched-lower-to-llvm` runs it after `gpu-module-to-binary`.
  }];
}

def SchedCheckShardOps : Pass<"sched-check-shard-ops", "ModuleOp"> {
  let summary = "reject the shard ops that the runtime lowering does not take";
  let description = [{
    The first pass of `sched-lower-to-llvm`: every op of the shard dialect
    other than `shard.grid`, `shard.grid_shape`, `shard.process_linear_index`
    and `shard.process_multi_index` (which `convert-sched-to-runtime` lowers)
    is an error at the op that says what to run first: a collective,
    `convert-shard-to-sched`; a `shard.shard` or `shard.sharding`
    annotation, `shard-partition`; anything else has no lowering.
    `convert-sched-to-runtime` makes the same check; running it first gives
    these errors instead of one-shot-bufferize's `op was not bufferized`.
  }];
}

def SchedCheckLLVMDialect : Pass<"sched-check-llvm-dialect", "ModuleOp"> {
  let summary = "check that only ops mlir-translate can translate are left";
  let description = [{
    The last pass of `sched-lower-to-llvm`. mlir-translate parses the lowered
    module with the translatable dialects only, so an op of another dialect
    that a lowering left would be a parse error at a line of the
    intermediate file that `sched-compile` deletes. This pass reports it in
    the user's file instead: every op must be of the `llvm` dialect, the
    builtin module, or of the `gpu` dialect (`gpu.binary`,
    `gpu.launch_func`, which mlir-translate translates); the ops inside a
    `gpu` op are not checked (they are the kernels' own dialects). Each
    offending op name is reported once, at its first op in program order.
  }];
}

#endif // SCHED_CONVERSION_PASSES_TD
