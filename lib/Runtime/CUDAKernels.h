//===- CUDAKernels.h - device kernels of the CUDA runtime -------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_RUNTIME_CUDAKERNELS_H
#define SCHED_LIB_RUNTIME_CUDAKERNELS_H

#include <cstdint>
#include <cuda_runtime.h>

namespace schedrt {

/// A buffer as the device kernels see it.
struct DeviceArg {
  void *data;
  int64_t count;
  int32_t dtype;
};

/// fillValue() of every element, on `stream`.
void launchFill(void *data, int64_t count, int32_t dtype, uint64_t seed,
                cudaStream_t stream);

/// The opaque-compute mix of computeOnHost() for one output; `deviceInputs`
/// is an array in device memory.
void launchMix(const DeviceArg &out, double bias, double weight,
               const DeviceArg *deviceInputs, int numInputs, int64_t shift,
               cudaStream_t stream);

/// Multiplies every element by `factor`.
void launchScale(void *data, int64_t count, int32_t dtype, double factor,
                 cudaStream_t stream);

} // namespace schedrt

#endif // SCHED_LIB_RUNTIME_CUDAKERNELS_H
