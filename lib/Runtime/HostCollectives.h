//===- HostCollectives.h - staging for host collectives ---------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_RUNTIME_HOSTCOLLECTIVES_H
#define SCHED_LIB_RUNTIME_HOSTCOLLECTIVES_H

#include "Runtime.h"

#include <cstdlib>
#include <cstring>

namespace schedrt {

/// Host memory aligned to 256 bytes, or fatal.
inline void *allocateHost(size_t bytes) {
  void *data = nullptr;
  if (posix_memalign(&data, 256, bytes ? bytes : 1) != 0)
    fatal("out of host memory allocating %zu bytes", bytes);
  return data;
}

/// A backend whose buffers are host memory: the CPU backends.
class HostMemoryBackend : public Backend {
public:
  void *allocate(size_t bytes) override { return allocateHost(bytes); }
  void deallocate(void *data) override { std::free(data); }
  void copyToHost(void *dst, const void *src, size_t bytes) override {
    std::memcpy(dst, src, bytes);
  }
  void copyFromHost(void *dst, const void *src, size_t bytes) override {
    std::memcpy(dst, src, bytes);
  }
  void compute(Compute &compute) override { computeOnHost(compute); }
  void synchronize() override {}
};

} // namespace schedrt

#endif // SCHED_LIB_RUNTIME_HOSTCOLLECTIVES_H
