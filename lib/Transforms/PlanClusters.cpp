//===- PlanClusters.cpp - tritongpu-plan-clusters: blocks in pairs --------===//
//
// A kernel whose loop issues warp-group dots gets 2-block clusters along x
// (`ttg.cluster-dim-x = 2`), lowered to the kernel's `.reqnctapercluster`.
// Every block stays one program: nothing in the kernel refers to the
// cluster. What changes is scheduling: blocks 2i and 2i+1 are placed at the
// same time on one GPC, and neighbouring programs of a matmul (the same
// column of tiles in the grouped order, or the same row) load the same
// operand tiles. Measured on an H100 (docs/gpu-runs, seventeenth session):
// upstream's own matmul PTX with the directive added ran 0-19 % faster at
// ten tile configurations, never slower; clusters of 4 were slower.
//
// The launch of such a kernel fails unless the grid's x extent is even, so
// the pass needs the launcher's word for it (`grid-x-multiple`, or the
// module's `ttg.grid-x-multiple`).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <numeric>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUPLANCLUSTERS
#include "TritonDialect/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
constexpr int kClusterBlocks = 2;

struct PlanClustersPass
    : public triton::impl::TritonGPUPlanClustersBase<PlanClustersPass> {
  using TritonGPUPlanClustersBase::TritonGPUPlanClustersBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto remark = [&](const Twine &text) {
      if (remarks)
        module.emitRemark(text);
    };
    if (gridXMultiple < 1) {
      module.emitError() << "grid-x-multiple must be positive, got "
                         << gridXMultiple;
      return signalPassFailure();
    }
    Builder b(module.getContext());
    // The launcher's word: the option and what the module already says are
    // both true, so the grid's x extent is a multiple of their lcm.
    int64_t multiple = gridXMultiple;
    StringRef factName = TritonGPUDialect::getGridXMultipleAttrName();
    if (auto known = module->getAttrOfType<IntegerAttr>(factName))
      multiple = std::lcm(multiple, known.getInt());
    if (multiple > 1)
      module->setAttr(factName, b.getI32IntegerAttr(multiple));

    for (StringRef name : {TritonGPUDialect::getClusterDimXAttrName(),
                           TritonGPUDialect::getClusterDimYAttrName(),
                           TritonGPUDialect::getClusterDimZAttrName()})
      if (module->hasAttr(name))
        return remark("blocks not regrouped: the module already says its "
                      "cluster shape");
    if (TritonGPUDialect::getComputeCapability(module) < 90)
      return remark("blocks not grouped: clusters need sm_90 or later");
    if (TritonGPUDialect::getNumCTAs(module) != 1)
      return remark("blocks not grouped: a program spans several blocks "
                    "(ttg.num-ctas)");
    if (multiple % kClusterBlocks != 0)
      return remark("blocks not grouped: the grid's x extent is not known to "
                    "be a multiple of 2 (grid-x-multiple = " +
                    Twine(multiple) + ")");
    bool dotLoop = false;
    module.walk([&](nvidia_gpu::WarpGroupDotOp dot) {
      if (dot->getParentOfType<scf::ForOp>())
        dotLoop = true;
    });
    if (!dotLoop)
      return remark("blocks not grouped: no warp-group dot in a loop");

    module->setAttr(TritonGPUDialect::getClusterDimXAttrName(),
                    b.getI32IntegerAttr(kClusterBlocks));
    module->setAttr(TritonGPUDialect::getClusterDimYAttrName(),
                    b.getI32IntegerAttr(1));
    module->setAttr(TritonGPUDialect::getClusterDimZAttrName(),
                    b.getI32IntegerAttr(1));
    remark("blocks grouped in clusters of 2 along x: neighbouring programs "
           "of the warp-group dot loop are scheduled together");
  }
};
} // namespace
