//===- Runtime.h - internals of the sched runtime ---------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The backend interface behind the C ABI of sched/Runtime/SchedRuntime.h,
// the per-rank state and the helpers every backend shares. One backend is
// linked into an executable: MPI (CPU, one process per rank), local (the
// reference: every rank a thread of one process, collectives by shared
// memory) or CUDA (NCCL and CUDA streams, one process per GPU).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_RUNTIME_RUNTIME_H
#define SCHED_LIB_RUNTIME_RUNTIME_H

#include "sched/Runtime/SchedRuntime.h"

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace schedrt {

/// Prints "sched runtime: <message>" and exits with status 1.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/// Returns the size in bytes of one element of `dtype` (fatal if unknown).
size_t elementSize(int32_t dtype);

/// Returns the name of `dtype`.
const char *dtypeName(int32_t dtype);

/// Converts between element values and double.
double loadElement(const void *data, int32_t dtype, int64_t index);
void storeElement(void *data, int32_t dtype, int64_t index, double value);

/// Returns the deterministic fill value of element `index` for `seed`.
double fillValue(uint64_t seed, int64_t index, int32_t dtype);

/// A process group as seen from one rank.
struct Group {
  int32_t id = 0;
  /// How messages name the group: "@name" once registered, else "#id".
  std::string label;
  int64_t size = 1;
  int64_t stride = 1;
  int color = 0;        ///< Which of the world's groups with this id.
  int key = 0;          ///< This rank's position in the group.
  void *comm = nullptr; ///< Backend communicator.
};

/// One member of a (possibly bucketed) collective.
struct Member {
  char *send = nullptr;
  char *recv = nullptr;
  int64_t count = 0; ///< Elements sent by this rank.
  int32_t dtype = 0;
  int64_t sendOuter = 1;
  int64_t recvOuter = 1;
  /// How the member's buffers alias the collective's destinations, set by
  /// analyzeAliasing at the launch.
  /// `send` is `recv` and the collective runs in place (all-reduce and
  /// broadcast, which MPI and NCCL run in place natively).
  bool inPlace = false;
  /// `send` overlaps a destination of the collective (and the member does
  /// not run in place): the backend reads a copy made at the launch.
  bool copyInput = false;
  /// `recv` overlaps an input of the collective: a backend that reads the
  /// inputs while it writes destinations (local) writes a staging buffer.
  bool stageOutput = false;
  /// Elements this rank receives.
  int64_t recvCount(int32_t kind, int64_t n) const;
};

/// A collective between schedrt_collective_begin and its wait.
struct Collective {
  int32_t kind = 0;
  int32_t reduction = 0;
  int64_t root = 0;
  Group *group = nullptr;
  std::vector<Member> members;
  /// The (source, target) pairs of a collective permute, in group positions.
  std::vector<std::pair<int64_t, int64_t>> pairs;
  /// For a collective permute: the position this rank sends to and the one
  /// it receives from, or -1 if it sends or receives nothing.
  int64_t permuteTarget() const;
  int64_t permuteSource() const;
  /// Backend state (requests, staging buffers, events).
  std::vector<void *> scratch;
  std::vector<void *> requests;
  /// Copies of inputs that overlap a destination (copyInput), freed at the
  /// wait.
  std::vector<void *> inputCopies;
  void *event = nullptr;
};

/// One buffer argument of an opaque compute.
struct ComputeArg {
  char *data;
  int64_t count;
  int32_t dtype;
};

/// An opaque compute op.
struct Compute {
  int64_t salt = 0;
  double flops = 0;
  double bytes = 0;
  std::vector<ComputeArg> inputs, outputs;
};

/// What a backend implements. Buffers are in the backend's memory (host
/// memory for MPI and local, device memory for CUDA).
class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// Sets up communication for this rank.
  virtual void initialize() = 0;
  virtual void finalize() = 0;
  virtual void *allocate(size_t bytes) = 0;
  virtual void deallocate(void *data) = 0;
  /// Copies between host memory and backend memory.
  virtual void copyToHost(void *dst, const void *src, size_t bytes) = 0;
  virtual void copyFromHost(void *dst, const void *src, size_t bytes) = 0;
  /// Creates the backend communicator of `group` (called once per group, in
  /// the same order on every rank).
  virtual void createCommunicator(Group &group) = 0;
  virtual void launch(Collective &collective) = 0;
  virtual void wait(Collective &collective) = 0;
  virtual void compute(Compute &compute) = 0;
  /// C += A x B (see schedrt_gemm); the default runs on host memory.
  virtual void gemm(const void *a, const void *b, void *c, int64_t m, int64_t n,
                    int64_t k, int32_t dtype);
  /// Fills `count` elements with fillValue(seed, i).
  virtual void fill(void *data, int64_t count, int32_t dtype, uint64_t seed);
  /// Called at the start of step `iter`, after synchronize().
  virtual void beginStep(int64_t iter) {}
  /// Waits until all work issued by this rank is done.
  virtual void synchronize() = 0;
  /// Extra lines for the final report (e.g. device memory).
  virtual std::string report() { return ""; }
};

