//===- HostKernels.cpp - element types and host loops of the runtime ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <cmath>
#include <cstring>

using namespace schedrt;

namespace {

float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff,
           bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { // Subnormal: normalise.
      exp = 127 - 15 + 1;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      bits = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return sign | 0x7c00u | (mant ? 0x200u : 0u);
  if (exp >= 31)
    return sign | 0x7c00u;
  if (exp <= 0) {
    if (exp < -10)
      return sign;
    mant |= 0x800000;
    uint32_t shift = 14 - exp;
    uint32_t half = mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return sign | half;
  }
  uint32_t half = sign | (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return half;
}

float bf16ToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return 0x7fc0;
  x += 0x7fff + ((x >> 16) & 1); // Round to nearest even.
  return x >> 16;
}

/// Decodes an 8-bit float with `expBits` exponent bits and the given bias.
float decodeF8(uint8_t v, int expBits, int bias, bool fn) {
  int mantBits = 7 - expBits;
  int sign = v >> 7, exp = (v >> mantBits) & ((1 << expBits) - 1),
      mant = v & ((1 << mantBits) - 1);
  float value;
  if (fn && exp == (1 << expBits) - 1 && mant == (1 << mantBits) - 1)
    value = NAN;
  else if (!fn && exp == (1 << expBits) - 1)
    value = mant ? NAN : INFINITY;
  else if (exp == 0)
    value = std::ldexp(static_cast<float>(mant), 1 - bias - mantBits);
  else
    value = std::ldexp(static_cast<float>(mant + (1 << mantBits)),
                       exp - bias - mantBits);
  return sign ? -value : value;
}

/// Encodes by searching the nearest representable value (exact rounding to
/// nearest, ties to even; saturates to the largest finite value).
uint8_t encodeF8(float f, int expBits, int bias, bool fn) {
  if (std::isnan(f))
    return fn ? 0x7f : 0x7e;
  uint8_t best = 0;
  float bestErr = INFINITY;
  for (int v = 0; v < 128; ++v) {
    float d = decodeF8(static_cast<uint8_t>(v), expBits, bias, fn);
    if (std::isnan(d) || std::isinf(d))
      continue;
    float err = std::fabs(d - std::fabs(f));
    if (err < bestErr || (err == bestErr && !(v & 1))) {
      bestErr = err;
      best = static_cast<uint8_t>(v);
    }
  }
  return f < 0 ? best | 0x80 : best;
}

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

} // namespace

size_t schedrt::elementSize(int32_t dtype) {
  switch (dtype) {
  case SCHEDRT_F32:
  case SCHEDRT_I32:
    return 4;
  case SCHEDRT_F64:
  case SCHEDRT_I64:
    return 8;
  case SCHEDRT_F16:
  case SCHEDRT_BF16:
  case SCHEDRT_I16:
    return 2;
  case SCHEDRT_I8:
  case SCHEDRT_F8E4M3FN:
  case SCHEDRT_F8E5M2:
    return 1;
  default:
    fatal("unknown element type code %d", dtype);
  }
}

const char *schedrt::dtypeName(int32_t dtype) {
  switch (dtype) {
  case SCHEDRT_F32:
    return "f32";
  case SCHEDRT_F64:
    return "f64";
  case SCHEDRT_F16:
    return "f16";
  case SCHEDRT_BF16:
    return "bf16";
  case SCHEDRT_I8:
    return "i8";
  case SCHEDRT_I16:
    return "i16";
  case SCHEDRT_I32:
    return "i32";
  case SCHEDRT_I64:
    return "i64";
  case SCHEDRT_F8E4M3FN:
    return "f8E4M3FN";
  case SCHEDRT_F8E5M2:
    return "f8E5M2";
  default:
    return "unknown";
  }
}

double schedrt::loadElement(const void *data, int32_t dtype, int64_t i) {
  switch (dtype) {
  case SCHEDRT_F32:
    return static_cast<const float *>(data)[i];
  case SCHEDRT_F64:
    return static_cast<const double *>(data)[i];
  case SCHEDRT_F16:
    return halfToFloat(static_cast<const uint16_t *>(data)[i]);
  case SCHEDRT_BF16:
    return bf16ToFloat(static_cast<const uint16_t *>(data)[i]);
  case SCHEDRT_I8:
    return static_cast<const int8_t *>(data)[i];
  case SCHEDRT_I16:
    return static_cast<const int16_t *>(data)[i];
  case SCHEDRT_I32:
    return static_cast<const int32_t *>(data)[i];
  case SCHEDRT_I64:
    return static_cast<double>(static_cast<const int64_t *>(data)[i]);
  case SCHEDRT_F8E4M3FN:
    return decodeF8(static_cast<const uint8_t *>(data)[i], 4, 7, true);
  case SCHEDRT_F8E5M2:
    return decodeF8(static_cast<const uint8_t *>(data)[i], 5, 15, false);
  default:
    fatal("unknown element type code %d", dtype);
  }
}

