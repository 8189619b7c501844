//===- Bootstrap.h - ranks and the communicator id of a launch --*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// How a process of a multi-process runtime learns who it is and meets the
// others: its rank, the world size and its local rank (the GPU) come from
// the launcher's environment (utils/sched-launch.sh, OpenMPI's mpirun, an
// MPICH/Intel MPI launcher, Slurm's srun), and rank 0 hands an opaque
// 128-byte id (the NCCL unique id) to every rank, through a file or an MPI
// broadcast. Nothing here depends on CUDA, so the bootstrap is tested on
// CPUs (sched-bootstrap-check, test/Runtime/bootstrap*.test). See
// docs/Runtime.md.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_RUNTIME_BOOTSTRAP_H
#define SCHED_LIB_RUNTIME_BOOTSTRAP_H

#include <cstddef>
#include <functional>
#include <string>

namespace schedrt {

/// Bytes of the id rank 0 hands out (NCCL_UNIQUE_ID_BYTES).
constexpr size_t kBootstrapIdBytes = 128;

/// Returns the value of an environment variable, or nullptr when it is unset.
using EnvLookup = std::function<const char *(const char *name)>;

/// The process environment (std::getenv).
EnvLookup processEnvironment();

/// Which launcher's variables gave the rank and the world size.
enum class LaunchSource {
  Single,  ///< None set: one process, rank 0 of 1.
  Sched,   ///< RANK, WORLD_SIZE (utils/sched-launch.sh, torchrun).
  OpenMPI, ///< OMPI_COMM_WORLD_RANK, OMPI_COMM_WORLD_SIZE (mpirun).
  PMI,     ///< PMI_RANK, PMI_SIZE (MPICH's and Intel MPI's hydra).
  Slurm,   ///< SLURM_PROCID, SLURM_NTASKS (srun).
};

/// Who this process is.
struct LaunchInfo {
  int rank = 0;
  int worldSize = 1;
  /// The process's index on its node: the GPU it drives.
  int localRank = 0;
  LaunchSource source = LaunchSource::Single;
  /// The variables that gave the values (for messages); "" where defaulted.
  std::string rankVar, sizeVar, localVar;
};

/// Returns "RANK/WORLD_SIZE", "OMPI_COMM_WORLD_RANK/SIZE", ... or "none".
std::string describeSource(const LaunchInfo &info);

/// Reads the rank, world size and local rank from `env`: the first of
/// RANK/WORLD_SIZE, OMPI_COMM_WORLD_RANK/SIZE, PMI_RANK/PMI_SIZE and
/// SLURM_PROCID/SLURM_NTASKS that is set (else rank 0 of 1). The local rank
/// is SCHED_LOCAL_RANK if set, else that launcher's local variable
/// (LOCAL_RANK, OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, SLURM_LOCALID),
/// else the rank. Returns false with `error` set on a value that is not a
/// non-negative integer, half a pair, a world size below 1 or a rank outside
/// the world.
bool discoverLaunch(const EnvLookup &env, LaunchInfo &info, std::string &error);

/// How rank 0's id reaches the others.
enum class IdExchange {
  None, ///< A world of one rank.
  File, ///< SCHED_NCCL_ID_FILE (utils/sched-launch.sh, a shared file system).
  MPI,  ///< MPI_Bcast (a process of mpirun or srun).
};

/// Returns "none", "file" or "mpi".
const char *exchangeName(IdExchange exchange);

/// Chooses the exchange: none for one rank; the file when
/// SCHED_NCCL_ID_FILE is set; MPI when an MPI launcher or srun started the
/// process. Returns false with `error` set otherwise, or when MPI would be
/// needed and this library was built without it.
bool chooseIdExchange(const EnvLookup &env, const LaunchInfo &info,
                      IdExchange &exchange, std::string &error);

/// Whether this library was built with MPI (the MPI exchange works).
bool haveMPIBootstrap();

/// Fills the id on rank 0 (ncclGetUniqueId); returns false with `error` set
/// on failure.
using IdMaker = std::function<bool(unsigned char *id, std::string &error)>;

/// Hands rank 0's id (made by `makeId`, on rank 0 only) to every rank of
/// the launch `info` (see chooseIdExchange): `id` holds it on return and
/// `exchange` says how it travelled. Returns false with `error` set on any
/// failure; on the file exchange, waiting ranks give up after SCHED_TIMEOUT
/// seconds (default 300); the MPI exchange checks that MPI's rank and size
/// are the environment's.
bool exchangeId(const EnvLookup &env, const LaunchInfo &info,
                unsigned char (&id)[kBootstrapIdBytes], const IdMaker &makeId,
                IdExchange &exchange, std::string &error);

} // namespace schedrt

#endif // SCHED_LIB_RUNTIME_BOOTSTRAP_H
