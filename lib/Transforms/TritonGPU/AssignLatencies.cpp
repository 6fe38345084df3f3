//===- AssignLatencies.cpp - tritongpu-assign-latencies -------------------===//
//
// The first step of software pipelining: in each innermost loop with a dot,
// the loads cp.async can copy into the shared buffers the loop's dots read
// get `tt.latency = S - 1`, S being the loop's `tt.num_stages` or the pass's
// `num-stages`, lowered (with a remark) until S ring slots of every such
// tile fit in the target's shared memory. A loop without a dot is pipelined
// when it carries `tt.num_stages` (upstream's rule): its copyable loads are
// staged through shared memory first. tritongpu-schedule-loops turns the
// latencies into a schedule, tritongpu-pipeline carries it out.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
class AssignLatenciesPass
    : public mlir::triton::impl::TritonGPUAssignLatenciesBase<
          AssignLatenciesPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops = getInnermostPipelineLoops(module);
    if (loops.empty())
      return;
    ModuleAxisInfoAnalysis axis(module);
    int capability = TritonGPUDialect::getComputeCapability(module);
    auto remark = [&](Operation *op, const Twine &text) {
      if (remarks)
        op->emitRemark(text);
    };
    for (scf::ForOp loop : loops)
      assignLatencies(loop, numStages, axis, capability, remark);
  }
};
} // namespace
