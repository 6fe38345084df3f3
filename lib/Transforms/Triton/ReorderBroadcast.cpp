//===- ReorderBroadcast.cpp - triton-reorder-broadcast --------------------===//
//
// Elementwise ops on splats or same-shaped broadcasts run on the smaller
// value before it is spread out.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// Pure elementwise ops over tensors, with one result.
bool isCandidate(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         op->getNumOperands() > 0 && !isa<SplatOp, BroadcastOp>(op);
}

/// The scalar a splat (or splat constant) spreads, else null.
Value splatSource(Value v, PatternRewriter &rewriter, Location loc) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    return splat.getSrc();
  return {};
}

/// op(splat a, splat b, ...) -> splat(op(a, b, ...)).
struct MoveSplatAfterElementwise : public RewritePattern {
  MoveSplatAfterElementwise(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isCandidate(op))
      return failure();
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      Value s = splatSource(operand, rewriter, op->getLoc());
      if (!s)
        return failure();
      scalars.push_back(s);
    }
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    OperationState state(op->getLoc(), op->getName().getStringRef(), scalars,
                         {type.getElementType()}, op->getAttrs());
    Value scalar = rewriter.create(state)->getResult(0);
    rewriter.replaceOpWithNewOp<SplatOp>(op, type, scalar);
    return success();
  }
};

/// op(broadcast a, broadcast b, ...) -> broadcast(op(a, b, ...)) when every
/// broadcast starts from one shape.
struct MoveBroadcastAfterElementwise : public RewritePattern {
  MoveBroadcastAfterElementwise(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isCandidate(op))
      return failure();
    SmallVector<Value> sources;
    std::optional<ArrayRef<int64_t>> shape;
    for (Value operand : op->getOperands()) {
      auto b = operand.getDefiningOp<BroadcastOp>();
      if (!b)
        return failure();
      auto srcType = cast<RankedTensorType>(b.getSrc().getType());
      if (shape && *shape != srcType.getShape())
        return failure();
      shape = srcType.getShape();
      sources.push_back(b.getSrc());
    }
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    auto smallType = RankedTensorType::get(*shape, type.getElementType(),
                                           type.getEncoding());
    OperationState state(op->getLoc(), op->getName().getStringRef(), sources,
                         {smallType}, op->getAttrs());
    Value small = rewriter.create(state)->getResult(0);
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, type, small);
    return success();
  }
};

class ReorderBroadcastPass
    : public mlir::triton::impl::TritonReorderBroadcastBase<
          ReorderBroadcastPass> {
public:
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(ctx);
    BroadcastOp::getCanonicalizationPatterns(patterns, ctx);
    ExpandDimsOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
