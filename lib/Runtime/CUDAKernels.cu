//===- CUDAKernels.cu - device kernels of the CUDA runtime ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The fill and the opaque-compute mix of HostKernels.cpp, on the device,
// computing exactly the same values (the same hash, the same rounding
// sequence double -> float -> 16-bit), so that GPU checksums match the CPU
// reference.
//
//===----------------------------------------------------------------------===//

#include "CUDAKernels.h"

#include "sched/Runtime/SchedRuntime.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace {

__device__ uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

__device__ double load(const void *data, int32_t dtype, int64_t i) {
  switch (dtype) {
  case SCHEDRT_F32:
    return static_cast<const float *>(data)[i];
  case SCHEDRT_F64:
    return static_cast<const double *>(data)[i];
  case SCHEDRT_F16:
    return __half2float(static_cast<const __half *>(data)[i]);
  case SCHEDRT_BF16:
    return __bfloat162float(static_cast<const __nv_bfloat16 *>(data)[i]);
  case SCHEDRT_I8:
    return static_cast<const int8_t *>(data)[i];
  case SCHEDRT_I16:
    return static_cast<const int16_t *>(data)[i];
  case SCHEDRT_I32:
    return static_cast<const int32_t *>(data)[i];
  case SCHEDRT_I64:
    return static_cast<double>(static_cast<const int64_t *>(data)[i]);
  default:
    return 0;
  }
}

__device__ void store(void *data, int32_t dtype, int64_t i, double v) {
  switch (dtype) {
  case SCHEDRT_F32:
    static_cast<float *>(data)[i] = static_cast<float>(v);
    return;
  case SCHEDRT_F64:
    static_cast<double *>(data)[i] = v;
    return;
  case SCHEDRT_F16:
    static_cast<__half *>(data)[i] = __float2half_rn(static_cast<float>(v));
    return;
  case SCHEDRT_BF16:
    static_cast<__nv_bfloat16 *>(data)[i] =
        __float2bfloat16_rn(static_cast<float>(v));
    return;
  case SCHEDRT_I8:
    static_cast<int8_t *>(data)[i] = static_cast<int8_t>(llround(v));
    return;
  case SCHEDRT_I16:
    static_cast<int16_t *>(data)[i] = static_cast<int16_t>(llround(v));
    return;
  case SCHEDRT_I32:
    static_cast<int32_t *>(data)[i] = static_cast<int32_t>(llround(v));
    return;
  case SCHEDRT_I64:
    static_cast<int64_t *>(data)[i] = llround(v);
    return;
  default:
    return;
  }
}

__global__ void fillKernel(void *data, int64_t count, int32_t dtype,
                           uint64_t seed) {
  bool integer = dtype == SCHEDRT_I8 || dtype == SCHEDRT_I16 ||
                 dtype == SCHEDRT_I32 || dtype == SCHEDRT_I64;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x) {
    uint64_t bits = splitmix(seed * 0x100000001b3ull + uint64_t(i));
    double v = integer ? double(int64_t(bits % 9) - 4)
                       : (double(bits % 512) - 256.0) / 256.0;
    store(data, dtype, i, v);
  }
}

__global__ void mixKernel(schedrt::DeviceArg out, double bias, double weight,
                          const schedrt::DeviceArg *inputs, int numInputs,
                          int64_t shift) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
       i < out.count; i += int64_t(gridDim.x) * blockDim.x) {
    double value = bias;
    for (int k = 0; k < numInputs; ++k) {
      const schedrt::DeviceArg &in = inputs[k];
      if (in.count == 0)
        continue;
      value += weight * load(in.data, in.dtype, (i + k + shift) % in.count);
    }
    store(out.data, out.dtype, i, value);
  }
}

__global__ void scaleKernel(void *data, int64_t count, int32_t dtype,
                            double factor) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x)
    store(data, dtype, i, load(data, dtype, i) * factor);
}

unsigned gridFor(int64_t count) {
  int64_t blocks = (count + 255) / 256;
  return static_cast<unsigned>(blocks < 4096 ? (blocks ? blocks : 1) : 4096);
}

} // namespace

void schedrt::launchFill(void *data, int64_t count, int32_t dtype,
                         uint64_t seed, cudaStream_t stream) {
  fillKernel<<<gridFor(count), 256, 0, stream>>>(data, count, dtype, seed);
}

void schedrt::launchMix(const DeviceArg &out, double bias, double weight,
                        const DeviceArg *deviceInputs, int numInputs,
                        int64_t shift, cudaStream_t stream) {
  mixKernel<<<gridFor(out.count), 256, 0, stream>>>(
      out, bias, weight, deviceInputs, numInputs, shift);
}

void schedrt::launchScale(void *data, int64_t count, int32_t dtype,
                          double factor, cudaStream_t stream) {
  scaleKernel<<<gridFor(count), 256, 0, stream>>>(data, count, dtype, factor);
}
