/*===- SchedRuntime.h - C ABI of the sched runtime -------------*- C -*-===*\
|*                                                                          *|
|* Part of the sched project, under the Apache License v2.0 with LLVM      *|
|* Exceptions. See LICENSE for license information.                        *|
|*                                                                          *|
|*===----------------------------------------------------------------------===*|
|*                                                                          *|
|* The functions that `convert-sched-to-runtime` and `sched-emit-main` call.*|
|* Buffers are passed as raw addresses (int64) with an element count and a *|
|* SchedRtDType; on the GPU runtime they are device addresses. Every       *|
|* failure prints the failing call and exits with a non-zero status.       *|
|* See docs/Runtime.md.                                                     *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef SCHED_RUNTIME_SCHEDRUNTIME_H
#define SCHED_RUNTIME_SCHEDRUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Element types, as passed in the `dtype` arguments.
enum SchedRtDType {
  SCHEDRT_F32 = 1,
  SCHEDRT_F64 = 2,
  SCHEDRT_F16 = 3,
  SCHEDRT_BF16 = 4,
  SCHEDRT_I8 = 5,
  SCHEDRT_I16 = 6,
  SCHEDRT_I32 = 7,
  SCHEDRT_I64 = 8,
  SCHEDRT_F8E4M3FN = 9,
  SCHEDRT_F8E5M2 = 10,
};

/// Collective kinds, as passed to schedrt_collective_begin.
enum SchedRtKind {
  SCHEDRT_ALL_GATHER = 1,
  SCHEDRT_REDUCE_SCATTER = 2,
  SCHEDRT_ALL_REDUCE = 3,
  SCHEDRT_ALL_TO_ALL = 4,
  SCHEDRT_BROADCAST = 5,
  /// Point-to-point sends along (source, target) pairs, given by
  /// schedrt_collective_pair.
  SCHEDRT_COLLECTIVE_PERMUTE = 6,
};

/// Reductions, as passed to schedrt_collective_begin (0: none).
enum SchedRtReduction {
  SCHEDRT_SUM = 1,
  SCHEDRT_PROD = 2,
  SCHEDRT_MIN = 3,
  SCHEDRT_MAX = 4,
  SCHEDRT_AVG = 5,
};

/// Registers process group `group` (a dense id fixed at compile time) as the
/// NUL-terminated `name` (the address of the group's symbol name, without
/// the '@'), with its layout (see schedrt_collective_begin). Called at the
/// start of sched_main on every rank, once per group; checks that the group
/// tiles the world, so that every runtime message names groups by `@name`.
void schedrt_register_group(int32_t group, int64_t name, int64_t groupSize,
                            int64_t stride);

/// Starts describing a collective on the process group `group` (a dense id
/// fixed at compile time). The group holds `groupSize` ranks spaced `stride`
/// apart: rank R belongs with R % stride + (R / (stride * groupSize)) *
/// stride * groupSize + k * stride for k < groupSize. `root` is the in-group
/// root of a broadcast. Returns a handle.
int64_t schedrt_collective_begin(int32_t kind, int32_t group, int64_t groupSize,
                                 int64_t stride, int32_t reduction,
                                 int64_t root);

/// Adds one member of a bucket: `count` elements are sent from `send`, the
/// result lands in `recv`. `sendOuter` / `recvOuter` are the products of the
/// dims before the split (scatter, all-to-all split) / concatenation (gather,
/// all-to-all concat) dim: 1 when that dim is the leading one.
void schedrt_collective_add(int64_t handle, int64_t send, int64_t recv,
                            int64_t count, int32_t dtype, int64_t sendOuter,
                            int64_t recvOuter);

/// Adds the pair (`source`, `target`) of in-group positions to a collective
/// permute: `source` sends every member's input to `target`. Called once per
/// pair, in the same order on every rank, before the launch. A rank that is
/// the target of no pair receives zeros. Fatal if the collective is not a
/// permute, a position is outside the group, or a rank is the source or the
/// target of two pairs.
void schedrt_collective_pair(int64_t handle, int64_t source, int64_t target);

/// Issues the collective (asynchronously where the backend can).
void schedrt_collective_launch(int64_t handle);

/// Completes the collective: afterwards the compute stream may read the
/// destinations and the handle is released.
void schedrt_collective_wait(int64_t handle);

/// Starts describing an opaque compute op of `flops` floating point
/// operations and `bytes` of memory traffic; `salt` distinguishes kinds.
int64_t schedrt_compute_begin(int64_t salt, double flops, double bytes);

/// Adds a buffer the compute reads (`isOutput` = 0) or writes (1).
void schedrt_compute_arg(int64_t handle, int64_t data, int64_t count,
                         int32_t dtype, int32_t isOutput);

/// Runs the compute: every output element becomes a deterministic function
/// of the inputs (and, on the GPU, a GEMM of `flops` runs beside it).
void schedrt_compute_run(int64_t handle);

/// C[m][n] += A[m][k] x B[k][n] for row-major matrices of `dtype` (f32, f16
/// or bf16), accumulated in f32: the linalg.matmul of a compute body on the
/// GPU runtime (cuBLAS); host loops elsewhere.
void schedrt_gemm(int64_t a, int64_t b, int64_t c, int64_t m, int64_t n,
                  int64_t k, int32_t dtype);

/// Fills entry argument `index` with deterministic values that depend on the
/// rank, the argument index and the element index.
void schedrt_fill(int64_t data, int64_t count, int32_t dtype, int32_t index);

/// The calling rank's index among all ranks (the world): what
/// `shard.process_multi_index` and `shard.process_linear_index` lower to.
int64_t schedrt_rank(void);

/// Exits unless the world has exactly `ranks` ranks: the stage driver of
/// `sched-emit-main` calls it first, with the number of ranks its stage
/// functions' `sched.ranks` cover (0 to ranks - 1), so that a rank with no
/// stage function, or a stage rank that is missing, is an error before the
/// first collective instead of a hang.
void schedrt_check_stage_world(int64_t ranks);

/// Number of steps to run (--iters, default 1).
int64_t schedrt_num_iters(void);

/// Marks the beginning and the end of step `iter`.
void schedrt_step_begin(int64_t iter);
void schedrt_step_end(int64_t iter);

/// Hands result `index` of step `iter` back: on the last step its checksum
/// is printed; its buffer is freed unless it is an entry argument.
void schedrt_result(int64_t iter, int64_t data, int64_t count, int32_t dtype,
                    int32_t index);

/// The allocation functions of `finalize-memref-to-llvm` with
/// `use-generic-functions`: every buffer of the program comes from the
/// runtime (device memory on the GPU runtime), which tracks the peak.
void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

/// The program's entry point, generated by `sched-emit-main`; the runtime's
/// `main` calls it on every rank.
void sched_main(void);

#ifdef __cplusplus
}
#endif

#endif /* SCHED_RUNTIME_SCHEDRUNTIME_H */
