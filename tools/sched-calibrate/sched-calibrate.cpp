//===- sched-calibrate.cpp - measure the machine for the cost model -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Runs on every GPU of a group (utils/sched-launch.sh -n N sched-calibrate
// --out PROFILE.json, or under mpirun or srun) and measures what sched's cost
// model needs:
//   * every collective kind (all_gather, reduce_scatter, all_reduce,
//     all_to_all, broadcast) over all ranks, bf16, full buffers from 4 KiB to
//     1 GiB: the time per call, on its own and with bf16 GEMMs running on
//     another stream at the same time;
//   * the same bf16 GEMMs on their own and with each collective kind and
//     size running back to back on the communication stream (contention:
//     how much each slows the other down);
//   * GEMM throughput (bf16 and f32) and copy bandwidth;
//   * the cost of a launch (a 4-byte memset) and of an event record plus a
//     stream wait on it.
// Rank 0 writes a profile the cost model loads (docs/CostModel.md: the
// collective curves of the solo runs, and contention buckets by size: the
// median over the kinds of the collective's slowdown under GEMMs and of the
// GEMM's under the collective) and, next to it, FILE.details.json with every
// measurement. Times are the slowest rank's (an NCCL max). On one rank the
// collectives are local copies, so the contention factors are only a proxy
// (HBM, not NVLink or SMs held by NCCL); measure them on two GPUs.
//
//===----------------------------------------------------------------------===//

#include "Bootstrap.h"
#include "NCCLBootstrap.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const char *what, const char *why) {
  std::fprintf(stderr, "sched-calibrate: %s failed: %s\n", what, why);
  std::exit(1);
}
#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      fail(#call, cudaGetErrorString(e_));                                     \
  } while (0)
#define CHECK_NCCL(call)                                                       \
  do {                                                                         \
    ncclResult_t r_ = (call);                                                  \
    if (r_ != ncclSuccess)                                                     \
      fail(#call, ncclGetErrorString(r_));                                     \
  } while (0)
#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS)                                       \
      fail(#call, "cuBLAS error");                                             \
  } while (0)

const char *kKinds[] = {"all_gather", "reduce_scatter", "all_reduce",
                        "all_to_all", "broadcast"};

struct Context {
  int rank = 0, world = 1;
  ncclComm_t comm;
  cudaStream_t comm_stream, compute_stream;
  cublasHandle_t blas;
  void *send = nullptr, *recv = nullptr, *gemm[3] = {};
  float *scratch = nullptr;
};

/// Issues one collective of `bytes` full-buffer bytes (bf16).
void issue(Context &c, int kind, size_t bytes) {
  size_t full = bytes / 2, part = full / c.world;
  switch (kind) {
  case 0:
    CHECK_NCCL(ncclAllGather(c.send, c.recv, part, ncclBfloat16, c.comm,
                             c.comm_stream));
    break;
  case 1:
    CHECK_NCCL(ncclReduceScatter(c.send, c.recv, part, ncclBfloat16, ncclSum,
                                 c.comm, c.comm_stream));
    break;
  case 2:
    CHECK_NCCL(ncclAllReduce(c.send, c.recv, full, ncclBfloat16, ncclSum,
                             c.comm, c.comm_stream));
    break;
  case 3:
    CHECK_NCCL(ncclAlltoAll(c.send, c.recv, part, ncclBfloat16, c.comm,
                            c.comm_stream));
    break;
  default:
    CHECK_NCCL(ncclBroadcast(c.send, c.recv, full, ncclBfloat16, 0, c.comm,
                             c.comm_stream));
  }
}

/// The slowest rank's value of `value`.
double slowest(Context &c, double value) {
  float v = static_cast<float>(value);
  CHECK_CUDA(cudaMemcpy(c.scratch, &v, 4, cudaMemcpyHostToDevice));
  CHECK_NCCL(ncclAllReduce(c.scratch, c.scratch, 1, ncclFloat32, ncclMax,
                           c.comm, c.comm_stream));
  CHECK_CUDA(cudaStreamSynchronize(c.comm_stream));
  CHECK_CUDA(cudaMemcpy(&v, c.scratch, 4, cudaMemcpyDeviceToHost));
  return v;
}

/// Enqueues `count` 8192^3 bf16 GEMMs on the compute stream.
void gemms(Context &c, int count, int side = 8192,
           cudaDataType type = CUDA_R_16BF) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < count; ++i)
    CHECK_CUBLAS(cublasGemmEx(c.blas, CUBLAS_OP_N, CUBLAS_OP_N, side, side,
                              side, &alpha, c.gemm[0], type, side, c.gemm[1],
                              type, side, &beta, c.gemm[2], type, side,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

/// Mean time in us of `iters` calls of `body` on `stream` (after warm-up).
template <typename F> double timeOn(cudaStream_t stream, int iters, F body) {
  for (int i = 0; i < 3; ++i)
    body();
  cudaEvent_t begin, end;
  CHECK_CUDA(cudaEventCreate(&begin));
  CHECK_CUDA(cudaEventCreate(&end));
  CHECK_CUDA(cudaEventRecord(begin, stream));
  for (int i = 0; i < iters; ++i)
    body();
  CHECK_CUDA(cudaEventRecord(end, stream));
  CHECK_CUDA(cudaEventSynchronize(end));
  float ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&ms, begin, end));
  cudaEventDestroy(begin);
  cudaEventDestroy(end);
  return ms * 1000.0 / iters;
}

