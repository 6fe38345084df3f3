//===- LoopUnroll.cpp - triton-loop-unroll --------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kUnrollFactor = "tt.loop_unroll_factor";

class LoopUnrollPass
    : public mlir::triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
public:
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kUnrollFactor))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      auto factor = loop->getAttrOfType<IntegerAttr>(kUnrollFactor);
      if (!factor || factor.getInt() < 1) {
        loop.emitError() << "'" << kUnrollFactor
                         << "' must be a positive integer, got "
                         << loop->getAttr(kUnrollFactor);
        return signalPassFailure();
      }
      loop->removeAttr(kUnrollFactor);
      if (factor.getInt() == 1)
        continue;
      if (failed(loopUnrollByFactor(loop, factor.getInt()))) {
        loop.emitError() << "cannot unroll this loop by " << factor.getInt();
        return signalPassFailure();
      }
    }
  }
};
} // namespace
