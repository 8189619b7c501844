//===- NCCLBootstrap.h - the NCCL id through the bootstrap ------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The one place that makes an NCCL unique id on rank 0 and hands it to every
// rank through the bootstrap's id exchange (Bootstrap.h), for the CUDA
// backend and sched-calibrate. Header-only, so that the bootstrap itself
// stays free of CUDA and NCCL.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_RUNTIME_NCCLBOOTSTRAP_H
#define SCHED_LIB_RUNTIME_NCCLBOOTSTRAP_H

#include "Bootstrap.h"

#include <cstring>
#include <nccl.h>
#include <string>

namespace schedrt {

static_assert(sizeof(ncclUniqueId) == kBootstrapIdBytes,
              "NCCL ids are 128 bytes");

/// Makes an NCCL unique id on rank 0 (ncclGetUniqueId) and hands it to every
/// rank of the launch `info` (exchangeId): `id` holds it on return and
/// `exchange` says how it travelled. Returns false with `error` set on any
/// failure.
inline bool exchangeNCCLId(const EnvLookup &env, const LaunchInfo &info,
                           ncclUniqueId &id, IdExchange &exchange,
                           std::string &error) {
  auto makeId = [](unsigned char *out, std::string &message) {
    ncclUniqueId fresh;
    ncclResult_t result = ncclGetUniqueId(&fresh);
    if (result != ncclSuccess) {
      message =
          std::string("ncclGetUniqueId failed: ") + ncclGetErrorString(result);
      return false;
    }
    std::memcpy(out, &fresh, sizeof(fresh));
    return true;
  };
  unsigned char bytes[kBootstrapIdBytes];
  if (!exchangeId(env, info, bytes, makeId, exchange, error))
    return false;
  std::memcpy(&id, bytes, sizeof(id));
  return true;
}

} // namespace schedrt

#endif // SCHED_LIB_RUNTIME_NCCLBOOTSTRAP_H