void schedrt::storeElement(void *data, int32_t dtype, int64_t i, double v) {
  switch (dtype) {
  case SCHEDRT_F32:
    static_cast<float *>(data)[i] = static_cast<float>(v);
    return;
  case SCHEDRT_F64:
    static_cast<double *>(data)[i] = v;
    return;
  case SCHEDRT_F16:
    static_cast<uint16_t *>(data)[i] = floatToHalf(static_cast<float>(v));
    return;
  case SCHEDRT_BF16:
    static_cast<uint16_t *>(data)[i] = floatToBf16(static_cast<float>(v));
    return;
  case SCHEDRT_I8:
    static_cast<int8_t *>(data)[i] = static_cast<int8_t>(std::lround(v));
    return;
  case SCHEDRT_I16:
    static_cast<int16_t *>(data)[i] = static_cast<int16_t>(std::lround(v));
    return;
  case SCHEDRT_I32:
    static_cast<int32_t *>(data)[i] = static_cast<int32_t>(std::lround(v));
    return;
  case SCHEDRT_I64:
    static_cast<int64_t *>(data)[i] = std::llround(v);
    return;
  case SCHEDRT_F8E4M3FN:
    static_cast<uint8_t *>(data)[i] =
        encodeF8(static_cast<float>(v), 4, 7, true);
    return;
  case SCHEDRT_F8E5M2:
    static_cast<uint8_t *>(data)[i] =
        encodeF8(static_cast<float>(v), 5, 15, false);
    return;
  default:
    fatal("unknown element type code %d", dtype);
  }
}

double schedrt::fillValue(uint64_t seed, int64_t index, int32_t dtype) {
  uint64_t bits =
      splitmix(seed * 0x100000001b3ull + static_cast<uint64_t>(index));
  bool integer = dtype == SCHEDRT_I8 || dtype == SCHEDRT_I16 ||
                 dtype == SCHEDRT_I32 || dtype == SCHEDRT_I64;
  if (integer)
    return static_cast<double>(static_cast<int64_t>(bits % 9) - 4);
  // Uniform in [-1, 1) on a grid of 1/256, exact in every float type but fp8.
  return (static_cast<double>(bits % 512) - 256.0) / 256.0;
}

void schedrt::copy2D(char *dst, size_t dstPitch, const char *src,
                     size_t srcPitch, size_t block, size_t rows) {
  for (size_t r = 0; r < rows; ++r)
    std::memcpy(dst + r * dstPitch, src + r * srcPitch, block);
}

void schedrt::reduceInto(void *acc, const void *src, int64_t count,
                         int32_t dtype, int32_t reduction) {
  for (int64_t i = 0; i < count; ++i) {
    double a = loadElement(acc, dtype, i), b = loadElement(src, dtype, i), r;
    switch (reduction) {
    case SCHEDRT_SUM:
    case SCHEDRT_AVG:
      r = a + b;
      break;
    case SCHEDRT_PROD:
      r = a * b;
      break;
    case SCHEDRT_MIN:
      r = std::fmin(a, b);
      break;
    case SCHEDRT_MAX:
      r = std::fmax(a, b);
      break;
    default:
      fatal("unknown reduction code %d", reduction);
    }
    storeElement(acc, dtype, i, r);
  }
}

void schedrt::scaleBy(void *data, int64_t count, int32_t dtype, double factor) {
  for (int64_t i = 0; i < count; ++i)
    storeElement(data, dtype, i, loadElement(data, dtype, i) * factor);
}

void schedrt::computeOnHost(const Compute &compute) {
  // Every output element mixes the inputs at shifted positions: reordering
  // or racing any op changes the checksums. Averages keep values bounded.
  for (size_t j = 0; j < compute.outputs.size(); ++j) {
    const ComputeArg &out = compute.outputs[j];
    double bias = static_cast<double>((compute.salt + 7 * j) % 17) / 64.0;
    double weight = compute.inputs.empty() ? 0.0 : 0.5 / compute.inputs.size();
    for (int64_t i = 0; i < out.count; ++i) {
      double value = bias;
      for (size_t k = 0; k < compute.inputs.size(); ++k) {
        const ComputeArg &in = compute.inputs[k];
        if (in.count == 0)
          continue;
        value +=
            weight * loadElement(in.data, in.dtype,
                                 (i + static_cast<int64_t>(k + j)) % in.count);
      }
      storeElement(out.data, out.dtype, i, value);
    }
  }
}

int64_t Member::recvCount(int32_t kind, int64_t n) const {
  switch (kind) {
  case SCHEDRT_ALL_GATHER:
    return count * n;
  case SCHEDRT_REDUCE_SCATTER:
    return count / n;
  default:
    return count;
  }
}

const char *schedrt::packSend(const Member &member, int64_t n, char *staging) {
  if (member.sendOuter == 1)
    return member.send;
  size_t es = elementSize(member.dtype);
  size_t block = member.count / (member.sendOuter * n) * es;
  for (int64_t r = 0; r < n; ++r)
    copy2D(staging + r * member.sendOuter * block, block,
           member.send + r * block, n * block, block, member.sendOuter);
  return staging;
}

void schedrt::unpackRecv(const Member &member, int32_t kind, int64_t n,
                         const char *staging) {
  size_t es = elementSize(member.dtype);
  int64_t total = member.recvCount(kind, n);
  size_t block = total / (member.recvOuter * n) * es;
  for (int64_t r = 0; r < n; ++r)
    copy2D(member.recv + r * block, n * block,
           staging + r * member.recvOuter * block, block, block,
           member.recvOuter);
}
