//===- Runtime.cpp - the C ABI of the sched runtime -----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace schedrt;

namespace {
thread_local Rank *currentRank = nullptr;
Options globalOptions;
std::mutex printMutex;

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch())
      .count();
}

/// Returns how messages name group `id` of the calling rank: "@name" once
/// registered, else "#id".
std::string groupLabel(int32_t id) {
  const auto &names = current().groupNames;
  auto it = names.find(id);
  return it != names.end() ? "@" + it->second : "#" + std::to_string(id);
}

/// Exits unless blocks of `size` ranks `stride` apart tile the world.
void checkTiling(int32_t id, int64_t size, int64_t stride) {
  int worldSize = current().worldSize;
  if (size >= 1 && stride >= 1 && size <= worldSize && stride <= worldSize &&
      worldSize % (size * stride) == 0)
    return;
  fatal("process group %s (size %lld, stride %lld) does not tile the %d "
        "ranks of the world",
        groupLabel(id).c_str(), static_cast<long long>(size),
        static_cast<long long>(stride), worldSize);
}

/// Returns the group `id` of the calling rank, creating its communicator on
/// first use (every rank reaches its collectives in the same order).
Group &getGroup(int32_t id, int64_t size, int64_t stride) {
  Rank &rank = current();
  auto it = rank.groups.find(id);
  if (it != rank.groups.end())
    return *it->second;
  checkTiling(id, size, stride);
  auto group = std::make_unique<Group>();
  group->id = id;
  group->label = groupLabel(id);
  group->size = size;
  group->stride = stride;
  int64_t blockSize = size * stride;
  group->color =
      static_cast<int>(rank.rank % stride + rank.rank / blockSize * stride);
  group->key = static_cast<int>(rank.rank % blockSize / stride);
  rank.backend->createCommunicator(*group);
  Group &result = *group;
  rank.groups[id] = std::move(group);
  return result;
}

bool isArgument(uintptr_t address) {
  for (auto [begin, end] : current().arguments)
    if (address >= begin && address < end)
      return true;
  return false;
}

/// Finds the allocation holding `address`.
std::map<uintptr_t, size_t>::iterator findAllocation(uintptr_t address) {
  auto &allocations = current().allocations;
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return allocations.end();
  --it;
  if (address >= it->first + std::max<size_t>(it->second, 1))
    return allocations.end();
  return it;
}
} // namespace

void schedrt::fatal(const char *format, ...) {
  std::fflush(stdout);
  std::fprintf(stderr, "sched runtime: ");
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  std::_Exit(1);
}

Rank &schedrt::current() {
  if (!currentRank)
    fatal("runtime called outside of a rank");
  return *currentRank;
}

void schedrt::setCurrent(Rank *rank) { currentRank = rank; }

const Options &schedrt::options() { return globalOptions; }

void Backend::fill(void *data, int64_t count, int32_t dtype, uint64_t seed) {
  size_t es = elementSize(dtype);
  std::vector<char> host(count * es);
  for (int64_t i = 0; i < count; ++i)
    storeElement(host.data(), dtype, i, fillValue(seed, i, dtype));
  copyFromHost(data, host.data(), host.size());
}

void Backend::gemm(const void *a, const void *b, void *c, int64_t m, int64_t n,
                   int64_t k, int32_t dtype) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float acc = static_cast<float>(loadElement(c, dtype, i * n + j));
      for (int64_t l = 0; l < k; ++l)
        acc += static_cast<float>(loadElement(a, dtype, i * k + l) *
                                  loadElement(b, dtype, l * n + j));
      storeElement(c, dtype, i * n + j, acc);
    }
}

