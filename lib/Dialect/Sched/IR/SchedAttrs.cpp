//===- SchedAttrs.cpp - sched dialect attributes --------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <charconv>
#include <cmath>

using namespace mlir;
using namespace mlir::sched;

#include "sched/Dialect/Sched/IR/SchedEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sched/Dialect/Sched/IR/SchedAttrs.cpp.inc"

void SchedDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sched/Dialect/Sched/IR/SchedAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Custom parameter parsers and printers
//===----------------------------------------------------------------------===//

FailureOr<APFloat> mlir::sched::detail::parseDouble(AsmParser &parser) {
  // Accept `450` as well as `450.0` and `-1.5`: these are quantities, not
  // typed floats, so both integer and float literals are fine.
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return APFloat(static_cast<double>(integer.getValue().getSExtValue()));
  if (auto real = dyn_cast<FloatAttr>(attr))
    return APFloat(real.getValueAsDouble());
  return parser.emitError(loc, "expected a number, got ") << attr;
}

void mlir::sched::detail::printDouble(AsmPrinter &printer, double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  if (ec != std::errc() || !std::isfinite(value)) {
    printer << value;
    return;
  }
  // MLIR float literals need a '.': `450` -> `450.0`, `1e+06` -> `1.0e+06`.
  StringRef text(buffer, end - buffer);
  if (text.contains('.')) {
    printer.getStream() << text;
    return;
  }
  auto [mantissa, exponent] = text.split('e');
  printer.getStream() << mantissa << ".0";
  if (!exponent.empty())
    printer.getStream() << 'e' << exponent;
}

FailureOr<SmallVector<ComputeRate>>
mlir::sched::detail::parseComputeRates(AsmParser &parser) {
  SmallVector<ComputeRate> rates;
  auto parseOne = [&]() -> ParseResult {
    ComputeRate rate;
    if (parser.parseType(rate.elementType) || parser.parseEqual())
      return failure();
    FailureOr<APFloat> tflops = parseDouble(parser);
    if (failed(tflops))
      return failure();
    rate.tflops = tflops->convertToDouble();
    rates.push_back(rate);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  return rates;
}

void mlir::sched::detail::printComputeRates(AsmPrinter &printer,
                                            ArrayRef<ComputeRate> rates) {
  printer << '[';
  llvm::interleaveComma(rates, printer, [&](const ComputeRate &rate) {
    printer << rate.elementType << " = ";
    printDouble(printer, rate.tflops);
  });
  printer << ']';
}

//===----------------------------------------------------------------------===//
// LinkAttr
//===----------------------------------------------------------------------===//

LogicalResult LinkAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               APFloat bandwidthValue, APFloat latencyValue) {
  double bandwidth = bandwidthValue.convertToDouble();
  double latency = latencyValue.convertToDouble();
  if (!std::isfinite(bandwidth) || bandwidth <= 0.0)
    return emitError() << "link bandwidth must be a positive number of GB/s, "
                          "got "
                       << bandwidth;
  if (!std::isfinite(latency) || latency < 0.0)
    return emitError() << "link latency must be a non-negative number of "
                          "microseconds, got "
                       << latency;
  return success();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name, int64_t gpusPerNode,
                                 LinkAttr intraNode, LinkAttr interNode,
                                 APFloat hbmBandwidthValue, int64_t hbmCapacity,
                                 ArrayRef<ComputeRate> compute) {
  double hbmBandwidth = hbmBandwidthValue.convertToDouble();
  if (gpusPerNode < 1)
    return emitError() << "target gpus_per_node must be >= 1, got "
                       << gpusPerNode;
  if (!intraNode || !interNode)
    return emitError() << "target needs intra_node and inter_node links";
  if (!std::isfinite(hbmBandwidth) || hbmBandwidth <= 0.0)
    return emitError() << "target hbm_bandwidth must be a positive number of "
                          "GB/s, got "
                       << hbmBandwidth;
  if (hbmCapacity < 1)
    return emitError() << "target hbm_capacity must be a positive number of "
                          "bytes, got "
                       << hbmCapacity;
  llvm::SmallPtrSet<Type, 8> seen;
  for (const ComputeRate &rate : compute) {
    if (!rate.elementType.isIntOrFloat())
      return emitError() << "target compute rate must be for an integer or "
                            "float type, got "
                         << rate.elementType;
    if (!seen.insert(rate.elementType).second)
      return emitError() << "target compute rate for " << rate.elementType
                         << " is given twice";
    if (!std::isfinite(rate.tflops) || rate.tflops <= 0.0)
      return emitError() << "target compute rate for " << rate.elementType
                         << " must be a positive number of TFLOP/s";
  }
  return success();
}

TargetAttr TargetAttr::lookup(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto target =
            op->getAttrOfType<TargetAttr>(SchedDialect::getTargetAttrName()))
      return target;
  return {};
}

std::optional<double> TargetAttr::getPeakTflops(Type elementType) const {
  for (const ComputeRate &rate : getCompute())
    if (rate.elementType == elementType)
      return rate.tflops;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// CostAttr
//===----------------------------------------------------------------------===//

LogicalResult CostAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               std::optional<int64_t> flops,
                               std::optional<int64_t> bytesRead,
                               std::optional<int64_t> bytesWritten,
                               std::optional<int64_t> timeNs) {
  auto check = [&](std::optional<int64_t> value,
                   StringRef name) -> LogicalResult {
    if (value && *value < 0)
      return emitError() << "cost " << name << " must be non-negative, got "
                         << *value;
    return success();
  };
  return success(succeeded(check(flops, "flops")) &&
                 succeeded(check(bytesRead, "bytes_read")) &&
                 succeeded(check(bytesWritten, "bytes_written")) &&
                 succeeded(check(timeNs, "time_ns")));
}