/// Mean time in us of one bf16 GEMM while collectives of `kind` and `bytes`
/// (`soloUs` each on their own) run back to back on the communication
/// stream, covering the whole timed loop.
double gemmUnderCollectives(Context &c, int kind, size_t bytes, double soloUs,
                            double gemmUs) {
  const int iters = 10;
  size_t calls =
      static_cast<size_t>(gemmUs * (iters + 3) / std::max(soloUs, 1.0)) + 2;
  calls = std::min<size_t>(calls, 20000);
  for (size_t i = 0; i < calls; ++i)
    issue(c, kind, bytes);
  double us = timeOn(c.compute_stream, iters, [&] { gemms(c, 1); });
  CHECK_CUDA(cudaStreamSynchronize(c.comm_stream));
  return slowest(c, us);
}

/// The median of `values` (not empty).
double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// The profile's "contention" array: one bucket per measured size (up to
/// twice it, the geometric middle to the next size; the last one open), the
/// medians over the kinds of the two slowdowns, at least 1.
std::string contentionBuckets(const std::vector<size_t> &sizes,
                              const std::vector<std::vector<double>> &comm,
                              const std::vector<std::vector<double>> &compute) {
  std::string out;
  for (size_t i = 0; i < sizes.size(); ++i) {
    char row[200];
    double commFactor = std::max(1.0, median(comm[i]));
    double computeFactor = std::max(1.0, median(compute[i]));
    if (i + 1 < sizes.size())
      std::snprintf(row, sizeof(row),
                    "%s    {\"max_bytes\": %zu, \"comm_factor\": %.3f, "
                    "\"compute_factor\": %.3f}",
                    out.empty() ? "" : ",\n", 2 * sizes[i], commFactor,
                    computeFactor);
    else
      std::snprintf(row, sizeof(row),
                    "%s    {\"comm_factor\": %.3f, \"compute_factor\": "
                    "%.3f}",
                    out.empty() ? "" : ",\n", commFactor, computeFactor);
    out += row;
  }
  return out;
}

} // namespace

