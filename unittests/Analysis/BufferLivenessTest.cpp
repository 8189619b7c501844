//===- BufferLivenessTest.cpp - buffers of futures that cross blocks ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A future that enters a block (an iteration argument, a loop's or a
// branch's result) stands for the destinations and the inputs of the
// collective in flight there, from where it enters to its wait.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A gradient reduce-scatter sunk into the next iteration: each iteration
/// makes 4 KiB of gradients, waits the previous iteration's reduce-scatter
/// (1 KiB of result), updates, then starts its own on its gradients; the
/// first is started before the loop, the last waited after it.
constexpr const char *kSunk = R"mlir(
sched.process_group @dp size = 4
func.func @sunk(%p: tensor<256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g0 = sched.compute "grads" ins(%p : tensor<256xf32>) -> (tensor<1024xf32>)
  %f0 = sched.reduce_scatter_start %g0 on @dp reduction = sum scatter_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<256xf32>>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %p, %f = %f0) -> (tensor<256xf32>, !sched.future<tensor<256xf32>>) {
    %g = sched.compute "grads" ins(%a : tensor<256xf32>) -> (tensor<1024xf32>)
    %w = sched.wait %f : !sched.future<tensor<256xf32>>
    %s = sched.compute "update" ins(%a, %w : tensor<256xf32>, tensor<256xf32>) -> (tensor<256xf32>)
    %n = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<256xf32>>
    scf.yield %s, %n : tensor<256xf32>, !sched.future<tensor<256xf32>>
  }
  %w = sched.wait %r#1 : !sched.future<tensor<256xf32>>
  %y = sched.compute "sum" ins(%r#0, %w : tensor<256xf32>, tensor<256xf32>) -> (tensor<256xf32>)
  return %y : tensor<256xf32>
}
)mlir";

/// A reduce-scatter started in either branch of an scf.if on a value of
/// the function's block, its future waited after the branch.
constexpr const char *kBranch = R"mlir(
sched.process_group @dp size = 4
func.func @branch(%c: i1, %x: tensor<1024xf32>) -> tensor<256xf32> {
  %g = sched.compute "grads" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %f = scf.if %c -> (!sched.future<tensor<256xf32>>) {
    %s = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<256xf32>>
    scf.yield %s : !sched.future<tensor<256xf32>>
  } else {
    %s = sched.reduce_scatter_start %g on @dp reduction = avg scatter_dim = 0 : tensor<1024xf32> -> !sched.future<tensor<256xf32>>
    scf.yield %s : !sched.future<tensor<256xf32>>
  }
  %w = sched.wait %f : !sched.future<tensor<256xf32>>
  %y = sched.compute "use" ins(%w : tensor<256xf32>) -> (tensor<256xf32>)
  return %y : tensor<256xf32>
}
)mlir";

