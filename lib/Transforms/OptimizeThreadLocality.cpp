//===- OptimizeThreadLocality.cpp - tritongpu-optimize-thread-locality ----===//
//
// Gathers in layouts that keep them within warps (see Passes.td). The
// lowering decides between warp shuffles and shared memory from the
// layouts alone (warpLocalGatherMap); this pass makes the first possible.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/GatherLowering.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "TritonDialect/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// The blocked layout in which each warp holds whole columns of a tensor of
/// `shape` along `axis` (dimensions other than the axis walked in
/// `order`): lanes along the axis first, the rest of the axis in registers,
/// remaining lanes and the warps over the other dimensions as far as they
/// go. Null when that would leave lanes or warps holding copies of the
/// axis (the other dimensions too small), or more than kMaxAxisRegisters
/// elements of it in each thread: each result element costs one shuffle
/// per source register along the axis, and past that point shared memory
/// (one store and one load per element) is cheaper.
constexpr unsigned kMaxAxisRegisters = 4;

BlockedEncodingAttr warpLocalLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                    unsigned axis, ArrayRef<unsigned> order,
                                    unsigned lanes, unsigned warps,
                                    CTALayoutAttr cta) {
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1), threads(rank, 1),
      warpsPerCTA(rank, 1);
  SmallVector<unsigned> newOrder = {axis};
  for (unsigned d : order)
    if (d != axis)
      newOrder.push_back(d);
  threads[axis] = std::min<int64_t>(shape[axis], lanes);
  sizePerThread[axis] = shape[axis] / threads[axis];
  unsigned lanesLeft = lanes / threads[axis];
  unsigned warpsLeft = warps;
  for (unsigned d : ArrayRef(newOrder).drop_front()) {
    threads[d] = std::min<int64_t>(shape[d], lanesLeft);
    lanesLeft /= threads[d];
    warpsPerCTA[d] = std::min<int64_t>(shape[d] / threads[d], warpsLeft);
    warpsLeft /= warpsPerCTA[d];
  }
  if (lanesLeft != 1 || warpsLeft != 1 ||
      sizePerThread[axis] > kMaxAxisRegisters)
    return {};
  return BlockedEncodingAttr::get(ctx, sizePerThread, threads, warpsPerCTA,
                                  newOrder, cta);
}

/// Whether `op` is one link of a chain of gathers (a sort or flip network):
/// its result reaches another gather through elementwise ops, or its
/// source comes from one. Only then do the layout conversions around a
/// relaid-out gather pay: the chain runs in the new layout between one
/// conversion in and one out. A lone gather between a load and a store
/// measured slower relaid out (three conversions through shared memory
/// instead of its one store and load).
bool inGatherChain(GatherOp op) {
  auto reaches = [](Value start, bool forward) {
    SmallVector<Value> work = {start};
    llvm::SmallPtrSet<Operation *, 32> seen;
    while (!work.empty() && seen.size() < 256) {
      Value v = work.pop_back_val();
      SmallVector<Operation *> next;
      if (forward)
        next.append(v.user_begin(), v.user_end());
      else if (Operation *def = v.getDefiningOp())
        next.push_back(def);
      for (Operation *o : next) {
        if (!seen.insert(o).second)
          continue;
        if (isa<GatherOp>(o))
          return true;
        if (!o->hasTrait<OpTrait::Elementwise>() && !isa<ConvertLayoutOp>(o))
          continue;
        if (forward)
          work.append(o->result_begin(), o->result_end());
        else
          work.append(o->operand_begin(), o->operand_end());
      }
    }
    return false;
  };
  return reaches(op.getResult(), true) || reaches(op.getSrc(), false);
}

RankedTensorType withEncoding(RankedTensorType type, Attribute encoding) {
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               encoding);
}

struct WarpLocalGather : public OpRewritePattern<GatherOp> {
  WarpLocalGather(MLIRContext *ctx, llvm::Statistic &relaidOut)
      : OpRewritePattern(ctx), relaidOut(relaidOut) {}

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getEfficientLayout())
      return failure();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto idxType = cast<RankedTensorType>(op.getIndices().getType());
    if (!isDistributedEncoding(srcType.getEncoding()) ||
        !isDistributedEncoding(idxType.getEncoding()))
      return failure();
    auto markOnly = [&] {
      rewriter.modifyOpInPlace(op, [&] { op.setEfficientLayout(true); });
      return success();
    };
    if (warpLocalGatherMap(op) || !inGatherChain(op))
      return markOnly();
    CTALayoutAttr cta = getCTALayoutOf(srcType.getEncoding());
    auto module = op->getParentOfType<ModuleOp>();
    if (!cta || !module)
      return markOnly();
    auto layout = warpLocalLayout(op.getContext(), srcType.getShape(),
                                  op.getAxis(), getOrderOf(srcType),
                                  TritonGPUDialect::getThreadsPerWarp(module),
                                  TritonGPUDialect::getNumWarps(module), cta);
    if (!layout)
      return markOnly();
    Location loc = op.getLoc();
    Value src = ConvertLayoutOp::create(
        rewriter, loc, withEncoding(srcType, layout), op.getSrc());
    Value idx = ConvertLayoutOp::create(
        rewriter, loc, withEncoding(idxType, layout), op.getIndices());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto gather =
        GatherOp::create(rewriter, loc, withEncoding(resultType, layout), src,
                         idx, op.getAxisAttr(), rewriter.getUnitAttr());
    // The layouts were chosen for this: anything else is a bug here.
    assert(warpLocalGatherMap(gather) && "gather layout is not warp-local");
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, resultType, gather);
    ++relaidOut;
    return success();
  }

  llvm::Statistic &relaidOut;
};

class OptimizeThreadLocalityPass
    : public mlir::triton::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocalityPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WarpLocalGather>(&getContext(), numRelaidOut);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
