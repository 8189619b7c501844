//===- TestDependenceGraph.cpp - test-sched-print-dependences -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Prints, as a remark on every op of every function body, its node number and
// the nodes it depends on, with the kind of each edge:
//
//   remark: node 3 <- 1 (data), 2 (memory)
//
// Ops that carry a `test.has_path_to = N` or `test.path_query` attribute also
// get path answers, so tests can check reachability through the IR.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "sched/Analysis/AugmentedGraph.h"
#include "sched/Analysis/DependenceGraph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct TestDependenceGraphPass
    : public PassWrapper<TestDependenceGraphPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestDependenceGraphPass)

  TestDependenceGraphPass() = default;
  TestDependenceGraphPass(const TestDependenceGraphPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-sched-print-dependences"; }
  StringRef getDescription() const final {
    return "print the dependence graph of each function body as remarks";
  }

  Option<bool> orderCommStream{
      *this, "order-comm-stream",
      llvm::cl::desc("order collectives by the comm stream resource"),
      llvm::cl::init(false)};

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    DependenceGraph::Options options;
    options.orderCommStream = orderCommStream;
    Block &body = func.getBody().front();
    DependenceGraph graph = DependenceGraph::build(body, options);
    AugmentedGraph augmented(graph);
    for (unsigned node = 0, e = graph.size(); node < e; ++node) {
      Operation *op = graph.getOp(node);
      InFlightDiagnostic diag = op->emitRemark() << "node " << node;
      ArrayRef<unsigned> preds = graph.getPreds(node);
      if (!preds.empty())
        diag << " <- ";
      llvm::interleaveComma(preds, diag, [&](unsigned pred) {
        uint8_t kinds = graph.getEdgeKinds(pred, node);
        diag << pred << " (";
        if (kinds & uint8_t(DependenceKind::Data))
          diag << "data";
        if (kinds ==
            (uint8_t(DependenceKind::Data) | uint8_t(DependenceKind::Memory)))
          diag << "+";
        if (kinds & uint8_t(DependenceKind::Memory))
          diag << "memory";
        diag << ")";
      });
      // `test.path_to = [n, ...]`: report hasPath(node, n) for each n.
      if (auto targets = op->getAttrOfType<DenseI64ArrayAttr>("test.path_to"))
        for (int64_t target : targets.asArrayRef()) {
          if (target < 0 || target >= static_cast<int64_t>(graph.size())) {
            op->emitError() << "test.path_to names no node: " << target;
            return signalPassFailure();
          }
          op->emitRemark() << "path " << node << " -> " << target << ": "
                           << (augmented.hasPath(node, target) ? "yes" : "no");
        }
    }
  }
};
} // namespace

void mlir::sched::test::registerTestDependenceGraphPass() {
  PassRegistration<TestDependenceGraphPass>();
}
