//===- CUDABackend.cpp - the GPU runtime over NCCL and CUDA streams -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// One process per GPU. Bootstrap (Bootstrap.h): the rank, world size and
// local rank (the GPU) come from utils/sched-launch.sh's RANK, WORLD_SIZE
// and LOCAL_RANK, or from mpirun's or srun's variables; rank 0's NCCL unique
// id reaches the others through SCHED_NCCL_ID_FILE (sched-launch.sh) or an
// MPI broadcast (mpirun, srun). One communicator per process group
// (ncclCommSplit of the world), each with its own comm stream.
//
// Start: an event on the compute stream, the comm stream waits on it, the
// NCCL call(s) (a bucket: ncclGroupStart/End, or one call on a flat buffer
// with --buckets flat), an event on the comm stream. Wait: the compute
// stream waits on that event; the host never blocks. Opaque compute: cuBLAS
// GEMMs of the op's flops plus the deterministic mix kernel, on the compute
// stream. Buffers come from the stream-ordered allocator of the compute
// stream.
//
// Every CUDA, NCCL and cuBLAS error names the call and exits non-zero; a
// host wait longer than SCHED_TIMEOUT seconds (default 300) aborts the
// communicators and exits, so a dead peer cannot hang a rank forever.
//
//===----------------------------------------------------------------------===//

#include "Bootstrap.h"
#include "CUDAKernels.h"
#include "Runtime.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <mutex>
#include <nccl.h>
#include <thread>
#include <tuple>
#include <unistd.h>

using namespace schedrt;

namespace {

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess)                                                   \
      fatal("%s failed: %s", #call, cudaGetErrorString(err_));                 \
  } while (0)

#define CHECK_NCCL(call)                                                       \
  do {                                                                         \
    ncclResult_t res_ = (call);                                                \
    if (res_ != ncclSuccess && res_ != ncclInProgress)                         \
      fatal("%s failed: %s", #call, ncclGetErrorString(res_));                 \
  } while (0)

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS)                                          \
      fatal("%s failed: cuBLAS status %d", #call, static_cast<int>(st_));      \
  } while (0)

int envInt(const char *name, int fallback) {
  const char *value = std::getenv(name);
  return value ? std::atoi(value) : fallback;
}

/// Who this process is (read by runRanks, before the backend starts).
LaunchInfo launchInfo;

static_assert(sizeof(ncclUniqueId) == kBootstrapIdBytes,
              "the bootstrap hands out NCCL unique ids");

ncclDataType_t ncclType(int32_t dtype) {
  switch (dtype) {
  case SCHEDRT_F32:
    return ncclFloat32;
  case SCHEDRT_F64:
    return ncclFloat64;
  case SCHEDRT_F16:
    return ncclFloat16;
  case SCHEDRT_BF16:
    return ncclBfloat16;
  case SCHEDRT_I8:
    return ncclInt8;
  case SCHEDRT_I32:
    return ncclInt32;
  case SCHEDRT_I64:
    return ncclInt64;
  case SCHEDRT_F8E4M3FN:
    return ncclFloat8e4m3;
  case SCHEDRT_F8E5M2:
    return ncclFloat8e5m2;
  default:
    fatal("NCCL cannot move element type %s", dtypeName(dtype));
  }
}

/// Returns true if `dtype` is an integer type.
bool isInteger(int32_t dtype) {
  return dtype == SCHEDRT_I8 || dtype == SCHEDRT_I16 || dtype == SCHEDRT_I32 ||
         dtype == SCHEDRT_I64;
}

/// NCCL's op for `reduction`. The average of integers is a sum here, scaled
/// afterwards (see scaleIntegerAverages), because ncclAvg truncates where
/// the CPU runtimes round to nearest.
ncclRedOp_t ncclOp(int32_t reduction, int32_t dtype) {
  if (reduction == SCHEDRT_AVG && isInteger(dtype))
    return ncclSum;
  switch (reduction) {
  case SCHEDRT_SUM:
    return ncclSum;
  case SCHEDRT_PROD:
    return ncclProd;
  case SCHEDRT_MIN:
    return ncclMin;
  case SCHEDRT_MAX:
    return ncclMax;
  case SCHEDRT_AVG:
    return ncclAvg;
  default:
    return ncclSum;
  }
}

