//===- Combine.cpp - triton-combine ---------------------------------------===//
//
// Patterns that merge ops the frontend emits separately. Each keeps the
// program's meaning exactly.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "TritonDialect/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// addptr(addptr(p, a), b) -> addptr(p, a + b), for offsets of one type.
struct CombineAddPtr : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// select(m, load(p, m), other) -> load(p, m, other): lanes the mask turns
/// off read `other` either way.
struct CombineSelectMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load.getMask() || load.getOther() || !load->hasOneUse() ||
        load.getMask() != op.getCondition() || load.getIsVolatile())
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(
        op, load.getType(), load.getPtr(), load.getMask(), op.getFalseValue(),
        load.getBoundaryCheck(), load.getPaddingAttr(), load.getCache(),
        load.getEvict(), load.getIsVolatile());
    rewriter.eraseOp(load);
    return success();
  }
};

/// dot(a, b, 0) + d -> dot(a, b, d).
template <typename AddOp>
struct CombineDotAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [dotValue, other] : {std::pair(op.getLhs(), op.getRhs()),
                                   std::pair(op.getRhs(), op.getLhs())}) {
      auto dot = dotValue.template getDefiningOp<DotOp>();
      bool zeroAcc = dot && (matchPattern(dot.getC(), m_AnyZeroFloat()) ||
                             matchPattern(dot.getC(), m_Zero()));
      if (!zeroAcc || !dot->hasOneUse())
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          op, dot.getType(), dot.getA(), dot.getB(), other,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      return success();
    }
    return failure();
  }
};

class CombinePass
    : public mlir::triton::impl::TritonCombineOpsBase<CombinePass> {
public:
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<CombineAddPtr, CombineSelectMaskedLoad,
                 CombineDotAdd<arith::AddFOp>, CombineDotAdd<arith::AddIOp>>(
        ctx);
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (name.getDialectNamespace() == "tt")
        name.getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