void schedrt::runRank(Rank &rank) {
  setCurrent(&rank);
  sched_main();
  rank.backend->synchronize();
  std::lock_guard<std::mutex> lock(printMutex);
  for (const std::string &line : rank.lines)
    std::printf("%s\n", line.c_str());
  if (rank.rank == 0) {
    // The first step warms up (communicators, allocator) unless it is the
    // only one.
    size_t first = rank.stepMs.size() > 1 ? 1 : 0;
    double sum = 0, best = INFINITY;
    for (size_t i = first; i < rank.stepMs.size(); ++i) {
      sum += rank.stepMs[i];
      best = std::min(best, rank.stepMs[i]);
    }
    size_t n = rank.stepMs.size() - first;
    if (n)
      std::printf("step time: mean %.3f ms, min %.3f ms over %zu step(s)\n",
                  sum / n, best, n);
  }
  std::printf("rank %d peak memory: %zu bytes\n", rank.rank, rank.peakBytes);
  std::string extra = rank.backend->report();
  if (!extra.empty())
    std::printf("rank %d %s\n", rank.rank, extra.c_str());
  std::fflush(stdout);
  setCurrent(nullptr);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    auto value = [&](const char *flag) -> const char * {
      size_t len = std::strlen(flag);
      if (std::strncmp(argv[i], flag, len) != 0)
        return nullptr;
      if (argv[i][len] == '=')
        return argv[i] + len + 1;
      if (argv[i][len] == 0 && i + 1 < argc)
        return argv[++i];
      return nullptr;
    };
    if (const char *v = value("--iters")) {
      globalOptions.iters = std::atoll(v);
    } else if (const char *v = value("--ranks")) {
      globalOptions.ranks = std::atoi(v);
    } else if (const char *v = value("--buckets")) {
      if (std::strcmp(v, "flat") == 0)
        globalOptions.flatBuckets = true;
      else if (std::strcmp(v, "grouped") != 0)
        fatal("--buckets must be 'flat' or 'grouped', not '%s'", v);
    } else if (const char *v = value("--trace")) {
      globalOptions.tracePath = v;
    } else if (const char *v = value("--op-times")) {
      globalOptions.opTimesPath = v;
    } else if (std::strcmp(argv[i], "--skip-comm") == 0) {
      globalOptions.skipComm = true;
    } else if (std::strcmp(argv[i], "--skip-compute") == 0) {
      globalOptions.skipCompute = true;
    } else if (std::strcmp(argv[i], "--help") == 0) {
      std::printf("usage: %s [--iters N] [--ranks N (local backend)] "
                  "[--buckets flat|grouped] [--skip-comm] [--skip-compute] "
                  "[--op-times FILE] [--trace FILE]\n"
                  "  --skip-comm, --skip-compute: time the compute alone or "
                  "the communication alone (results are then meaningless)\n"
                  "  --op-times: CUDA runtime, per-kind op times for "
                  "bench/gpu/make-profile.py\n"
                  "  --trace: CUDA runtime, a Chrome trace of the last step "
                  "(rank 0)\n",
                  argv[0]);
      return 0;
    } else {
      fatal("unknown argument '%s' (see --help)", argv[i]);
    }
  }
  if (globalOptions.iters < 1)
    fatal("--iters must be at least 1");
  if (const char *mode = std::getenv("SCHED_BUCKETS"))
    globalOptions.flatBuckets = std::strcmp(mode, "flat") == 0;
  return runRanks(argc, argv);
}

//===----------------------------------------------------------------------===//
// Aliasing of collective buffers
//===----------------------------------------------------------------------===//