/// The communicator and stream of one process group.
struct DeviceGroup {
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
};

class CUDABackend final : public Backend {
public:
  const char *name() const override { return "cuda"; }

  void initialize() override;
  void finalize() override;

  void *allocate(size_t bytes) override {
    void *data = nullptr;
    CHECK_CUDA(cudaMallocAsync(&data, bytes, computeStream));
    return data;
  }
  void deallocate(void *data) override {
    CHECK_CUDA(cudaFreeAsync(data, computeStream));
  }
  void copyToHost(void *dst, const void *src, size_t bytes) override {
    synchronize();
    CHECK_CUDA(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
  }
  void copyFromHost(void *dst, const void *src, size_t bytes) override {
    CHECK_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice,
                               computeStream));
    synchronize();
  }
  void fill(void *data, int64_t count, int32_t dtype, uint64_t seed) override {
    if (dtype == SCHEDRT_F8E4M3FN || dtype == SCHEDRT_F8E5M2)
      return Backend::fill(data, count, dtype, seed); // Host rounding.
    launchFill(data, count, dtype, seed, computeStream);
    CHECK_CUDA(cudaGetLastError());
  }

  void createCommunicator(Group &group) override {
    auto *device = new DeviceGroup();
    CHECK_NCCL(
        ncclCommSplit(world, group.color, group.key, &device->comm, nullptr));
    CHECK_CUDA(
        cudaStreamCreateWithFlags(&device->stream, cudaStreamNonBlocking));
    group.comm = device;
    groups.push_back(device);
  }

  void launch(Collective &c) override;
  void wait(Collective &c) override;
  /// The stream compute runs on, also for kernels of compute bodies.
  cudaStream_t getComputeStream() const { return computeStream; }
  void compute(Compute &c) override;
  void gemm(const void *a, const void *b, void *c, int64_t m, int64_t n,
            int64_t k, int32_t dtype) override;
  void synchronize() override;
  void beginStep(int64_t iter) override;
  std::string report() override;

private:
  cudaEvent_t takeEvent() {
    if (!freeEvents.empty()) {
      cudaEvent_t event = freeEvents.back();
      freeEvents.pop_back();
      return event;
    }
    cudaEvent_t event;
    CHECK_CUDA(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    return event;
  }
  void *scratch(size_t bytes, cudaStream_t stream) {
    void *data = nullptr;
    CHECK_CUDA(cudaMallocAsync(&data, bytes ? bytes : 1, stream));
    return data;
  }
  /// An unpack to run on the comm stream after ncclGroupEnd: NCCL enqueues
  /// the calls of a group only at its end, so copies issued inside the group
  /// would run before them.
  struct Unpack {
    char *dst;
    const char *src;
    size_t block;
    int64_t rows, n;
  };
  void issueMember(const Collective &c, const Member &m, DeviceGroup &g,
                   std::vector<void *> &staging, std::vector<Unpack> &unpacks);
  bool launchFlat(Collective &c, DeviceGroup &g);
  void gemm(double flops);

  ncclComm_t world = nullptr;
  cudaStream_t computeStream = nullptr;
  cublasHandle_t blas = nullptr;
  std::vector<DeviceGroup *> groups;
  std::vector<cudaEvent_t> freeEvents;
  void *gemmBuffers[3] = {nullptr, nullptr, nullptr};
  DeviceArg *deviceArgs = nullptr;
  int deviceArgCapacity = 0;
  double gemmFlops = 0;
  int device = 0;

  /// --op-times: an event pair around each op, resolved when the device is
  /// idle, and the sums per compute salt and per collective shape.
  struct Timed {
    cudaEvent_t begin, end;
    bool compute;
    int64_t salt;
    int32_t kind;
    int64_t groupSize;
    int64_t bytes;
    int32_t stream; ///< 0: compute, 1 + group id: that group's comm stream.
  };
  std::vector<Timed> timed;
  std::map<int64_t, std::pair<int64_t, double>> computeTimes;
  std::map<std::tuple<int32_t, int64_t, int64_t>, std::pair<int64_t, double>>
      collectiveTimes;
  bool profiling() const {
    return !options().opTimesPath.empty() || !options().tracePath.empty();
  }
  /// --trace: the event that starts the traced (last) step, and the trace.
  cudaEvent_t traceStart = nullptr;
  std::vector<std::string> traceEvents;
  void writeTrace();
  cudaEvent_t timingEvent(cudaStream_t stream) {
    cudaEvent_t event;
    CHECK_CUDA(cudaEventCreate(&event));
    CHECK_CUDA(cudaEventRecord(event, stream));
    return event;
  }
  void resolveTimes();
  void writeTimes();
};

