//===- LocalBackend.cpp - the reference runtime: ranks as threads ---------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Every rank is a thread of one process and a collective is computed at its
// start straight from the other ranks' buffers: no communication library is
// involved, so the results are a reference for the MPI and NCCL runtimes.
// Reductions combine the ranks in group order, in double precision. A
// destination that overlaps an input (in place) is staged and written after
// every peer has read the inputs.
//
// A collective permute is the exception: its start copies the inputs and
// returns, and its wait copies the source's copy (zeros without a source).
// Point-to-point transfers between pipeline stages are started on both
// sides before either side waits (a stage sends a forward and receives a
// gradient at once), so a start that blocked until its peer started would
// deadlock where the real runtimes do not.
//
//===----------------------------------------------------------------------===//

#include "HostCollectives.h"

#include <condition_variable>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

using namespace schedrt;

namespace {

/// A reusable barrier with a timeout, so that a rank that never arrives (a
/// program whose ranks disagree on the collective order) ends the run.
class Barrier {
public:
  explicit Barrier(int64_t count) : count(count) {}
  void arriveAndWait() {
    std::unique_lock<std::mutex> lock(mutex);
    uint64_t generation = this->generation;
    if (++arrived == count) {
      arrived = 0;
      ++this->generation;
      cv.notify_all();
      return;
    }
    if (!cv.wait_for(lock, std::chrono::seconds(300),
                     [&] { return this->generation != generation; }))
      fatal("a rank waited 300 s for the others at a collective: the ranks "
            "do not issue the same collectives");
  }

private:
  std::mutex mutex;
  std::condition_variable cv;
  int64_t count, arrived = 0;
  uint64_t generation = 0;
};

/// What a member of a collective permute posts at its start: the copies of
/// its inputs and what its peers check against theirs.
struct PermutePost {
  std::vector<std::pair<int64_t, int64_t>> pairs;
  std::vector<int64_t> counts;
  std::vector<std::vector<char>> inputs;
};

/// The posts of the members of one collective permute of a group (the n-th
/// permute of every member) and how many members have not completed it.
struct PermuteRound {
  std::vector<std::unique_ptr<PermutePost>> posted;
  int64_t pending = 0;
};

/// The meeting point of one group's members.
struct Rendezvous {
  explicit Rendezvous(int64_t n) : barrier(n), posted(n, nullptr) {}
  Barrier barrier;
  std::vector<Collective *> posted;
  /// Collective permutes in flight, by their number in the group.
  std::mutex permuteMutex;
  std::condition_variable permutePosted;
  std::map<uint64_t, PermuteRound> permutes;
};

std::mutex worldMutex;
std::map<std::pair<int32_t, int>, std::unique_ptr<Rendezvous>> rendezvous;

class LocalBackend final : public HostMemoryBackend {
public:
  const char *name() const override { return "local"; }
  void initialize() override {}
  void finalize() override {}

  void createCommunicator(Group &group) override {
    std::lock_guard<std::mutex> lock(worldMutex);
    auto &slot = rendezvous[{group.id, group.color}];
    if (!slot)
      slot = std::make_unique<Rendezvous>(group.size);
    group.comm = slot.get();
  }

  void launch(Collective &c) override {
    if (c.kind == SCHEDRT_COLLECTIVE_PERMUTE)
      return postPermute(c);
    auto *meeting = static_cast<Rendezvous *>(c.group->comm);
    int64_t n = c.group->size;
    int key = c.group->key;
    meeting->posted[key] = &c;
    meeting->barrier.arriveAndWait();
    // A destination that overlaps an input (an all-reduce into its input)
    // is written after every peer has read the inputs, from a staging
    // buffer.
    std::vector<std::vector<char>> staged(c.members.size());
    for (size_t i = 0; i < c.members.size(); ++i) {
      Member m = c.members[i];
      size_t es = elementSize(m.dtype);
      if (m.stageOutput) {
        staged[i].resize(m.recvCount(c.kind, n) * es);
        m.recv = staged[i].data();
      }
      auto peer = [&](int64_t r) -> const Member & {
        Collective *other = meeting->posted[r];
        if (other->members.size() != c.members.size() ||
            other->kind != c.kind || other->members[i].count != m.count ||
            other->pairs != c.pairs)
          fatal("ranks disagree on a collective of process group %s",
                c.group->label.c_str());
        return other->members[i];
      };
      switch (c.kind) {
      case SCHEDRT_ALL_GATHER: {
        size_t block = m.count / m.recvOuter * es;
        for (int64_t r = 0; r < n; ++r)
          copy2D(m.recv + r * block, n * block, peer(r).send, block, block,
                 m.recvOuter);
        break;
      }
      case SCHEDRT_REDUCE_SCATTER:
      case SCHEDRT_ALL_REDUCE: {
        // This rank's part of each peer's input: [outer][n][block] -> the
        // key-th block of every outer row (all of it for all-reduce).
        bool scatter = c.kind == SCHEDRT_REDUCE_SCATTER;
        int64_t outer = scatter ? m.sendOuter : 1;
        int64_t block = scatter ? m.count / (outer * n) : m.count;
        std::vector<double> acc(outer * block);
        for (int64_t r = 0; r < n; ++r) {
          const Member &p = peer(r);
          for (int64_t o = 0; o < outer; ++o)
            for (int64_t b = 0; b < block; ++b) {
              int64_t src = scatter ? (o * n + key) * block + b : b;
              double v = loadElement(p.send, m.dtype, src);
              double &a = acc[o * block + b];
              if (r == 0)
                a = v;
              else if (c.reduction == SCHEDRT_PROD)
                a *= v;
              else if (c.reduction == SCHEDRT_MIN)
                a = std::min(a, v);
              else if (c.reduction == SCHEDRT_MAX)
                a = std::max(a, v);
              else
                a += v;
            }
        }
        for (size_t j = 0; j < acc.size(); ++j)
          storeElement(m.recv, m.dtype, j,
                       c.reduction == SCHEDRT_AVG ? acc[j] / n : acc[j]);
        break;
      }
      case SCHEDRT_ALL_TO_ALL: {
        // Peer r's part for this rank, flattened, lands in slot r of every
        // outer row of the destination.
        int64_t part = m.count / n;
        std::vector<char> chunk(part * es);
        for (int64_t r = 0; r < n; ++r) {
          const Member &p = peer(r);
          size_t sendBlock = m.count / (m.sendOuter * n) * es;
          copy2D(chunk.data(), sendBlock, p.send + key * sendBlock,
                 n * sendBlock, sendBlock, m.sendOuter);
          size_t recvBlock = part / m.recvOuter * es;
          copy2D(m.recv + r * recvBlock, n * recvBlock, chunk.data(), recvBlock,
                 recvBlock, m.recvOuter);
        }
        break;
      }
      case SCHEDRT_BROADCAST:
        std::memcpy(m.recv, peer(c.root).send, m.count * es);
        break;
      case SCHEDRT_COLLECTIVE_PERMUTE:
        break; // postPermute and completePermute.
      }
    }
    // Nobody may touch its input before every peer has read it.
    meeting->barrier.arriveAndWait();
    for (size_t i = 0; i < c.members.size(); ++i)
      if (!staged[i].empty())
        std::memcpy(c.members[i].recv, staged[i].data(), staged[i].size());
  }