namespace {

/// The bytes a member writes on this rank.
struct Extent {
  uintptr_t begin, end;
  size_t member;
};

const char *collectiveName(int32_t kind) {
  static const char *names[] = {
      "",           "all-gather", "reduce-scatter",    "all-reduce",
      "all-to-all", "broadcast",  "collective-permute"};
  return kind >= SCHEDRT_ALL_GATHER && kind <= SCHEDRT_COLLECTIVE_PERMUTE
             ? names[kind]
             : "collective";
}

/// Returns the non-empty destinations of `c` sorted by address; fatal if two
/// overlap.
std::vector<Extent> sortedDestinations(const Collective &c) {
  std::vector<Extent> dests;
  for (size_t i = 0; i < c.members.size(); ++i) {
    const Member &m = c.members[i];
    size_t bytes = m.recvCount(c.kind, c.group->size) * elementSize(m.dtype);
    auto begin = reinterpret_cast<uintptr_t>(m.recv);
    if (bytes)
      dests.push_back({begin, begin + bytes, i});
  }
  std::sort(dests.begin(), dests.end(), [](const Extent &a, const Extent &b) {
    return a.begin != b.begin ? a.begin < b.begin : a.member < b.member;
  });
  // Sorted by begin: some destination overlaps an earlier one iff it begins
  // before the furthest end so far.
  size_t furthest = 0;
  for (size_t i = 1; i < dests.size(); ++i) {
    if (dests[i].begin < dests[furthest].end)
      fatal(
          "members %zu and %zu of a bucketed %s of group %d write overlapping "
          "destinations; every member of a bucket needs its own buffer",
          std::min(dests[i].member, dests[furthest].member),
          std::max(dests[i].member, dests[furthest].member),
          collectiveName(c.kind), c.group->id);
    if (dests[i].end > dests[furthest].end)
      furthest = i;
  }
  return dests;
}

/// Returns true if the collective `kind` runs with `send` equal to `recv` on
/// MPI (MPI_IN_PLACE) and NCCL (sendbuff == recvbuff).
bool runsInPlace(int32_t kind) {
  return kind == SCHEDRT_ALL_REDUCE || kind == SCHEDRT_BROADCAST;
}

} // namespace

void schedrt::analyzeAliasing(Collective &c) {
  std::vector<Extent> dests = sortedDestinations(c);
  for (Member &m : c.members)
    m.inPlace = m.copyInput = m.stageOutput = false;
  for (size_t j = 0; j < c.members.size(); ++j) {
    Member &m = c.members[j];
    auto begin = reinterpret_cast<uintptr_t>(m.send);
    uintptr_t end = begin + m.count * elementSize(m.dtype);
    if (begin == end)
      continue;
    // The destinations do not overlap, so their ends are sorted too: the
    // first that ends after `begin`, and those after it that begin before
    // `end`, overlap the input.
    auto it = std::upper_bound(
        dests.begin(), dests.end(), begin,
        [](uintptr_t address, const Extent &e) { return address < e.end; });
    for (; it != dests.end() && it->begin < end; ++it) {
      c.members[it->member].stageOutput = true;
      bool same = it->member == j && it->begin == begin && it->end == end;
      if (same && runsInPlace(c.kind))
        m.inPlace = true;
      else
        m.copyInput = true;
    }
    if (m.copyInput)
      m.inPlace = false;
  }
}

int64_t Collective::permuteTarget() const {
  for (auto [source, target] : pairs)
    if (source == group->key)
      return target;
  return -1;
}

int64_t Collective::permuteSource() const {
  for (auto [source, target] : pairs)
    if (target == group->key)
      return source;
  return -1;
}

//===----------------------------------------------------------------------===//
// C ABI
//===----------------------------------------------------------------------===//