void CUDABackend::resolveTimes() {
  // Step 0 warms up (communicators, allocator, module loads): not counted.
  bool count = !current().stepMs.empty();
  for (const Timed &t : timed) {
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, t.begin, t.end));
    if (traceStart) {
      static const char *kinds[] = {
          "",           "all_gather", "reduce_scatter",    "all_reduce",
          "all_to_all", "broadcast",  "collective_permute"};
      float startMs = 0;
      CHECK_CUDA(cudaEventElapsedTime(&startMs, traceStart, t.begin));
      std::string name = t.compute ? "salt:" + std::to_string(t.salt)
                                   : std::string(kinds[t.kind]);
      char event[256];
      std::snprintf(event, sizeof(event),
                    "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":0,"
                    "\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f}",
                    name.c_str(), t.compute ? "compute" : "comm", t.stream,
                    startMs * 1000.0, ms * 1000.0);
      std::string text = event;
      traceEvents.push_back(text);
    }
    if (count) {
      auto &slot = t.compute ? computeTimes[t.salt]
                             : collectiveTimes[{t.kind, t.groupSize, t.bytes}];
      slot.first += 1;
      slot.second += ms * 1000.0;
    }
    cudaEventDestroy(t.begin);
    cudaEventDestroy(t.end);
  }
  timed.clear();
  if (traceStart) {
    cudaEventDestroy(traceStart);
    traceStart = nullptr;
  }
}

void CUDABackend::beginStep(int64_t iter) {
  if (!options().tracePath.empty() && iter + 1 == options().iters)
    traceStart = timingEvent(computeStream);
}

void CUDABackend::writeTrace() {
  if (current().rank != 0)
    return;
  FILE *file = std::fopen(options().tracePath.c_str(), "w");
  if (!file)
    fatal("cannot write %s", options().tracePath.c_str());
  std::fprintf(file, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
  for (size_t i = 0; i < traceEvents.size(); ++i)
    std::fprintf(file, "%s%s", i ? ",\n" : "\n", traceEvents[i].c_str());
  std::fprintf(file, "\n]}\n");
  std::fclose(file);
}

void CUDABackend::writeTimes() {
  if (current().rank != 0)
    return;
  FILE *file = std::fopen(options().opTimesPath.c_str(), "w");
  if (!file)
    fatal("cannot write %s", options().opTimesPath.c_str());
  for (auto &[salt, sum] : computeTimes)
    std::fprintf(file, "compute %lld %lld %.3f\n", static_cast<long long>(salt),
                 static_cast<long long>(sum.first), sum.second / sum.first);
  for (auto &[key, sum] : collectiveTimes)
    std::fprintf(file, "collective %d %lld %lld %lld %.3f\n", std::get<0>(key),
                 static_cast<long long>(std::get<1>(key)),
                 static_cast<long long>(std::get<2>(key)),
                 static_cast<long long>(sum.first), sum.second / sum.first);
  std::fclose(file);
}

void CUDABackend::initialize() {
  Rank &rank = current();
  device = launchInfo.localRank;
  int count = 0;
  CHECK_CUDA(cudaGetDeviceCount(&count));
  if (device >= count)
    fatal("local rank %d (%s) is not a GPU of this machine (%d found)", device,
          launchInfo.localVar.empty() ? "the rank"
                                      : launchInfo.localVar.c_str(),
          count);
  CHECK_CUDA(cudaSetDevice(device));
  CHECK_CUDA(cudaStreamCreateWithFlags(&computeStream, cudaStreamNonBlocking));
  // Keep freed blocks in the pool: steps reallocate the same sizes.
  cudaMemPool_t pool;
  CHECK_CUDA(cudaDeviceGetDefaultMemPool(&pool, device));
  uint64_t threshold = UINT64_MAX;
  CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold,
                                     &threshold));
  CHECK_CUBLAS(cublasCreate(&blas));
  CHECK_CUBLAS(cublasSetStream(blas, computeStream));

  auto makeId = [](unsigned char *out, std::string &error) {
    ncclUniqueId fresh;
    ncclResult_t result = ncclGetUniqueId(&fresh);
    if (result != ncclSuccess) {
      error =
          std::string("ncclGetUniqueId failed: ") + ncclGetErrorString(result);
      return false;
    }
    std::memcpy(out, &fresh, sizeof(fresh));
    return true;
  };
  unsigned char bytes[kBootstrapIdBytes];
  IdExchange exchange;
  std::string error;
  if (!exchangeId(processEnvironment(), launchInfo, bytes, makeId, exchange,
                  error))
    fatal("%s", error.c_str());
  ncclUniqueId id;
  std::memcpy(&id, bytes, sizeof(id));
  CHECK_NCCL(ncclCommInitRank(&world, rank.worldSize, id, rank.rank));
}

