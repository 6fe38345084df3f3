//===- SetTarget.cpp - tritongpu-set-target -------------------------------===//
//
// A TTGIR module without `ttg.target` gets the pass's `target`, as
// triton.compile supplies it for upstream's TTGIR test files; a module that
// names its target keeps it.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUSETTARGET
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
class SetTargetPass
    : public triton::impl::TritonGPUSetTargetBase<SetTargetPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef text = target;
    unsigned capability = 0;
    if (!text.consume_front("cuda:") || text.getAsInteger(10, capability) ||
        capability == 0) {
      module.emitError("target '")
          << target << "' is not of the form cuda:<capability>";
      return signalPassFailure();
    }
    if (module->hasAttr(TritonGPUDialect::getTargetAttrName()))
      return;
    module->setAttr(TritonGPUDialect::getTargetAttrName(),
                    Builder(module.getContext()).getStringAttr(target));
  }
};
} // namespace
