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
// ten tile configurations, never slower: 4.5-19 % where two or more blocks
// fit on a multiprocessor, nothing where one does; clusters of 4 were
// slower. Our flash attention (a loop of two chained dots) ran about 1 %
// slower with them, so loops with a dot fed from registers keep single
// blocks, as do kernels with room for one block per multiprocessor.
//
// The launch of such a kernel fails unless the grid's x extent is even, so
// the pass needs the launcher's word for it (`grid-x-multiple`, or the
// module's `ttg.grid-x-multiple`).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <numeric>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUPLANCLUSTERS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
constexpr int kClusterBlocks = 2;

/// Blocks of `module` that fit on one multiprocessor by shared memory: what
/// it uses (`ttg.shared`) or asks for (`ttg.max-ctas-per-sm`), next to what
/// the driver keeps per block.
int64_t blocksPerSM(ModuleOp module, int64_t shared) {
  int64_t perSM =
      getSharedMemoryPerSM(TritonGPUDialect::getComputeCapability(module));
  int64_t blocks =
      perSM / (shared + static_cast<int64_t>(kSharedMemoryReservedPerBlock));
  if (auto cap = module->getAttrOfType<IntegerAttr>(
          TritonGPUDialect::getMaxCTAsPerSMAttrName()))
    blocks = std::min<int64_t>(blocks, cap.getInt());
  return blocks;
}

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
      module.emitError() << "tritongpu-plan-clusters: grid-x-multiple must "
                            "be positive, got "
                         << static_cast<int64_t>(gridXMultiple);
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
    // Loops of matmul shape: every warp-group dot in them reads both
    // operands from shared memory. A dot fed from registers (the second dot
    // of attention, whose A is the first one's result) marks a loop where
    // clusters measured about 1 % slower on an H100 (docs/gpu-runs).
    bool dotLoop = false, registerOperand = false;
    module.walk([&](nvidia_gpu::WarpGroupDotOp dot) {
      if (!dot->getParentOfType<scf::ForOp>())
        return;
      dotLoop = true;
      if (!isa<MemDescType>(dot.getA().getType()))
        registerOperand = true;
    });
    if (!dotLoop)
      return remark("blocks not grouped: no warp-group dot in a loop");
    if (registerOperand)
      return remark("blocks not grouped: a warp-group dot in the loop takes "
                    "its A operand from registers (a chained dot, as in "
                    "attention), where clusters do not gain");
    auto shared = module->getAttrOfType<IntegerAttr>(
        TritonGPUDialect::getSharedAttrName());
    if (!shared)
      return remark("blocks not grouped: shared memory not allocated yet "
                    "(run allocate-shared-memory first)");
    int64_t blocks = blocksPerSM(module, shared.getInt());
    if (blocks < 2)
      return remark("blocks not grouped: " + Twine(blocks) +
                    " block per multiprocessor (" + Twine(shared.getInt()) +
                    " bytes of shared memory), nothing to gain");

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