void CUDABackend::finalize() {
  synchronize();
  if (!options().opTimesPath.empty())
    writeTimes();
  if (!options().tracePath.empty())
    writeTrace();
  for (DeviceGroup *g : groups) {
    ncclCommDestroy(g->comm);
    cudaStreamDestroy(g->stream);
    delete g;
  }
  ncclCommDestroy(world);
  for (void *buffer : gemmBuffers)
    if (buffer)
      cudaFree(buffer);
  if (deviceArgs)
    cudaFree(deviceArgs);
  cublasDestroy(blas);
}

void CUDABackend::issueMember(const Collective &c, const Member &member,
                              DeviceGroup &g, std::vector<void *> &staging,
                              std::vector<Unpack> &unpacks) {
  int64_t n = c.group->size;
  size_t es = elementSize(member.dtype);
  ncclDataType_t type = ncclType(member.dtype);
  // An input that overlaps a destination is read from a copy, made on the
  // comm stream before the group's NCCL calls run (they start at
  // ncclGroupEnd). An all-reduce or broadcast into its own input runs in
  // place, which NCCL allows (sendbuff == recvbuff).
  Member m = member;
  if (m.copyInput) {
    char *copy = static_cast<char *>(scratch(m.count * es, g.stream));
    staging.push_back(copy);
    CHECK_CUDA(cudaMemcpyAsync(copy, m.send, m.count * es,
                               cudaMemcpyDeviceToDevice, g.stream));
    m.send = copy;
  }
  // Packing [outer][n][block] -> [n][outer][block] on the comm stream.
  auto pack = [&]() -> const void * {
    if (m.sendOuter == 1)
      return m.send;
    char *buffer = static_cast<char *>(scratch(m.count * es, g.stream));
    staging.push_back(buffer);
    size_t block = m.count / (m.sendOuter * n) * es;
    for (int64_t r = 0; r < n; ++r)
      CHECK_CUDA(cudaMemcpy2DAsync(
          buffer + r * m.sendOuter * block, block, m.send + r * block,
          n * block, block, m.sendOuter, cudaMemcpyDeviceToDevice, g.stream));
    return buffer;
  };
  switch (c.kind) {
  case SCHEDRT_ALL_GATHER:
  case SCHEDRT_ALL_TO_ALL: {
    const void *src = c.kind == SCHEDRT_ALL_TO_ALL ? pack() : m.send;
    int64_t total = m.recvCount(c.kind, n);
    char *dst = m.recv;
    if (m.recvOuter != 1) {
      dst = static_cast<char *>(scratch(total * es, g.stream));
      staging.push_back(dst);
    }
    if (c.kind == SCHEDRT_ALL_GATHER) {
      CHECK_NCCL(ncclAllGather(src, dst, m.count, type, g.comm, g.stream));
    } else {
      CHECK_NCCL(ncclAlltoAll(src, dst, m.count / n, type, g.comm, g.stream));
    }
    if (m.recvOuter != 1) // [n][outer][block] -> [outer][n][block].
      unpacks.push_back(
          {m.recv, dst, total / (m.recvOuter * n) * es, m.recvOuter, n});
    break;
  }
  case SCHEDRT_REDUCE_SCATTER:
    CHECK_NCCL(ncclReduceScatter(pack(), m.recv, m.count / n, type,
                                 ncclOp(c.reduction, m.dtype), g.comm,
                                 g.stream));
    break;
  case SCHEDRT_ALL_REDUCE:
    CHECK_NCCL(ncclAllReduce(m.send, m.recv, m.count, type,
                             ncclOp(c.reduction, m.dtype), g.comm, g.stream));
    break;
  case SCHEDRT_BROADCAST:
    CHECK_NCCL(ncclBroadcast(m.send, m.recv, m.count, type,
                             static_cast<int>(c.root), g.comm, g.stream));
    break;
  case SCHEDRT_COLLECTIVE_PERMUTE:
    // A pair of a rank with itself goes through NCCL too (a send to self).
    // A rank without a source is zero-filled after ncclGroupEnd (see
    // launch), so that the fill cannot run before a copy of an input it
    // overlaps.
    if (int64_t source = c.permuteSource(); source >= 0)
      CHECK_NCCL(ncclRecv(m.recv, m.count, type, static_cast<int>(source),
                          g.comm, g.stream));
    if (int64_t target = c.permuteTarget(); target >= 0)
      CHECK_NCCL(ncclSend(m.send, m.count, type, static_cast<int>(target),
                          g.comm, g.stream));
    break;
  }
}