int main(int argc, char **argv) {
  std::string out = "profile.json";
  size_t maxBytes = size_t(1) << 30;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--out") && i + 1 < argc)
      out = argv[++i];
    else if (!std::strcmp(argv[i], "--max-bytes") && i + 1 < argc)
      maxBytes = std::strtoull(argv[++i], nullptr, 10);
    else {
      std::fprintf(
          stderr,
          "usage: sched-calibrate [--out FILE] "
          "[--max-bytes N] (start with sched-launch.sh, mpirun or srun)\n");
      return 2;
    }
  }
  Context c;
  // The CUDA runtime's bootstrap: ranks from sched-launch.sh, mpirun or
  // srun, the id through SCHED_NCCL_ID_FILE or MPI (docs/Runtime.md).
  schedrt::EnvLookup env = schedrt::processEnvironment();
  schedrt::LaunchInfo launch;
  std::string error;
  if (!schedrt::discoverLaunch(env, launch, error))
    fail("bootstrap", error.c_str());
  c.rank = launch.rank;
  c.world = launch.worldSize;
  CHECK_CUDA(cudaSetDevice(launch.localRank));
  ncclUniqueId id;
  schedrt::IdExchange exchange;
  if (!schedrt::exchangeNCCLId(env, launch, id, exchange, error))
    fail("bootstrap", error.c_str());
  CHECK_NCCL(ncclCommInitRank(&c.comm, c.world, id, c.rank));
  CHECK_CUDA(cudaStreamCreateWithFlags(&c.comm_stream, cudaStreamNonBlocking));
  CHECK_CUDA(
      cudaStreamCreateWithFlags(&c.compute_stream, cudaStreamNonBlocking));
  CHECK_CUBLAS(cublasCreate(&c.blas));
  CHECK_CUBLAS(cublasSetStream(c.blas, c.compute_stream));
  CHECK_CUDA(cudaMalloc(&c.send, maxBytes));
  CHECK_CUDA(cudaMalloc(&c.recv, maxBytes));
  CHECK_CUDA(cudaMalloc(&c.scratch, 4));
  for (void *&buffer : c.gemm)
    CHECK_CUDA(cudaMalloc(&buffer, size_t(8192) * 8192 * 4));
  CHECK_CUDA(cudaMemset(c.send, 0, maxBytes));
  for (void *buffer : c.gemm)
    CHECK_CUDA(cudaMemset(buffer, 0, size_t(8192) * 8192 * 4));

  // Compute and memory.
  double gemmBf16 = timeOn(c.compute_stream, 10, [&] { gemms(c, 1); });
  double gemmF32 =
      timeOn(c.compute_stream, 3, [&] { gemms(c, 1, 8192, CUDA_R_32F); });
  double copy = timeOn(c.compute_stream, 10, [&] {
    CHECK_CUDA(cudaMemcpyAsync(c.recv, c.send, maxBytes,
                               cudaMemcpyDeviceToDevice, c.compute_stream));
  });
  // Launch and event costs (host time per call, stream drained).
  auto hostUs = [&](int iters, auto body) {
    CHECK_CUDA(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i)
      body();
    CHECK_CUDA(cudaDeviceSynchronize());
    return std::chrono::duration<double, std::micro>(
               std::chrono::steady_clock::now() - t0)
               .count() /
           iters;
  };
  double launchUs = hostUs(10000, [&] {
    CHECK_CUDA(cudaMemsetAsync(c.scratch, 0, 4, c.compute_stream));
  });
  cudaEvent_t event;
  CHECK_CUDA(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  double eventUs = hostUs(10000, [&] {
    CHECK_CUDA(cudaEventRecord(event, c.compute_stream));
    CHECK_CUDA(cudaStreamWaitEvent(c.comm_stream, event, 0));
  });

  // Collectives, solo and under GEMMs, and GEMMs under collectives.
  std::string curves, details;
  std::vector<size_t> sizes;
  for (size_t bytes = 4096; bytes <= maxBytes; bytes *= 4)
    sizes.push_back(bytes);
  std::vector<std::vector<double>> commSlowdown(sizes.size()),
      computeSlowdown(sizes.size());
  for (int kind = 0; kind < 5; ++kind) {
    std::string points;
    for (size_t index = 0; index < sizes.size(); ++index) {
      size_t bytes = sizes[index];
      int iters = static_cast<int>(
          std::max<size_t>(5, std::min<size_t>(50, (size_t(1) << 30) / bytes)));
      double solo = slowest(
          c, timeOn(c.comm_stream, iters, [&] { issue(c, kind, bytes); }));
      // Keep the compute stream busy for the whole timed loop.
      int busy = static_cast<int>(solo * (iters + 3) / gemmBf16) + 2;
      gemms(c, busy);
      double loaded = slowest(
          c, timeOn(c.comm_stream, iters, [&] { issue(c, kind, bytes); }));
      CHECK_CUDA(cudaStreamSynchronize(c.compute_stream));
      double gemmLoaded = gemmUnderCollectives(c, kind, bytes, solo, gemmBf16);
      commSlowdown[index].push_back(solo > 0 ? loaded / solo : 1.0);
      computeSlowdown[index].push_back(gemmLoaded / gemmBf16);
      char row[320];
      std::snprintf(row, sizeof(row), "%s[%zu, %.3f]",
                    points.empty() ? "" : ", ", bytes, solo);
      points += row;
      std::snprintf(row, sizeof(row),
                    "%s    {\"kind\": \"%s\", \"bytes\": %zu, \"solo_us\": "
                    "%.3f, \"with_gemm_us\": %.3f, \"gemm_us\": %.3f, "
                    "\"gemm_with_comm_us\": %.3f}",
                    details.empty() ? "" : ",\n", kKinds[kind], bytes, solo,
                    loaded, gemmBf16, gemmLoaded);
      details += row;
    }
    char head[160];
    std::snprintf(head, sizeof(head),
                  "%s    {\"kind\": \"%s\", \"group_size\": %d, \"num_nodes\": "
                  "1,\n     \"points\": [",
                  curves.empty() ? "" : ",\n", kKinds[kind], c.world);
    curves += head + points + "]}";
  }
  if (c.rank == 0) {
    std::ofstream profile(out);
    profile << "{\n  \"version\": 1,\n  \"collectives\": [\n"
            << curves << "\n  ],\n  \"contention\": [\n"
            << contentionBuckets(sizes, commSlowdown, computeSlowdown)
            << "\n  ]\n}\n";
    std::ofstream more(out + ".details.json");
    char head[512];
    std::snprintf(head, sizeof(head),
                  "{\n  \"ranks\": %d,\n  \"gemm_bf16_8192_tflops\": %.1f,\n"
                  "  \"gemm_f32_8192_tflops\": %.1f,\n  \"copy_gbs\": %.0f,\n"
                  "  \"launch_us\": %.3f,\n  \"event_record_and_wait_us\": "
                  "%.3f,\n  \"collectives\": [\n",
                  c.world, 2.0 * 8192 * 8192 * 8192 / gemmBf16 / 1e6,
                  2.0 * 8192 * 8192 * 8192 / gemmF32 / 1e6,
                  2.0 * maxBytes / copy / 1e3, launchUs, eventUs);
    more << head << details << "\n  ]\n}\n";
    std::printf("sched-calibrate: wrote %s and %s.details.json\n", out.c_str(),
                out.c_str());
    if (c.world == 1)
      std::printf("sched-calibrate: one rank: collectives are local copies, "
                  "so the contention factors are a proxy; measure them on 2 "
                  "GPUs\n");
  }
  ncclCommDestroy(c.comm);
  return 0;
}