class BufferLivenessTest : public ::testing::Test {
protected:
  BufferLivenessTest() : context(makeRegistry()) {}
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }
  /// Parses `source` (unverified: the verifier's rules on futures are not
  /// what is tested here) and returns its function.
  func::FuncOp parse(const char *source) {
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    module = parseSourceString<ModuleOp>(source, config);
    EXPECT_TRUE(module);
    return *module->getOps<func::FuncOp>().begin();
  }
  /// Returns the live range (first and last step) of `buffer` in program
  /// order.
  static std::pair<unsigned, unsigned> range(const BufferLiveness &liveness,
                                             unsigned buffer) {
    MemoryProfile profile(liveness.getProblem(), liveness.getProgramOrder());
    return profile.getLiveRange(buffer);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

// In the body, the carried future holds the previous iteration's result
// (1 KiB) and gradients (4 KiB) from entry to the wait; the gradients the
// body sends stay live to the end, where the next iteration takes them on.
TEST_F(BufferLivenessTest, CarriedFutureIsLiveInTheBodyUntilItsWait) {
  func::FuncOp func = parse(kSunk);
  ASSERT_TRUE(func);
  auto loop = cast<scf::ForOp>(*std::next(func.getBody().front().begin(), 5));
  Block &body = *loop.getBody();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  ASSERT_TRUE(succeeded(liveness));
  const MemoryProblem &problem = liveness->getProblem();
  BlockArgument future = loop.getRegionIterArgs()[1];
  std::optional<unsigned> destination = liveness->lookup(future);
  ASSERT_TRUE(destination.has_value());
  EXPECT_EQ(problem.buffers[*destination].size, 1024);
  EXPECT_FALSE(problem.buffers[*destination].def.has_value());
  // The wait's result is the destination, live until "update" (step 2).
  auto ops = body.begin();
  Operation &grads = *ops;
  Operation &wait = *std::next(ops, 1);
  EXPECT_EQ(liveness->lookup(wait.getResult(0)), destination);
  EXPECT_EQ(range(*liveness, *destination), std::make_pair(0u, 2u));
  // The inputs in flight: one buffer of the gradients' size, live on entry
  // until the wait.
  unsigned inputs = problem.buffers.size();
  for (unsigned buffer = 0; buffer < problem.buffers.size(); ++buffer)
    if (buffer != *destination && liveness->getValue(buffer) == future)
      inputs = buffer;
  ASSERT_LT(inputs, problem.buffers.size());
  EXPECT_EQ(problem.buffers[inputs].size, 4096);
  EXPECT_FALSE(problem.buffers[inputs].def.has_value());
  EXPECT_EQ(range(*liveness, inputs), std::make_pair(0u, 1u));
  // The body's gradients are in flight to the yield.
  std::optional<unsigned> sent = liveness->lookup(grads.getResult(0));
  ASSERT_TRUE(sent.has_value());
  EXPECT_EQ(range(*liveness, *sent), std::make_pair(0u, 4u));
}

// In the function's block the first reduce-scatter's gradients stay live
// over the loop to the wait after it, whose result shares the first
// start's destination; the function's peak is the body's first steps: the
// parameter, the gradients in flight and their result, and the new
// gradients.
TEST_F(BufferLivenessTest, LoopResultFutureStandsForItsInitialValue) {
  func::FuncOp func = parse(kSunk);
  ASSERT_TRUE(func);
  Block &block = func.getBody().front();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  ASSERT_TRUE(succeeded(liveness));
  auto ops = block.begin();
  Operation &grads = *std::next(ops, 3);
  Operation &start = *std::next(ops, 4);
  Operation &wait = *std::next(ops, 6);
  std::optional<unsigned> sent = liveness->lookup(grads.getResult(0));
  ASSERT_TRUE(sent.has_value());
  EXPECT_EQ(range(*liveness, *sent), std::make_pair(3u, 6u));
  std::optional<unsigned> destination = liveness->lookup(start.getResult(0));
  ASSERT_TRUE(destination.has_value());
  EXPECT_EQ(liveness->lookup(wait.getResult(0)), destination);
  EXPECT_EQ(range(*liveness, *destination), std::make_pair(4u, 7u));
  FailureOr<int64_t> peak = getNestedPeak(block);
  ASSERT_TRUE(succeeded(peak));
  EXPECT_EQ(*peak, 1024 + 4096 + 1024 + 4096);
}

// The buffers of a carried future are numbered with the arguments, so a
// permuted liveness equals the one built on the reordered body.
TEST_F(BufferLivenessTest, PermutedBodyKeepsTheCarriedBuffers) {
  func::FuncOp func = parse(kSunk);
  ASSERT_TRUE(func);
  auto loop = cast<scf::ForOp>(*std::next(func.getBody().front().begin(), 5));
  Block &body = *loop.getBody();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  ASSERT_TRUE(succeeded(liveness));
  // The wait first, then the gradients.
  std::vector<unsigned> order = {1, 0, 2, 3, 4};
  BufferLiveness moved = liveness->permuted(order);
  Operation &wait = *std::next(body.begin(), 1);
  wait.moveBefore(&body.front());
  FailureOr<BufferLiveness> rebuilt = BufferLiveness::build(body);
  ASSERT_TRUE(succeeded(rebuilt));
  const MemoryProblem &a = moved.getProblem(), &b = rebuilt->getProblem();
  ASSERT_EQ(a.buffers.size(), b.buffers.size());
  for (unsigned buffer = 0; buffer < a.buffers.size(); ++buffer) {
    SCOPED_TRACE("buffer " + std::to_string(buffer));
    EXPECT_EQ(a.buffers[buffer].size, b.buffers[buffer].size);
    EXPECT_EQ(a.buffers[buffer].def, b.buffers[buffer].def);
    EXPECT_EQ(a.buffers[buffer].liveOut, b.buffers[buffer].liveOut);
    EXPECT_EQ(a.buffers[buffer].uses, b.buffers[buffer].uses);
    EXPECT_EQ(moved.getValue(buffer), rebuilt->getValue(buffer));
  }
  // Waiting first frees the gradients in flight before the new ones exist.
  EXPECT_EQ(computePeak(b, rebuilt->getProgramOrder()),
            1024 + 1024 + 4096 + 1024);
}

// A future that a branch returns gets its destination at the branch, and
// the input it reads from the enclosing block stays live to the wait.
TEST_F(BufferLivenessTest, BranchResultFutureIsLiveToItsWait) {
  func::FuncOp func = parse(kBranch);
  ASSERT_TRUE(func);
  Block &block = func.getBody().front();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  ASSERT_TRUE(succeeded(liveness));
  auto ops = block.begin();
  Operation &grads = *ops;
  Operation &branch = *std::next(ops, 1);
  Operation &wait = *std::next(ops, 2);
  const MemoryProblem &problem = liveness->getProblem();
  std::optional<unsigned> destination = liveness->lookup(branch.getResult(0));
  ASSERT_TRUE(destination.has_value());
  EXPECT_EQ(problem.buffers[*destination].size, 1024);
  EXPECT_EQ(problem.buffers[*destination].def, std::optional<unsigned>(1));
  EXPECT_EQ(liveness->lookup(wait.getResult(0)), destination);
  EXPECT_EQ(range(*liveness, *destination), std::make_pair(1u, 3u));
  std::optional<unsigned> sent = liveness->lookup(grads.getResult(0));
  ASSERT_TRUE(sent.has_value());
  EXPECT_EQ(range(*liveness, *sent), std::make_pair(0u, 2u));
}