/// One NCCL call on a flat buffer for a bucket whose members share an
/// element type and need no packing. Returns false when it does not apply.
bool CUDABackend::launchFlat(Collective &c, DeviceGroup &g) {
  if (c.members.size() < 2 || c.kind == SCHEDRT_COLLECTIVE_PERMUTE)
    return false;
  for (const Member &m : c.members)
    if (m.dtype != c.members[0].dtype || m.sendOuter != 1 || m.recvOuter != 1)
      return false;
  int64_t n = c.group->size;
  int32_t dtype = c.members[0].dtype;
  size_t es = elementSize(dtype);
  ncclDataType_t type = ncclType(dtype);
  int64_t sendTotal = 0;
  for (const Member &m : c.members)
    sendTotal += m.count;
  int64_t recvTotal = 0;
  for (const Member &m : c.members)
    recvTotal += m.recvCount(c.kind, n);
  char *send = static_cast<char *>(scratch(sendTotal * es, g.stream));
  char *recv = static_cast<char *>(scratch(recvTotal * es, g.stream));
  // Send layout: all-gather, all-reduce and broadcast concatenate; reduce-
  // scatter and all-to-all interleave the members' n parts.
  bool parted =
      c.kind == SCHEDRT_REDUCE_SCATTER || c.kind == SCHEDRT_ALL_TO_ALL;
  int64_t offset = 0;
  for (const Member &m : c.members) {
    if (parted) {
      size_t part = m.count / n * es;
      CHECK_CUDA(cudaMemcpy2DAsync(send + offset / n * es, sendTotal / n * es,
                                   m.send, part, part, n,
                                   cudaMemcpyDeviceToDevice, g.stream));
    } else {
      CHECK_CUDA(cudaMemcpyAsync(send + offset * es, m.send, m.count * es,
                                 cudaMemcpyDeviceToDevice, g.stream));
    }
    offset += m.count;
  }
  switch (c.kind) {
  case SCHEDRT_ALL_GATHER:
    CHECK_NCCL(ncclAllGather(send, recv, sendTotal, type, g.comm, g.stream));
    break;
  case SCHEDRT_ALL_TO_ALL:
    CHECK_NCCL(ncclAlltoAll(send, recv, sendTotal / n, type, g.comm, g.stream));
    break;
  case SCHEDRT_REDUCE_SCATTER:
    CHECK_NCCL(ncclReduceScatter(send, recv, sendTotal / n, type,
                                 ncclOp(c.reduction, dtype), g.comm, g.stream));
    break;
  case SCHEDRT_ALL_REDUCE:
    CHECK_NCCL(ncclAllReduce(send, recv, sendTotal, type,
                             ncclOp(c.reduction, dtype), g.comm, g.stream));
    break;
  case SCHEDRT_BROADCAST:
    CHECK_NCCL(ncclBroadcast(send, recv, sendTotal, type,
                             static_cast<int>(c.root), g.comm, g.stream));
    break;
  }
  // Receive layout: all-gather and all-to-all hold n parts of every member;
  // the others hold the members one after the other.
  bool gathered = c.kind == SCHEDRT_ALL_GATHER || c.kind == SCHEDRT_ALL_TO_ALL;
  offset = 0;
  for (const Member &m : c.members) {
    int64_t count = m.recvCount(c.kind, n);
    if (gathered) {
      size_t part = count / n * es;
      CHECK_CUDA(cudaMemcpy2DAsync(m.recv, part, recv + offset / n * es,
                                   recvTotal / n * es, part, n,
                                   cudaMemcpyDeviceToDevice, g.stream));
    } else {
      CHECK_CUDA(cudaMemcpyAsync(m.recv, recv + offset * es, count * es,
                                 cudaMemcpyDeviceToDevice, g.stream));
    }
    offset += count;
  }
  CHECK_CUDA(cudaFreeAsync(send, g.stream));
  CHECK_CUDA(cudaFreeAsync(recv, g.stream));
  return true;
}