/// The state of one rank.
struct Rank {
  int rank = 0;
  int worldSize = 1;
  Backend *backend = nullptr;
  std::map<int32_t, std::unique_ptr<Group>> groups;
  /// Names of the registered groups (schedrt_register_group), by id.
  std::map<int32_t, std::string> groupNames;
  /// Live allocations: address -> bytes.
  std::map<uintptr_t, size_t> allocations;
  size_t liveBytes = 0, peakBytes = 0;
  /// Entry arguments: [begin, end) address ranges.
  std::vector<std::pair<uintptr_t, uintptr_t>> arguments;
  std::vector<double> stepMs;
  double stepStart = 0;
  std::vector<std::string> lines;
};

/// The state of the calling rank (thread-local: the local backend runs every
/// rank as a thread).
Rank &current();
void setCurrent(Rank *rank);

/// Sets the aliasing flags of every member of `collective` (Member::inPlace,
/// copyInput, stageOutput). Destinations of two members that overlap are
/// fatal: the result would depend on the order of the writes. A start reads
/// all its inputs before it writes any destination, so an input may be any
/// destination of the same collective.
void analyzeAliasing(Collective &collective);

/// Options from the command line.
struct Options {
  int64_t iters = 1;
  int ranks = 0; ///< Local backend: number of ranks (0: WORLD_SIZE or 2).
  bool flatBuckets = false;
  /// Timing runs of the lower bound: drop collectives or compute.
  bool skipComm = false;
  bool skipCompute = false;
  /// CUDA runtime: where rank 0 writes the mean time of every compute kind
  /// and collective (all steps but the first), for a measured profile.
  std::string opTimesPath;
  /// CUDA runtime: where rank 0 writes a Chrome trace of the last step.
  std::string tracePath;
};
const Options &options();

/// Creates the backend linked into this executable.
std::unique_ptr<Backend> createBackend();

/// Runs `sched_main` on every rank of this process: one rank for MPI and
/// CUDA, options().ranks threads for the local backend.
int runRanks(int argc, char **argv);

/// Runs sched_main as `rank`, then prints its report.
void runRank(Rank &rank);

/// Host implementations shared by the CPU backends.
/// Copies `rows` blocks of `block` bytes: from `src + r * srcPitch` to
/// `dst + r * dstPitch`.
void copy2D(char *dst, size_t dstPitch, const char *src, size_t srcPitch,
            size_t block, size_t rows);
/// Reduces `count` elements of `src` into `acc` (acc = acc op src).
void reduceInto(void *acc, const void *src, int64_t count, int32_t dtype,
                int32_t reduction);
/// Divides `count` elements by `n` (the avg reduction).
void scaleBy(void *data, int64_t count, int32_t dtype, double factor);
/// The opaque compute on host memory.
void computeOnHost(const Compute &compute);

/// Packs a member's send buffer from [outer][n][block] to [n][outer][block]
/// (returns `send` itself when outer is 1) into `staging`.
const char *packSend(const Member &member, int64_t n, char *staging);
/// Unpacks a received [n][outer][block] staging buffer into the member's
/// [outer][n][block] destination.
void unpackRecv(const Member &member, int32_t kind, int64_t n,
                const char *staging);

} // namespace schedrt

#endif // SCHED_LIB_RUNTIME_RUNTIME_H
