//===- Canonicalize.cpp - Folders and canonicalizations of `tt` ops -------===//
//
// What canonicalize does to Triton IR:
//   - constants flow through splat, broadcast, expand_dims, reshape, trans,
//     unsplat, make_range of one element, fp_to_fp and mulhiui;
//   - shape ops of a splat become a splat of the scalar;
//   - chains collapse: broadcast(broadcast), reshape(reshape), trans(trans),
//     bitcast(bitcast), int_to_ptr(ptr_to_int);
//   - no-ops vanish: addptr/advance by zero, identity trans/reshape/
//     broadcast/bitcast/fp_to_fp.
// Masked load/store canonicalizations live with the ops in MemoryOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// A splat constant of `attr` reshaped to `type`, or null.
OpFoldResult reshapeSplatConstant(Attribute attr, Type type) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(type),
                                dense.getSplatValue<Attribute>());
}

/// `shape_op(splat x) -> splat x`, for any op whose result is a tensor of
/// the splatted scalar's type.
template <typename OpTy> struct ShapeOpOfSplat : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op->getOperand(0).template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// `broadcast(broadcast x) -> broadcast x`.
struct BroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(inner.getSrc()); });
    return success();
  }
};

/// `int_to_ptr(ptr_to_int x) -> x` when the types round-trip.
struct IntToPtrOfPtrToInt : public OpRewritePattern<IntToPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IntToPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<PtrToIntOp>();
    if (!inner || inner.getSrc().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, inner.getSrc());
    return success();
  }
};
} // namespace

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  auto type = cast<RankedTensorType>(getType());
  if (type.getNumElements() != 1)
    return {};
  return DenseElementsAttr::get(
      type, IntegerAttr::get(type.getElementType(), getStartAttr().getInt()));
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(value))
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(getType()), value);
}

OpFoldResult UnsplatOp::fold(FoldAdaptor adaptor) {
  if (auto splat = getSrc().getDefiningOp<SplatOp>())
    return splat.getSrc();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    if (dense.isSplat())
      return dense.getSplatValue<Attribute>();
  return {};
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShapeOpOfSplat<BroadcastOp>, BroadcastOfBroadcast>(context);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShapeOpOfSplat<ExpandDimsOp>>(context);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (OpFoldResult folded = reshapeSplatConstant(adaptor.getSrc(), getType()))
    return folded;
  // reshape(reshape x) -> reshape x, unless the inner one may reorder
  // elements and this one may not.
  if (auto inner = getSrc().getDefiningOp<ReshapeOp>()) {
    if (!inner.getAllowReorder() || getAllowReorder()) {
      getSrcMutable().assign(inner.getSrc());
      return getResult();
    }
  }
  return {};
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ShapeOpOfSplat<ReshapeOp>>(context);
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  if (llvm::equal(order, llvm::seq<int32_t>(0, order.size())))
    return getSrc();
  if (OpFoldResult folded = reshapeSplatConstant(adaptor.getSrc(), getType()))
    return folded;
  // trans(trans(x, inner), outer) == trans(x, inner[outer[i]]).
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> composed;
    for (int32_t d : order)
      composed.push_back(innerOrder[d]);
    getSrcMutable().assign(inner.getSrc());
    setOrder(composed);
    return getResult();
  }
  return {};
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<ShapeOpOfSplat<TransOp>>(context);
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

OpFoldResult AdvanceOp::fold(FoldAdaptor) {
  for (Value offset : getOffsets())
    if (!matchPattern(offset, m_Zero()))
      return {};
  return getPtr();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc());
  if (!dense || !dense.isSplat())
    return {};
  auto dstType = cast<FloatType>(getElementTypeOrSelf(getType()));
  APFloat value = dense.getSplatValue<APFloat>();
  auto rounding =
      getRounding().value_or(RoundingMode::RTNE) == RoundingMode::RTZ
          ? APFloat::rmTowardZero
          : APFloat::rmNearestTiesToEven;
  bool losesInfo = false;
  APFloat::opStatus status =
      value.convert(dstType.getFloatSemantics(), rounding, &losesInfo);
  if (status & APFloat::opInvalidOp)
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                FloatAttr::get(dstType, value));
}

OpFoldResult MulhiUIOp::fold(FoldAdaptor adaptor) {
  auto hiProduct = [](const APInt &a, const APInt &b) {
    unsigned n = a.getBitWidth();
    return (a.zext(2 * n) * b.zext(2 * n)).lshr(n).trunc(n);
  };
  if (auto a = dyn_cast_or_null<IntegerAttr>(adaptor.getX()))
    if (auto b = dyn_cast_or_null<IntegerAttr>(adaptor.getY()))
      return IntegerAttr::get(getType(), hiProduct(a.getValue(), b.getValue()));
  auto a = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getX());
  auto b = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getY());
  if (a && b && a.isSplat() && b.isSplat())
    return DenseElementsAttr::get(
        cast<ShapedType>(getType()),
        hiProduct(a.getSplatValue<APInt>(), b.getSplatValue<APInt>()));
  return {};
}

void IntToPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<IntToPtrOfPtrToInt>(context);
}