void CUDABackend::launch(Collective &c) {
  auto &g = *static_cast<DeviceGroup *>(c.group->comm);
  cudaEvent_t ready = takeEvent();
  CHECK_CUDA(cudaEventRecord(ready, computeStream));
  CHECK_CUDA(cudaStreamWaitEvent(g.stream, ready, 0));
  freeEvents.push_back(ready);
  cudaEvent_t begin = profiling() ? timingEvent(g.stream) : nullptr;
  if (!(options().flatBuckets && launchFlat(c, g))) {
    std::vector<void *> staging;
    std::vector<Unpack> unpacks;
    CHECK_NCCL(ncclGroupStart());
    for (const Member &m : c.members)
      issueMember(c, m, g, staging, unpacks);
    CHECK_NCCL(ncclGroupEnd());
    if (c.kind == SCHEDRT_COLLECTIVE_PERMUTE && c.permuteSource() < 0)
      for (const Member &m : c.members)
        CHECK_CUDA(cudaMemsetAsync(m.recv, 0, m.count * elementSize(m.dtype),
                                   g.stream));
    for (const Unpack &u : unpacks)
      for (int64_t r = 0; r < u.n; ++r)
        CHECK_CUDA(cudaMemcpy2DAsync(
            u.dst + r * u.block, u.n * u.block, u.src + r * u.rows * u.block,
            u.block, u.block, u.rows, cudaMemcpyDeviceToDevice, g.stream));
    // Staging is freed in stream order, after the unpacks.
    for (void *buffer : staging)
      CHECK_CUDA(cudaFreeAsync(buffer, g.stream));
  }
  if (c.reduction == SCHEDRT_AVG)
    for (const Member &m : c.members)
      if (isInteger(m.dtype))
        launchScale(m.recv, m.recvCount(c.kind, c.group->size), m.dtype,
                    1.0 / c.group->size, g.stream);
  if (begin) {
    // The cost model's bytes: the full buffer of one rank (the gathered
    // output of an all-gather, the input otherwise), summed over a bucket.
    int64_t bytes = 0;
    for (const Member &m : c.members)
      bytes +=
          (c.kind == SCHEDRT_ALL_GATHER ? m.recvCount(c.kind, c.group->size)
                                        : m.count) *
          elementSize(m.dtype);
    timed.push_back({begin, timingEvent(g.stream), false, 0, c.kind,
                     c.group->size, bytes, 1 + c.group->id});
  }
  cudaEvent_t done = takeEvent();
  CHECK_CUDA(cudaEventRecord(done, g.stream));
  c.event = done;
}

void CUDABackend::wait(Collective &c) {
  auto done = static_cast<cudaEvent_t>(c.event);
  CHECK_CUDA(cudaStreamWaitEvent(computeStream, done, 0));
  freeEvents.push_back(done);
}