extern "C" {

void schedrt_register_group(int32_t group, int64_t name, int64_t groupSize,
                            int64_t stride) {
  // Without a name the group keeps its number in messages.
  if (const char *text = reinterpret_cast<const char *>(name); text && *text)
    current().groupNames[group] = text;
  checkTiling(group, groupSize, stride);
  // The communicator is made now, in the order of registration, which is
  // the same on every rank: making it at the group's first collective would
  // be a different order on ranks that run different stage functions, and
  // MPI_Comm_split and ncclCommInitRank would then hang.
  getGroup(group, groupSize, stride);
}

int64_t schedrt_collective_begin(int32_t kind, int32_t group, int64_t groupSize,
                                 int64_t stride, int32_t reduction,
                                 int64_t root) {
  if (kind < SCHEDRT_ALL_GATHER || kind > SCHEDRT_COLLECTIVE_PERMUTE)
    fatal("unknown collective kind %d", kind);
  auto *collective = new Collective();
  collective->kind = kind;
  collective->reduction = reduction;
  collective->root = root;
  collective->group = &getGroup(group, groupSize, stride);
  return reinterpret_cast<int64_t>(collective);
}

void schedrt_collective_add(int64_t handle, int64_t send, int64_t recv,
                            int64_t count, int32_t dtype, int64_t sendOuter,
                            int64_t recvOuter) {
  auto *collective = reinterpret_cast<Collective *>(handle);
  elementSize(dtype); // Checks the code.
  Member member;
  member.send = reinterpret_cast<char *>(send);
  member.recv = reinterpret_cast<char *>(recv);
  member.count = count;
  member.dtype = dtype;
  member.sendOuter = sendOuter;
  member.recvOuter = recvOuter;
  collective->members.push_back(member);
}

void schedrt_collective_pair(int64_t handle, int64_t source, int64_t target) {
  auto *collective = reinterpret_cast<Collective *>(handle);
  if (collective->kind != SCHEDRT_COLLECTIVE_PERMUTE)
    fatal("schedrt_collective_pair on a %s; pairs belong to a "
          "collective-permute",
          collectiveName(collective->kind));
  int64_t size = collective->group->size;
  if (source < 0 || source >= size || target < 0 || target >= size)
    fatal("collective-permute pair [%lld, %lld] is outside process group %s "
          "of size %lld",
          static_cast<long long>(source), static_cast<long long>(target),
          collective->group->label.c_str(), static_cast<long long>(size));
  for (auto [s, t] : collective->pairs)
    if (s == source || t == target)
      fatal("collective-permute pairs [%lld, %lld] and [%lld, %lld] of "
            "process group %s share a %s",
            static_cast<long long>(s), static_cast<long long>(t),
            static_cast<long long>(source), static_cast<long long>(target),
            collective->group->label.c_str(),
            s == source ? "source" : "target");
  collective->pairs.emplace_back(source, target);
}

void schedrt_collective_launch(int64_t handle) {
  auto *collective = reinterpret_cast<Collective *>(handle);
  analyzeAliasing(*collective);
  if (!options().skipComm)
    current().backend->launch(*collective);
}

void schedrt_collective_wait(int64_t handle) {
  auto *collective = reinterpret_cast<Collective *>(handle);
  if (!options().skipComm)
    current().backend->wait(*collective);
  delete collective;
}

int64_t schedrt_compute_begin(int64_t salt, double flops, double bytes) {
  auto *compute = new Compute();
  compute->salt = salt;
  compute->flops = flops;
  compute->bytes = bytes;
  return reinterpret_cast<int64_t>(compute);
}

void schedrt_compute_arg(int64_t handle, int64_t data, int64_t count,
                         int32_t dtype, int32_t isOutput) {
  auto *compute = reinterpret_cast<Compute *>(handle);
  elementSize(dtype);
  ComputeArg arg{reinterpret_cast<char *>(data), count, dtype};
  (isOutput ? compute->outputs : compute->inputs).push_back(arg);
}

void schedrt_compute_run(int64_t handle) {
  auto *compute = reinterpret_cast<Compute *>(handle);
  if (!options().skipCompute)
    current().backend->compute(*compute);
  delete compute;
}

void schedrt_gemm(int64_t a, int64_t b, int64_t c, int64_t m, int64_t n,
                  int64_t k, int32_t dtype) {
  if (dtype != SCHEDRT_F32 && dtype != SCHEDRT_F16 && dtype != SCHEDRT_BF16)
    fatal("schedrt_gemm of %s matrices is not supported", dtypeName(dtype));
  if (options().skipCompute)
    return;
  current().backend->gemm(reinterpret_cast<const void *>(a),
                          reinterpret_cast<const void *>(b),
                          reinterpret_cast<void *>(c), m, n, k, dtype);
}

void schedrt_fill(int64_t data, int64_t count, int32_t dtype, int32_t index) {
  Rank &rank = current();
  auto begin = static_cast<uintptr_t>(data);
  std::pair<uintptr_t, uintptr_t> range{begin,
                                        begin + count * elementSize(dtype)};
  if (std::find(rank.arguments.begin(), rank.arguments.end(), range) ==
      rank.arguments.end())
    rank.arguments.push_back(range);
  uint64_t seed = (static_cast<uint64_t>(rank.rank) << 32) ^
                  (static_cast<uint64_t>(index) * 0x9e3779b97f4a7c15ull);
  rank.backend->fill(reinterpret_cast<void *>(data), count, dtype, seed);
}

int64_t schedrt_rank(void) { return current().rank; }

void schedrt_check_stage_world(int64_t ranks) {
  int worldSize = current().worldSize;
  if (ranks == worldSize)
    return;
  if (current().rank >= ranks)
    fatal("rank %d runs no stage function: the stage functions' sched.ranks "
          "cover ranks 0 to %lld, but the world has %d ranks",
          current().rank, static_cast<long long>(ranks - 1), worldSize);
  fatal("the stage functions' sched.ranks cover ranks 0 to %lld, but the "
        "world has %d ranks",
        static_cast<long long>(ranks - 1), worldSize);
}

int64_t schedrt_num_iters(void) { return options().iters; }

void schedrt_step_begin(int64_t iter) {
  Rank &rank = current();
  rank.backend->synchronize();
  rank.backend->beginStep(iter);
  rank.stepStart = nowMs();
}

void schedrt_step_end(int64_t) {
  Rank &rank = current();
  rank.backend->synchronize();
  rank.stepMs.push_back(nowMs() - rank.stepStart);
}

void schedrt_result(int64_t iter, int64_t data, int64_t count, int32_t dtype,
                    int32_t index) {
  Rank &rank = current();
  if (iter + 1 == options().iters) {
    size_t es = elementSize(dtype);
    std::vector<char> host(count * es);
    rank.backend->copyToHost(host.data(), reinterpret_cast<void *>(data),
                             host.size());
    double sum = 0, abs = 0;
    for (int64_t i = 0; i < count; ++i) {
      double v = loadElement(host.data(), dtype, i);
      sum += v;
      abs += std::fabs(v);
    }
    char line[256];
    std::snprintf(line, sizeof(line),
                  "rank %d result %d: %lld x %s sum=%.9e abs=%.9e", rank.rank,
                  index, static_cast<long long>(count), dtypeName(dtype), sum,
                  abs);
    rank.lines.push_back(line);
  }
  auto address = static_cast<uintptr_t>(data);
  if (isArgument(address))
    return;
  auto it = findAllocation(address);
  if (it == rank.allocations.end())
    return; // Already freed: two results alias one buffer.
  _mlir_memref_to_llvm_free(reinterpret_cast<void *>(it->first));
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  Rank &rank = current();
  void *data = rank.backend->allocate(std::max<size_t>(size, 1));
  rank.allocations[reinterpret_cast<uintptr_t>(data)] = size;
  rank.liveBytes += size;
  rank.peakBytes = std::max(rank.peakBytes, rank.liveBytes);
  return data;
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  // Backends return memory aligned to at least 256 bytes.
  if (alignment > 256)
    fatal("alignment of %zu bytes is not supported", alignment);
  return _mlir_memref_to_llvm_alloc(size);
}

void _mlir_memref_to_llvm_free(void *data) {
  Rank &rank = current();
  auto it = rank.allocations.find(reinterpret_cast<uintptr_t>(data));
  if (it == rank.allocations.end())
    fatal("free of %p, which the runtime did not allocate", data);
  rank.liveBytes -= it->second;
  rank.allocations.erase(it);
  rank.backend->deallocate(data);
}

} // extern "C"
