//===- TestAxisInfo.cpp - test-print-alignment ----------------------------===//
//
// Emits, as a remark on every op, the AxisInfo of its integer and pointer
// results, so lit tests can check the analysis with -verify-diagnostics.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"

#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)
  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "Print the contiguity, divisibility and constancy of every "
           "integer and pointer value as remarks";
  }
  void runOnOperation() override {
    ModuleAxisInfoAnalysis analysis(getOperation());
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        const AxisInfo *info = analysis.getAxisInfo(result);
        if (!info)
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        info->print(os);
        op->emitRemark() << text;
      }
    });
  }
};
} // namespace

namespace mlir::triton::test {
void registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
} // namespace mlir::triton::test
