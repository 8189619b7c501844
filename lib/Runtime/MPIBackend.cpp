//===- MPIBackend.cpp - the CPU runtime over nonblocking MPI --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// One process per rank (mpirun). A start posts nonblocking MPI collectives
// (MPI_Iallgather, MPI_Ireduce_scatter_block, MPI_Iallreduce,
// MPI_Ialltoall, MPI_Ibcast; a collective permute MPI_Irecv and MPI_Isend),
// one per bucket member; the wait completes them
// with MPI_Waitall and unpacks non-leading dims. 16- and 8-bit floats are
// reduced by user-defined MPI ops that compute in float. An all-reduce into
// its input runs with MPI_IN_PLACE, a broadcast into its input as it is; any
// other input that overlaps a destination is copied at the start.
//
//===----------------------------------------------------------------------===//

#include "HostCollectives.h"

#include <cstring>
#include <mpi.h>

using namespace schedrt;

namespace {

void check(int code, const char *call) {
  if (code == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  std::fprintf(stderr, "sched runtime: %s failed: %s\n", call, text);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

#define CHECK_MPI(call) check((call), #call)

template <int32_t DType, int32_t Reduction>
void reduceSmallFloat(void *in, void *inout, int *length, MPI_Datatype *) {
  reduceInto(inout, in, *length, DType, Reduction);
}

template <int32_t DType> MPI_Op makeOp(int32_t reduction) {
  MPI_Op op;
  MPI_User_function *fn = nullptr;
  switch (reduction) {
  case SCHEDRT_SUM:
  case SCHEDRT_AVG:
    fn = reduceSmallFloat<DType, SCHEDRT_SUM>;
    break;
  case SCHEDRT_PROD:
    fn = reduceSmallFloat<DType, SCHEDRT_PROD>;
    break;
  case SCHEDRT_MIN:
    fn = reduceSmallFloat<DType, SCHEDRT_MIN>;
    break;
  case SCHEDRT_MAX:
    fn = reduceSmallFloat<DType, SCHEDRT_MAX>;
    break;
  default:
    fatal("unknown reduction code %d", reduction);
  }
  CHECK_MPI(MPI_Op_create(fn, /*commute=*/1, &op));
  return op;
}

class MPIBackend final : public HostMemoryBackend {
public:
  const char *name() const override { return "mpi"; }

  void initialize() override {}
  void finalize() override {
    for (auto &[key, op] : ops)
      MPI_Op_free(&op);
  }

  void createCommunicator(Group &group) override {
    auto *comm = new MPI_Comm;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, group.color, group.key, comm));
    group.comm = comm;
  }

  MPI_Datatype datatype(int32_t dtype) {
    switch (dtype) {
    case SCHEDRT_F32:
      return MPI_FLOAT;
    case SCHEDRT_F64:
      return MPI_DOUBLE;
    case SCHEDRT_I8:
      return MPI_INT8_T;
    case SCHEDRT_I16:
      return MPI_INT16_T;
    case SCHEDRT_I32:
      return MPI_INT32_T;
    case SCHEDRT_I64:
      return MPI_INT64_T;
    case SCHEDRT_F16:
    case SCHEDRT_BF16:
      return MPI_UINT16_T;
    default:
      return MPI_UINT8_T;
    }
  }

  MPI_Op op(int32_t dtype, int32_t reduction) {
    bool native = dtype == SCHEDRT_F32 || dtype == SCHEDRT_F64 ||
                  dtype == SCHEDRT_I8 || dtype == SCHEDRT_I16 ||
                  dtype == SCHEDRT_I32 || dtype == SCHEDRT_I64;
    if (native) {
      switch (reduction) {
      case SCHEDRT_SUM:
      case SCHEDRT_AVG:
        return MPI_SUM;
      case SCHEDRT_PROD:
        return MPI_PROD;
      case SCHEDRT_MIN:
        return MPI_MIN;
      case SCHEDRT_MAX:
        return MPI_MAX;
      default:
        fatal("unknown reduction code %d", reduction);
      }
    }
    int32_t key =
        dtype * 16 + (reduction == SCHEDRT_AVG ? SCHEDRT_SUM : reduction);
    auto it = ops.find(key);
    if (it != ops.end())
      return it->second;
    MPI_Op created;
    switch (dtype) {
    case SCHEDRT_F16:
      created = makeOp<SCHEDRT_F16>(reduction);
      break;
    case SCHEDRT_BF16:
      created = makeOp<SCHEDRT_BF16>(reduction);
      break;
    case SCHEDRT_F8E4M3FN:
      created = makeOp<SCHEDRT_F8E4M3FN>(reduction);
      break;
    default:
      created = makeOp<SCHEDRT_F8E5M2>(reduction);
      break;
    }
    ops[key] = created;
    return created;
  }

  void launch(Collective &c) override {
    MPI_Comm comm = *static_cast<MPI_Comm *>(c.group->comm);
    int64_t n = c.group->size;
    // MPI forbids a send buffer that overlaps the receive buffer: an input
    // that overlaps a destination is read from a copy, except in place. The
    // copies are all made first: a member may write its destination at once
    // (a broadcast's root, a permute's zero fill or copy to itself), which
    // may be a later member's input.
    for (const Member &m : c.members) {
      char *inputCopy = nullptr;
      if (m.copyInput) {
        size_t bytes = m.count * elementSize(m.dtype);
        inputCopy = static_cast<char *>(allocateHost(bytes));
        std::memcpy(inputCopy, m.send, bytes);
      }
      c.inputCopies.push_back(inputCopy);
    }
    for (const Member &member : c.members) {
      size_t es = elementSize(member.dtype);
      if (member.count > INT32_MAX)
        fatal("a collective of %lld elements exceeds MPI's int counts",
              static_cast<long long>(member.count));
      Member m = member;
      if (char *inputCopy =
              static_cast<char *>(c.inputCopies[&member - c.members.data()]))
        m.send = inputCopy;
      int count = static_cast<int>(m.count);
      MPI_Datatype type = datatype(m.dtype);
      // A permute posts a receive and a send per member.
      auto *request = new MPI_Request[2];
      char *staging = nullptr;
      switch (c.kind) {
      case SCHEDRT_ALL_GATHER: {
        char *dst = m.recv;
        if (m.recvOuter != 1)
          dst = staging = static_cast<char *>(allocateHost(m.count * n * es));
        CHECK_MPI(MPI_Iallgather(m.send, count, type, dst, count, type, comm,
                                 request));
        break;
      }
      case SCHEDRT_REDUCE_SCATTER: {
        const char *src = m.send;
        if (m.sendOuter != 1) {
          staging = static_cast<char *>(allocateHost(m.count * es));
          src = packSend(m, n, staging);
        }
        CHECK_MPI(MPI_Ireduce_scatter_block(
            src, m.recv, static_cast<int>(m.count / n), type,
            op(m.dtype, c.reduction), comm, request));
        break;
      }
      case SCHEDRT_ALL_REDUCE:
        CHECK_MPI(MPI_Iallreduce(m.inPlace ? MPI_IN_PLACE : m.send, m.recv,
                                 count, type, op(m.dtype, c.reduction), comm,
                                 request));
        break;
      case SCHEDRT_ALL_TO_ALL: {
        const char *src = m.send;
        char *dst = m.recv;
        if (m.sendOuter != 1 || m.recvOuter != 1) {
          staging = static_cast<char *>(allocateHost(2 * m.count * es));
          src = packSend(m, n, staging);
          if (m.recvOuter != 1)
            dst = staging + m.count * es;
        }
        int part = static_cast<int>(m.count / n);
        CHECK_MPI(
            MPI_Ialltoall(src, part, type, dst, part, type, comm, request));
        break;
      }
      case SCHEDRT_BROADCAST:
        if (c.group->key == c.root && m.recv != m.send)
          std::memcpy(m.recv, m.send, m.count * es);
        CHECK_MPI(MPI_Ibcast(m.recv, count, type, static_cast<int>(c.root),
                             comm, request));
        break;
      case SCHEDRT_COLLECTIVE_PERMUTE:
        launchPermute(c, m, static_cast<int>(&member - c.members.data()), type,
                      comm, request);
        break;
      }
      c.requests.push_back(request);
      c.scratch.push_back(staging);
    }
  }

  /// Posts member `m` (member `index`) of a collective permute: an MPI_Irecv
  /// from this rank's
  /// source into `request[0]` and an MPI_Isend to its target into
  /// `request[1]` (MPI_REQUEST_NULL where there is none; both completed at
  /// the wait); zero-fills the destination without a source, copies for a
  /// pair of the rank with itself. Tag = member index, so that the members
  /// of a bucket cannot cross.
  void launchPermute(const Collective &c, const Member &m, int index,
                     MPI_Datatype type, MPI_Comm comm, MPI_Request *request) {
    size_t bytes = m.count * elementSize(m.dtype);
    int count = static_cast<int>(m.count);
    // MPI guarantees tags up to 32767.
    int tag = index & 0x7fff;
    int64_t source = c.permuteSource(), target = c.permuteTarget();
    int key = c.group->key;
    request[0] = request[1] = MPI_REQUEST_NULL;
    if (source < 0)
      std::memset(m.recv, 0, bytes);
    else if (source == key)
      std::memcpy(m.recv, m.send, bytes);
    else
      CHECK_MPI(MPI_Irecv(m.recv, count, type, static_cast<int>(source), tag,
                          comm, &request[0]));
    if (target >= 0 && target != key)
      CHECK_MPI(MPI_Isend(m.send, count, type, static_cast<int>(target), tag,
                          comm, &request[1]));
  }

  void wait(Collective &c) override {
    int64_t n = c.group->size;
    int requestsPerMember = c.kind == SCHEDRT_COLLECTIVE_PERMUTE ? 2 : 1;
    for (size_t i = 0; i < c.members.size(); ++i) {
      auto *request = static_cast<MPI_Request *>(c.requests[i]);
      CHECK_MPI(MPI_Waitall(requestsPerMember, request, MPI_STATUSES_IGNORE));
      delete[] request;
      Member &m = c.members[i];
      auto *staging = static_cast<char *>(c.scratch[i]);
      if (c.kind == SCHEDRT_ALL_GATHER && m.recvOuter != 1)
        unpackRecv(m, c.kind, n, staging);
      if (c.kind == SCHEDRT_ALL_TO_ALL && m.recvOuter != 1)
        unpackRecv(m, c.kind, n, staging + m.count * elementSize(m.dtype));
      if (c.reduction == SCHEDRT_AVG)
        scaleBy(m.recv, m.recvCount(c.kind, n), m.dtype, 1.0 / n);
      std::free(staging);
      std::free(c.inputCopies[i]);
    }
  }

private:
  std::map<int32_t, MPI_Op> ops;
};

} // namespace

std::unique_ptr<Backend> schedrt::createBackend() {
  return std::make_unique<MPIBackend>();
}

int schedrt::runRanks(int argc, char **argv) {
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided),
        "MPI_Init_thread");
  // Errors come back as codes, so that each gets a message and an abort of
  // every rank rather than a hang.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  Rank rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &rank.worldSize);
  std::unique_ptr<Backend> backend = createBackend();
  rank.backend = backend.get();
  backend->initialize();
  if (rank.rank == 0)
    std::printf("sched runtime: backend mpi, %d rank(s), %lld step(s)\n",
                rank.worldSize, static_cast<long long>(options().iters));
  runRank(rank);
  backend->finalize();
  MPI_Finalize();
  return 0;
}