void CUDABackend::gemm(double flops) {
  // GEMMs of 4096 x 4096 x k in bf16 with fp32 accumulation, k chosen so
  // that their flops add up to the op's.
  constexpr int64_t side = 4096;
  if (!gemmBuffers[0])
    for (void *&buffer : gemmBuffers)
      CHECK_CUDA(cudaMalloc(&buffer, side * side * 2));
  const float alpha = 1.0f, beta = 0.0f;
  double left = flops;
  while (left >= 2.0 * side * side) {
    int64_t k = static_cast<int64_t>(
        std::min<double>(side, std::floor(left / (2.0 * side * side))));
    CHECK_CUBLAS(cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, side, side, k,
                              &alpha, gemmBuffers[0], CUDA_R_16BF, side,
                              gemmBuffers[1], CUDA_R_16BF, k, &beta,
                              gemmBuffers[2], CUDA_R_16BF, side,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    left -= 2.0 * side * side * k;
    gemmFlops += 2.0 * side * side * k;
  }
}

void CUDABackend::gemm(const void *a, const void *b, void *c, int64_t m,
                       int64_t n, int64_t k, int32_t dtype) {
  // Row-major C = A B is column-major C^T = B^T A^T.
  cudaDataType type = dtype == SCHEDRT_F32   ? CUDA_R_32F
                      : dtype == SCHEDRT_F16 ? CUDA_R_16F
                                             : CUDA_R_16BF;
  const float alpha = 1.0f, beta = 1.0f;
  CHECK_CUBLAS(cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, b,
                            type, n, a, type, k, &beta, c, type, n,
                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  gemmFlops += 2.0 * m * n * k;
}

void CUDABackend::compute(Compute &c) {
  cudaEvent_t begin = profiling() ? timingEvent(computeStream) : nullptr;
  if (c.flops > 0)
    gemm(c.flops);
  int numInputs = static_cast<int>(c.inputs.size());
  if (numInputs > deviceArgCapacity) {
    if (deviceArgs)
      CHECK_CUDA(cudaFree(deviceArgs));
    deviceArgCapacity = std::max(numInputs, 16);
    CHECK_CUDA(cudaMalloc(&deviceArgs, deviceArgCapacity * sizeof(DeviceArg)));
  }
  std::vector<DeviceArg> inputs;
  for (const ComputeArg &in : c.inputs)
    inputs.push_back({in.data, in.count, in.dtype});
  if (numInputs) {
    // The copy is stream-ordered before the kernels that read it; the host
    // vector is pageable, so cudaMemcpyAsync returns after staging it.
    CHECK_CUDA(cudaMemcpyAsync(deviceArgs, inputs.data(),
                               numInputs * sizeof(DeviceArg),
                               cudaMemcpyHostToDevice, computeStream));
  }
  double weight = numInputs ? 0.5 / numInputs : 0.0;
  for (size_t j = 0; j < c.outputs.size(); ++j) {
    const ComputeArg &out = c.outputs[j];
    if (out.dtype == SCHEDRT_F8E4M3FN || out.dtype == SCHEDRT_F8E5M2)
      fatal("the CUDA runtime does not compute fp8 outputs");
    double bias = static_cast<double>((c.salt + 7 * j) % 17) / 64.0;
    launchMix({out.data, out.count, out.dtype}, bias, weight, deviceArgs,
              numInputs, static_cast<int64_t>(j), computeStream);
  }
  CHECK_CUDA(cudaGetLastError());
  if (begin)
    timed.push_back(
        {begin, timingEvent(computeStream), true, c.salt, 0, 0, 0, 0});
}

void CUDABackend::synchronize() {
  // Poll, so that a peer that died cannot hang this rank forever.
  int timeout = envInt("SCHED_TIMEOUT", 300);
  auto start = std::chrono::steady_clock::now();
  while (true) {
    cudaError_t state = cudaStreamQuery(computeStream);
    if (state == cudaSuccess) {
      if (!timed.empty())
        resolveTimes();
      break;
    }
    if (state != cudaErrorNotReady)
      fatal("cudaStreamQuery failed: %s", cudaGetErrorString(state));
    for (DeviceGroup *g : groups) {
      ncclResult_t async;
      if (ncclCommGetAsyncError(g->comm, &async) == ncclSuccess &&
          async != ncclSuccess && async != ncclInProgress)
        fatal("NCCL failed asynchronously: %s", ncclGetErrorString(async));
    }
    if (std::chrono::steady_clock::now() - start >
        std::chrono::seconds(timeout)) {
      for (DeviceGroup *g : groups)
        ncclCommAbort(g->comm);
      fatal("the GPU made no progress for %d s (a peer is gone?); aborted",
            timeout);
    }
    std::this_thread::yield();
  }
}

std::string CUDABackend::report() {
  size_t freeBytes = 0, totalBytes = 0;
  cudaMemGetInfo(&freeBytes, &totalBytes);
  char line[200];
  std::snprintf(line, sizeof(line),
                "gpu %d: %.3f GiB used on the device at exit, %.3g GEMM flops",
                device, (totalBytes - freeBytes) / double(1 << 30), gemmFlops);
  return line;
}

} // namespace

std::unique_ptr<Backend> schedrt::createBackend() {
  return std::make_unique<CUDABackend>();
}

//===----------------------------------------------------------------------===//
// The mgpu* calls of upstream gpu-to-llvm, for the kernels that the lowering
// makes of compute bodies. Modules are registered by global constructors,
// before main, so they are loaded (and their PTX compiled by the driver) on
// first launch; kernels run on the compute stream, in order with everything
// else, so "synchronize" needs no host wait.
//===----------------------------------------------------------------------===//

namespace {
struct KernelModule {
  const void *data;
  cudaLibrary_t library = nullptr;
};
struct KernelFunction {
  KernelModule *module;
  const char *name;
  cudaKernel_t kernel = nullptr;
};
std::mutex kernelMutex;
std::map<std::pair<KernelModule *, std::string>,
         std::unique_ptr<KernelFunction>>
    kernelFunctions;

cudaStream_t computeStreamOfCurrentRank() {
  return static_cast<CUDABackend *>(current().backend)->getComputeStream();
}
} // namespace

extern "C" {
void *mgpuModuleLoadJIT(void *data, int) { return new KernelModule{data}; }

void *mgpuModuleLoad(void *data, size_t) { return new KernelModule{data}; }

void mgpuModuleUnload(void *module) {
  auto *m = static_cast<KernelModule *>(module);
  if (m->library)
    cudaLibraryUnload(m->library);
  delete m;
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  std::lock_guard<std::mutex> lock(kernelMutex);
  auto &function = kernelFunctions[{static_cast<KernelModule *>(module), name}];
  if (!function)
    function.reset(
        new KernelFunction{static_cast<KernelModule *>(module), name});
  return function.get();
}

void *mgpuStreamCreate() { return computeStreamOfCurrentRank(); }

void mgpuStreamDestroy(void *stream) {
  if (stream != computeStreamOfCurrentRank())
    fatal("mgpuStreamDestroy of a stream the runtime did not hand out");
}

void mgpuStreamSynchronize(void *stream) {
  // Host code never touches device memory (convert-sched-to-runtime checks
  // it), so stream order is enough.
  if (stream != computeStreamOfCurrentRank())
    fatal("mgpuStreamSynchronize of a stream the runtime did not hand out");
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **, size_t) {
  auto *f = static_cast<KernelFunction *>(function);
  if (!f->kernel) {
    if (!f->module->library)
      CHECK_CUDA(cudaLibraryLoadData(&f->module->library, f->module->data,
                                     nullptr, nullptr, 0, nullptr, nullptr, 0));
    CHECK_CUDA(cudaLibraryGetKernel(&f->kernel, f->module->library, f->name));
  }
  CHECK_CUDA(cudaLaunchKernel(reinterpret_cast<const void *>(f->kernel),
                              dim3(gridX, gridY, gridZ),
                              dim3(blockX, blockY, blockZ), params, smem,
                              static_cast<cudaStream_t>(stream)));
}
} // extern "C"

int schedrt::runRanks(int, char **) {
  std::string error;
  // A launch that cannot exchange the id fails before touching the GPU.
  IdExchange exchange;
  if (!discoverLaunch(processEnvironment(), launchInfo, error) ||
      !chooseIdExchange(processEnvironment(), launchInfo, exchange, error))
    fatal("%s", error.c_str());
  Rank rank;
  rank.rank = launchInfo.rank;
  rank.worldSize = launchInfo.worldSize;
  std::unique_ptr<Backend> backend = createBackend();
  rank.backend = backend.get();
  setCurrent(&rank);
  backend->initialize();
  setCurrent(nullptr);
  if (rank.rank == 0)
    std::printf("sched runtime: backend cuda, %d rank(s) (from %s, NCCL id "
                "exchange %s), %lld step(s)\n",
                rank.worldSize, describeSource(launchInfo).c_str(),
                exchangeName(exchange),
                static_cast<long long>(options().iters));
  runRank(rank);
  setCurrent(&rank);
  backend->finalize();
  setCurrent(nullptr);
  return 0;
}