  void wait(Collective &c) override {
    if (c.kind == SCHEDRT_COLLECTIVE_PERMUTE)
      completePermute(c);
  }

private:
  /// Copies the inputs of permute `c` into its round of the group.
  void postPermute(Collective &c) {
    auto *meeting = static_cast<Rendezvous *>(c.group->comm);
    auto post = std::make_unique<PermutePost>();
    post->pairs = c.pairs;
    for (const Member &m : c.members) {
      post->counts.push_back(m.count);
      const char *data = m.send;
      post->inputs.emplace_back(data, data + m.count * elementSize(m.dtype));
    }
    uint64_t number = nextPermute[c.group->id]++;
    inFlight[&c] = number;
    std::lock_guard<std::mutex> lock(meeting->permuteMutex);
    PermuteRound &round = meeting->permutes[number];
    if (round.posted.empty()) {
      round.posted.resize(c.group->size);
      round.pending = c.group->size;
    }
    round.posted[c.group->key] = std::move(post);
    meeting->permutePosted.notify_all();
  }

  /// Waits until every member of the group has started permute `c`, then
  /// writes this rank's destinations from its source's inputs.
  void completePermute(Collective &c) {
    auto *meeting = static_cast<Rendezvous *>(c.group->comm);
    auto it = inFlight.find(&c);
    uint64_t number = it->second;
    inFlight.erase(it);
    std::unique_lock<std::mutex> lock(meeting->permuteMutex);
    PermuteRound &round = meeting->permutes[number];
    auto allPosted = [&] { return isFullyPosted(round); };
    if (!meeting->permutePosted.wait_for(lock, std::chrono::seconds(300),
                                         allPosted))
      fatal("a rank waited 300 s for the others at a collective permute of "
            "process group %s: the ranks do not issue the same collectives",
            c.group->label.c_str());
    const PermutePost &mine = *round.posted[c.group->key];
    // Every peer is checked, so that ranks that disagree on the pairs fail
    // even where they do not exchange data.
    for (const auto &peer : round.posted)
      if (peer->pairs != mine.pairs || peer->counts != mine.counts)
        fatal("ranks disagree on a collective of process group %s",
              c.group->label.c_str());
    int64_t source = c.permuteSource();
    for (size_t i = 0; i < c.members.size(); ++i) {
      Member &m = c.members[i];
      if (source < 0)
        std::memset(m.recv, 0, m.count * elementSize(m.dtype));
      else
        std::memcpy(m.recv, round.posted[source]->inputs[i].data(),
                    round.posted[source]->inputs[i].size());
    }
    if (--round.pending == 0)
      meeting->permutes.erase(number);
  }

  /// Returns true once every member has posted to `round`.
  static bool isFullyPosted(const PermuteRound &round) {
    for (const auto &post : round.posted)
      if (!post)
        return false;
    return true;
  }

  /// The number of the next permute of each group of this rank, by group id.
  std::map<int32_t, uint64_t> nextPermute;
  /// The number of each permute started and not yet waited on.
  std::map<Collective *, uint64_t> inFlight;
};

} // namespace

std::unique_ptr<Backend> schedrt::createBackend() {
  return std::make_unique<LocalBackend>();
}

int schedrt::runRanks(int, char **) {
  int world = options().ranks;
  if (world <= 0) {
    const char *env = std::getenv("WORLD_SIZE");
    world = env ? std::atoi(env) : 2;
  }
  if (world <= 0)
    fatal("the number of ranks must be positive");
  std::printf("sched runtime: backend local (reference), %d rank(s), %lld "
              "step(s)\n",
              world, static_cast<long long>(options().iters));
  std::vector<std::unique_ptr<Backend>> backends;
  std::vector<Rank> ranks(world);
  for (int r = 0; r < world; ++r) {
    backends.push_back(createBackend());
    ranks[r].rank = r;
    ranks[r].worldSize = world;
    ranks[r].backend = backends.back().get();
  }
  std::vector<std::thread> threads;
  for (int r = 0; r < world; ++r)
    threads.emplace_back([&ranks, r] { runRank(ranks[r]); });
  for (std::thread &t : threads)
    t.join();
  return 0;
}
