//===- StripBinaryTimings.cpp - deterministic gpu.binary objects ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDSTRIPBINARYTIMINGS
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {

struct StripBinaryTimingsPass
    : public sched::impl::SchedStripBinaryTimingsBase<StripBinaryTimingsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::BinaryOp binary) {
      SmallVector<Attribute> objects;
      for (Attribute attr : binary.getObjects()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        DictionaryAttr properties = object.getProperties();
        if (properties) {
          SmallVector<NamedAttribute> kept;
          for (NamedAttribute property : properties)
            if (!property.getName().getValue().ends_with("TimeInMs"))
              kept.push_back(property);
          properties = DictionaryAttr::get(binary.getContext(), kept);
        }
        objects.push_back(gpu::ObjectAttr::get(
            binary.getContext(), object.getTarget(), object.getFormat(),
            object.getObject(), properties, object.getKernels()));
      }
      binary.setObjectsAttr(ArrayAttr::get(binary.getContext(), objects));
    });
  }
};

} // namespace
