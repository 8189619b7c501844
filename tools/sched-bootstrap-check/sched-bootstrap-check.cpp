//===- sched-bootstrap-check.cpp - the launch bootstrap without a GPU -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Runs the bootstrap of the CUDA runtime (lib/Runtime/Bootstrap.h) as the
// runtime does, under the same launcher, with a random 128-byte id in place
// of the NCCL unique id, and prints what every rank got:
//
//   rank R of N, local rank L (VARS, local LVAR), id exchange E: id HEX
//
// Every rank fills its id with its own random bytes first, so ranks that
// print the same id received rank 0's. Errors are the runtime's: "sched
// runtime: <message>" on stderr and exit status 1; with --fail-id, rank 0
// fails to make the id, as when ncclGetUniqueId fails. See docs/Runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Bootstrap.h"

#include <cstdio>
#include <cstring>
#include <random>

using namespace schedrt;

namespace {

/// Fills `id` with random bytes.
void fillRandom(unsigned char (&id)[kBootstrapIdBytes]) {
  std::random_device device;
  for (unsigned char &byte : id)
    byte = static_cast<unsigned char>(device());
}

/// Prints "sched runtime: <message>" and returns exit status 1.
int fail(const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "sched runtime: %s\n", message.c_str());
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  // --fail-id: rank 0 fails to make the id, as when ncclGetUniqueId fails.
  bool failId = argc == 2 && std::strcmp(argv[1], "--fail-id") == 0;
  if (argc > 1 && !failId) {
    bool help = std::strcmp(argv[1], "--help") == 0;
    std::fprintf(help ? stdout : stderr,
                 "usage: %s [--fail-id] (under utils/sched-launch.sh, mpirun "
                 "or srun)\n"
                 "  prints each rank's rank, world size, local rank and the "
                 "id rank 0 handed to it\n"
                 "  --fail-id: rank 0 fails to make the id (what every rank "
                 "then says)\n",
                 argv[0]);
    return help ? 0 : 2;
  }
  EnvLookup env = processEnvironment();
  LaunchInfo info;
  std::string error;
  if (!discoverLaunch(env, info, error))
    return fail(error);
  unsigned char id[kBootstrapIdBytes];
  fillRandom(id);
  IdExchange exchange = IdExchange::None;
  auto makeId = [failId](unsigned char *out, std::string &message) {
    if (failId) {
      message = "rank 0 was told to fail making the id (--fail-id)";
      return false;
    }
    unsigned char fresh[kBootstrapIdBytes];
    fillRandom(fresh);
    std::memcpy(out, fresh, kBootstrapIdBytes);
    return true;
  };
  if (!exchangeId(env, info, id, makeId, exchange, error))
    return fail(error);
  std::string hex;
  for (unsigned char byte : id) {
    char digits[3];
    std::snprintf(digits, sizeof(digits), "%02x", byte);
    hex += digits;
  }
  std::printf("rank %d of %d, local rank %d (%s, local %s), id exchange %s: "
              "id %s\n",
              info.rank, info.worldSize, info.localRank,
              describeSource(info).c_str(),
              info.localVar.empty() ? "the rank" : info.localVar.c_str(),
              exchangeName(exchange), hex.c_str());
  return 0;
}
