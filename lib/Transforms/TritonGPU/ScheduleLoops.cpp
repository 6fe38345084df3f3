//===- ScheduleLoops.cpp - tritongpu-schedule-loops -----------------------===//
//
// The second step of software pipelining: a loop whose body has ops with a
// `tt.latency` (tritongpu-assign-latencies) gets a schedule. Those ops and
// the ops computing their operands form stage 0; every other op of the body
// the last stage, the largest latency (`tt.scheduled_max_stage` on the
// loop). Each op carries its `loop.stage` and its `loop.cluster`, the order
// of the pipelined body: stage 0 first (an iteration's copies go out before
// it waits for earlier ones), or last when a wgmma fed only from pipelined
// loads is kept in flight across iterations (its wait then retires the
// wgmma still reading the ring slot the copies overwrite); then the ops
// after that wgmma (a persistent loop's epilogue) come after the copies,
// cluster 2, so the next tiles' copies go out before the epilogue.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
class ScheduleLoopsPass
    : public mlir::triton::impl::TritonGPUScheduleLoopsBase<ScheduleLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      scheduleLoop(loop);
  }
};
} // namespace
