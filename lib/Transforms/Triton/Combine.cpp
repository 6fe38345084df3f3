//===- Combine.cpp - triton-combine ---------------------------------------===//
//
// Patterns that merge ops the frontend emits separately. Each keeps the
// program's meaning exactly.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
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

/// Whether `op` repeats its source along `axis` only.
bool broadcastsOnlyAlong(BroadcastOp op, int64_t axis) {
  auto src = cast<RankedTensorType>(op.getSrc().getType()).getShape();
  auto dst = cast<RankedTensorType>(op.getType()).getShape();
  for (int64_t i = 0, e = src.size(); i < e; ++i)
    if ((src[i] != dst[i]) != (i == axis))
      return false;
  return true;
}

/// `v` without its unit dimension `axis`: the expand_dims source if `v` is
/// one, else a reshape.
Value dropUnitDim(PatternRewriter &rewriter, Location loc, Value v,
                  int64_t axis) {
  if (auto expand = v.getDefiningOp<ExpandDimsOp>();
      expand && expand.getAxis() == axis)
    return expand.getSrc();
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  return ReshapeOp::create(rewriter, loc, type.clone(shape), v);
}

/// sum(x[:, :, None] * y[None, :, :], axis=1) -> dot(x, y), as upstream: the
/// M x K x N product never exists and the sum runs on tensor cores. Float
/// sums of at most 32 bits with M, K, N >= 16 (tl.dot's smallest tile); the
/// dot accumulates in the sum's own type.
struct CombineBroadcastMulReduce : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto add = dyn_cast_or_null<arith::AddFOp>(op.getSingleCombiner());
    if (!add || op.getNumOperands() != 1 || op.getAxis() != 1 ||
        add.getType().getIntOrFloatBitWidth() > 32)
      return failure();
    auto mul = op.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!mul)
      return failure();
    auto lhs = mul.getLhs().getDefiningOp<BroadcastOp>();
    auto rhs = mul.getRhs().getDefiningOp<BroadcastOp>();
    if (!lhs || !rhs)
      return failure();
    auto shape = cast<RankedTensorType>(lhs.getType()).getShape(); // M,K,N
    if (shape.size() != 3 || !broadcastsOnlyAlong(lhs, 2) ||
        !broadcastsOnlyAlong(rhs, 0) ||
        llvm::any_of(shape, [](int64_t d) { return d < 16; }))
      return failure();
    Location loc = op.getLoc();
    Value a = dropUnitDim(rewriter, loc, lhs.getSrc(), 2);
    Value b = dropUnitDim(rewriter, loc, rhs.getSrc(), 0);
    auto accType = cast<RankedTensorType>(op.getResult()[0].getType());
    Value zero = arith::ConstantOp::create(
        rewriter, loc, accType,
        DenseElementsAttr::get(accType,
                               rewriter.getFloatAttr(add.getType(), 0.0)));
    rewriter.replaceOpWithNewOp<DotOp>(op, accType, a, b, zero,
                                       InputPrecision::IEEE, 0);
    return success();
  }
};

class CombinePass
    : public mlir::triton::impl::TritonCombineOpsBase<CombinePass> {
public:
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<CombineAddPtr, CombineSelectMaskedLoad,
                 CombineDotAdd<arith::AddFOp>, CombineDotAdd<arith::AddIOp>,
                 CombineBroadcastMulReduce>(ctx);
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (name.getDialectNamespace() == "tt")
        name.getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
