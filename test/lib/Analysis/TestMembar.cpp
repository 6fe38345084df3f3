//===- TestMembar.cpp - test-print-membar ---------------------------------===//
//
// Runs the barrier insertion on a module whose buffers allocate-shared-memory
// has placed, so lit tests can check where gpu.barrier goes.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/Membar.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
struct TestMembarPass
    : public PassWrapper<TestMembarPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMembarPass)
  StringRef getArgument() const final { return "test-print-membar"; }
  StringRef getDescription() const final {
    return "Insert gpu.barrier between racing shared-memory accesses (run "
           "allocate-shared-memory first)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect>();
  }
  void runOnOperation() override {
    triton::insertSharedMemoryBarriers(getOperation());
  }
};
} // namespace

namespace mlir::triton::test {
void registerTestMembarPass() { PassRegistration<TestMembarPass>(); }
} // namespace mlir::triton::test
