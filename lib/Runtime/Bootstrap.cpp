//===- Bootstrap.cpp - ranks and the communicator id of a launch ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The environment parsing, the file exchange and (when built with MPI,
// SCHED_BOOTSTRAP_MPI) the MPI broadcast of Bootstrap.h.
//
//===----------------------------------------------------------------------===//

#include "Bootstrap.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

#ifdef SCHED_BOOTSTRAP_MPI
#include <mpi.h>
#endif

using namespace schedrt;

namespace {

/// The rank and size variables of one launcher, and its local rank.
struct LauncherVars {
  LaunchSource source;
  const char *rank, *size, *local;
};

/// In order of precedence: the project's own variables first; OpenMPI's and
/// hydra's before Slurm's, since mpirun inside a Slurm allocation passes the
/// allocation's SLURM_* variables on to every rank.
constexpr LauncherVars kLaunchers[] = {
    {LaunchSource::Sched, "RANK", "WORLD_SIZE", "LOCAL_RANK"},
    {LaunchSource::OpenMPI, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
     "OMPI_COMM_WORLD_LOCAL_RANK"},
    {LaunchSource::PMI, "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
    {LaunchSource::Slurm, "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"},
};

/// Parses the variable `name` of value `text` as an int in [0, INT_MAX].
bool parseNonNegative(const char *name, const char *text, int &value,
                      std::string &error) {
  errno = 0;
  char *end = nullptr;
  long long parsed = std::strtoll(text, &end, 10);
  if (!std::isdigit(static_cast<unsigned char>(text[0])) || *end != '\0' ||
      errno != 0 || parsed > INT_MAX) {
    error = std::string("environment variable ") + name + "='" + text +
            "' is not a non-negative integer";
    return false;
  }
  value = static_cast<int>(parsed);
  return true;
}

/// Reads the local rank into `info` (the rank when no variable is set).
bool discoverLocalRank(const EnvLookup &env, const char *launcherVar,
                       LaunchInfo &info, std::string &error) {
  for (const char *name : {"SCHED_LOCAL_RANK", launcherVar}) {
    if (!name)
      continue;
    if (const char *text = env(name)) {
      info.localVar = name;
      return parseNonNegative(name, text, info.localRank, error);
    }
  }
  info.localRank = info.rank;
  info.localVar = "";
  return true;
}

/// Returns the message for a rank at or beyond the world size.
std::string rankMessage(const LaunchInfo &info) {
  return "rank " + std::to_string(info.rank) + " (" + info.rankVar +
         ") is not below the world size " + std::to_string(info.worldSize) +
         " (" + info.sizeVar + ")";
}

/// Reads a timeout in seconds (SCHED_TIMEOUT, default 300).
bool readTimeout(const EnvLookup &env, int &seconds, std::string &error) {
  seconds = 300;
  if (const char *text = env("SCHED_TIMEOUT"))
    return parseNonNegative("SCHED_TIMEOUT", text, seconds, error);
  return true;
}

/// Rank 0 writes the id to `path` (through a rename, so that no reader sees
/// half of it); the others poll for it.
bool exchangeThroughFile(const EnvLookup &env, const LaunchInfo &info,
                         const char *path,
                         unsigned char (&id)[kBootstrapIdBytes],
                         const IdMaker &makeId, std::string &error) {
  if (info.rank == 0) {
    if (!makeId(id, error))
      return false;
    std::string tmp = std::string(path) + ".tmp";
    std::ofstream out(tmp, std::ios::binary);
    out.write(reinterpret_cast<const char *>(id), kBootstrapIdBytes);
    out.close();
    if (!out || std::rename(tmp.c_str(), path) != 0) {
      error = std::string("cannot write the communicator id to ") + path +
              " (SCHED_NCCL_ID_FILE)";
      return false;
    }
    return true;
  }
  int timeout = 0;
  if (!readTimeout(env, timeout, error))
    return false;
  auto start = std::chrono::steady_clock::now();
  while (true) {
    std::ifstream in(path, std::ios::binary);
    if (in.read(reinterpret_cast<char *>(id), kBootstrapIdBytes))
      return true;
    if (std::chrono::steady_clock::now() - start >
        std::chrono::seconds(timeout)) {
      error = "rank " + std::to_string(info.rank) + " waited " +
              std::to_string(timeout) + " s for rank 0 to write " + path +
              " (SCHED_NCCL_ID_FILE)";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

#ifdef SCHED_BOOTSTRAP_MPI
/// Turns an MPI error code into `error`.
bool checkMPI(int code, const char *call, std::string &error) {
  if (code == MPI_SUCCESS)
    return true;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  error = std::string(call) + " failed: " + std::string(text, length);
  return false;
}

/// Checks that MPI sees the world the environment described.
bool checkMPIWorld(const LaunchInfo &info, std::string &error) {
  int rank = 0, size = 0;
  if (!checkMPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank", error) ||
      !checkMPI(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size", error))
    return false;
  if (rank == info.rank && size == info.worldSize)
    return true;
  error = "MPI_COMM_WORLD has this process as rank " + std::to_string(rank) +
          " of " + std::to_string(size) + ", but " + describeSource(info) +
          " say rank " + std::to_string(info.rank) + " of " +
          std::to_string(info.worldSize) +
          " (was it started by the launcher those variables come from?)";
  return false;
}

/// Rank 0 makes the id and MPI_Bcast hands it to the others, behind a byte
/// that says whether rank 0 could make it (so that the others stop too
/// rather than wait); MPI is initialized for this alone and finalized again.
bool exchangeThroughMPI(const LaunchInfo &info,
                        unsigned char (&id)[kBootstrapIdBytes],
                        const IdMaker &makeId, std::string &error) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized && !checkMPI(MPI_Init(nullptr, nullptr), "MPI_Init", error))
    return false;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (!checkMPIWorld(info, error))
    return false; // Every rank sees the same mismatch and stops.
  unsigned char message[1 + kBootstrapIdBytes] = {0};
  std::string makeError;
  if (info.rank == 0 && makeId(message + 1, makeError))
    message[0] = 1;
  if (!checkMPI(MPI_Bcast(message, static_cast<int>(sizeof(message)), MPI_BYTE,
                          0, MPI_COMM_WORLD),
                "MPI_Bcast", error))
    return false;
  if (!message[0]) {
    error = info.rank == 0 ? makeError
                           : "rank 0 could not make the communicator id (see "
                             "its message)";
    return false;
  }
  std::memcpy(id, message + 1, kBootstrapIdBytes);
  if (!initialized)
    return checkMPI(MPI_Finalize(), "MPI_Finalize", error);
  return true;
}
#endif

} // namespace

EnvLookup schedrt::processEnvironment() {
  return [](const char *name) -> const char * { return std::getenv(name); };
}

std::string schedrt::describeSource(const LaunchInfo &info) {
  if (info.source == LaunchSource::Single)
    return "none";
  return info.rankVar + "/" + info.sizeVar;
}

bool schedrt::discoverLaunch(const EnvLookup &env, LaunchInfo &info,
                             std::string &error) {
  info = LaunchInfo();
  for (const LauncherVars &vars : kLaunchers) {
    const char *rank = env(vars.rank), *size = env(vars.size);
    if (!rank && !size)
      continue;
    if (!rank || !size) {
      error = std::string("environment variable ") +
              (rank ? vars.rank : vars.size) + " is set but " +
              (rank ? vars.size : vars.rank) + " is not";
      return false;
    }
    info.source = vars.source;
    info.rankVar = vars.rank;
    info.sizeVar = vars.size;
    if (!parseNonNegative(vars.rank, rank, info.rank, error) ||
        !parseNonNegative(vars.size, size, info.worldSize, error))
      return false;
    if (info.worldSize < 1) {
      error = std::string("the world size (") + vars.size +
              ") must be at least 1, not " + size;
      return false;
    }
    if (info.rank >= info.worldSize) {
      error = rankMessage(info);
      return false;
    }
    return discoverLocalRank(env, vars.local, info, error);
  }
  return discoverLocalRank(env, nullptr, info, error);
}

const char *schedrt::exchangeName(IdExchange exchange) {
  switch (exchange) {
  case IdExchange::None:
    return "none";
  case IdExchange::File:
    return "file";
  case IdExchange::MPI:
    return "mpi";
  }
  return "none";
}

bool schedrt::haveMPIBootstrap() {
#ifdef SCHED_BOOTSTRAP_MPI
  return true;
#else
  return false;
#endif
}

bool schedrt::chooseIdExchange(const EnvLookup &env, const LaunchInfo &info,
                               IdExchange &exchange, std::string &error) {
  exchange = IdExchange::None;
  if (info.worldSize == 1)
    return true;
  if (const char *path = env("SCHED_NCCL_ID_FILE")) {
    if (!*path) {
      error = "environment variable SCHED_NCCL_ID_FILE is empty";
      return false;
    }
    exchange = IdExchange::File;
    return true;
  }
  if (info.source == LaunchSource::Sched) {
    error = "SCHED_NCCL_ID_FILE is not set and RANK/WORLD_SIZE do not come "
            "from an MPI launcher: start the ranks with utils/sched-launch.sh, "
            "mpirun or srun";
    return false;
  }
  if (!haveMPIBootstrap()) {
    error = "the ranks were started by " + describeSource(info) +
            "'s launcher, but this runtime was built without MPI, which "
            "hands out the communicator id then: rebuild with MPI "
            "(libopenmpi-dev) or set SCHED_NCCL_ID_FILE to a file on a file "
            "system that every node shares";
    return false;
  }
  exchange = IdExchange::MPI;
  return true;
}

bool schedrt::exchangeId(const EnvLookup &env, const LaunchInfo &info,
                         unsigned char (&id)[kBootstrapIdBytes],
                         const IdMaker &makeId, IdExchange &exchange,
                         std::string &error) {
  if (!chooseIdExchange(env, info, exchange, error))
    return false;
  switch (exchange) {
  case IdExchange::None:
    return makeId(id, error);
  case IdExchange::File:
    return exchangeThroughFile(env, info, env("SCHED_NCCL_ID_FILE"), id, makeId,
                               error);
  case IdExchange::MPI:
#ifdef SCHED_BOOTSTRAP_MPI
    return exchangeThroughMPI(info, id, makeId, error);
#else
    break;
#endif
  }
  error = "no MPI in this runtime";
  return false;
}
