//===- DependenceGraphTest.cpp - DependenceGraph unit tests ---------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/DependenceGraph.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

TEST(DependenceGraphTest, FromEdgesMergesDuplicatesAndSorts) {
  DependenceGraph graph =
      DependenceGraph::fromEdges(4, {{2, 3}, {0, 3}, {0, 1}, {0, 3}, {1, 1}});
  EXPECT_EQ(graph.size(), 4u);
  EXPECT_EQ(graph.getNumEdges(), 3u);
  EXPECT_EQ(graph.getPreds(3).vec(), (std::vector<unsigned>{0, 2}));
  EXPECT_EQ(graph.getSuccs(0).vec(), (std::vector<unsigned>{1, 3}));
  EXPECT_TRUE(graph.getPreds(0).empty());
  EXPECT_TRUE(graph.hasEdge(2, 3));
  EXPECT_FALSE(graph.hasEdge(3, 2));
  EXPECT_FALSE(graph.hasEdge(1, 1));
  EXPECT_EQ(graph.getOp(0), nullptr);
}

TEST(DependenceGraphTest, ChainCollectiveIssuers) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    sched.process_group @g size = 2
    func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %l = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> tensor<4xf32> {
        %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
        %r = sched.wait %f : !sched.future<tensor<4xf32>>
        scf.yield %r : tensor<4xf32>
      }
      %g = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
      %w = sched.wait %g : !sched.future<tensor<8xf32>>
      return
    })mlir",
                                                             &context);
  ASSERT_TRUE(module);
  auto func = cast<func::FuncOp>(module->getBody()->back());
  Block &body = func.getBody().front();
  // Nodes: 0, 1 constants, 2 the loop, 3 the start, 4 the wait, 5 return.
  EXPECT_TRUE(issuesCollectives(&*std::next(body.begin(), 2)));
  EXPECT_TRUE(issuesCollectives(&*std::next(body.begin(), 3)));
  EXPECT_FALSE(issuesCollectives(&*std::next(body.begin(), 4)));
  EXPECT_FALSE(DependenceGraph::build(body).hasEdge(2, 3));
  DependenceGraph::Options options;
  options.chainCollectiveIssuers = true;
  DependenceGraph chained = DependenceGraph::build(body, options);
  EXPECT_EQ(chained.getEdgeKinds(2, 3), uint8_t(DependenceKind::Order));
}

TEST(DependenceGraphTest, BuildFromBlock) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @f(%a: f32, %m: memref<4xf32>, %i: index) -> f32 {
      %b = arith.addf %a, %a : f32
      memref.store %b, %m[%i] : memref<4xf32>
      %c = memref.load %m[%i] : memref<4xf32>
      return %c : f32
    })mlir",
                                                             &context);
  ASSERT_TRUE(module);
  auto func = cast<func::FuncOp>(module->getBody()->front());
  Block &body = func.getBody().front();
  DependenceGraph graph = DependenceGraph::build(body);
  ASSERT_EQ(graph.size(), 4u);
  EXPECT_EQ(graph.getEdgeKinds(0, 1), uint8_t(DependenceKind::Data));
  EXPECT_EQ(graph.getEdgeKinds(1, 2), uint8_t(DependenceKind::Memory));
  EXPECT_EQ(graph.getEdgeKinds(2, 3), uint8_t(DependenceKind::Data));
  EXPECT_EQ(graph.lookup(&body.front()), 0u);
  EXPECT_EQ(graph.lookup(func), std::nullopt);
  // Every edge goes forward: program order is topological.
  for (unsigned n = 0; n < graph.size(); ++n)
    for (unsigned pred : graph.getPreds(n))
      EXPECT_LT(pred, n);
}

TEST(DependenceGraphTest, InPlaceWritesAfterTheirReads) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    sched.process_group @g size = 2
    func.func @f(%w: tensor<4xf32>, %p: tensor<2x4xf32>, %g: tensor<4xf32>,
                 %i: index) -> (tensor<4xf32>, tensor<2x4xf32>) {
      %r = sched.compute "read" ins(%w : tensor<4xf32>) -> (tensor<4xf32>)
      %f = sched.all_gather_start %w on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
      %full = sched.wait %f : !sched.future<tensor<8xf32>>
      %u = sched.compute "adam" ins(%g : tensor<4xf32>) outs(%w : tensor<4xf32>) -> (tensor<4xf32>)
      %row = tensor.extract_slice %p[%i, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
      %q = sched.compute "read" ins(%row : tensor<4xf32>) -> (tensor<4xf32>)
      %v = sched.compute "adam" ins(%g : tensor<4xf32>) outs(%row : tensor<4xf32>) -> (tensor<4xf32>)
      %late = sched.compute "read" ins(%w : tensor<4xf32>) -> (tensor<4xf32>)
      return %u, %p : tensor<4xf32>, tensor<2x4xf32>
    })mlir",
                                                             &context);
  ASSERT_TRUE(module);
  auto func = cast<func::FuncOp>(module->getBody()->back());
  DependenceGraph graph = DependenceGraph::build(func.getBody().front());
  // Nodes: 0 read of %w, 1 start, 2 wait, 3 adam into %w, 4 the row of %p,
  // 5 read of the row, 6 adam into the row, 7 a read of %w after the update,
  // 8 return. The update of %w comes after its reader and after the start
  // of the collective that reads %w (not after its wait: an edge there
  // changes the list scheduler's priorities, docs/Analyses.md); the update
  // of the row after the read of the row (through its view).
  auto memory = uint8_t(DependenceKind::Memory);
  EXPECT_EQ(graph.getEdgeKinds(0, 3), memory);
  EXPECT_EQ(graph.getEdgeKinds(1, 3), memory);
  EXPECT_FALSE(graph.hasEdge(2, 3));
  EXPECT_EQ(graph.getEdgeKinds(5, 6), memory);
  EXPECT_TRUE(graph.hasEdge(4, 6)); // Data: the row is its destination.
  // A read after the update in program order is not made to precede it
  // (value semantics: it reads the old tensor, which bufferization copies).
  EXPECT_FALSE(graph.hasEdge(7, 3));
  EXPECT_FALSE(graph.hasEdge(3, 7));
  // Reads of a value nobody writes in place are not ordered.
  EXPECT_FALSE(graph.hasEdge(0, 1));
}
