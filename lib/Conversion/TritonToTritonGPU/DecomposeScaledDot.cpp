//===- DecomposeScaledDot.cpp - tt.dot_scaled as upcasts and tt.dot -------===//
//
// Before Blackwell no tensor-core instruction takes microscaled operands, so
// `tt.dot_scaled` becomes plain Triton ops ahead of layout assignment:
//
//   1. each operand is upcast to the compute type (f16 if either operand is
//      fp16, else bf16): fp8 through `tt.fp_to_fp`, fp4 (e2m1, two per byte,
//      low nibble first) by building each value's bits with integer ops and
//      interleaving the two nibbles along the packed dimension;
//   2. each scale (e8m0: 2^(s - 127), one per `group` elements of K) becomes
//      the compute type by shifting its bits into the exponent field, is
//      repeated `group` times along K, and multiplies the operand;
//   3. unless `fastMath`, an operand element whose scale is 0xFF (NaN in
//      e8m0) is NaN;
//   4. `tt.dot` of the two scaled operands, accumulating into the same c.
//
// Upstream Triton computes the same values (its DecomposeScaledBlocked);
// every op here then takes its layout and tensor-core path like any other.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
using TensorValue = TypedValue<RankedTensorType>;

TensorValue splatInt(PatternRewriter &rw, Location loc, RankedTensorType type,
                     int64_t value) {
  auto elem = cast<IntegerType>(type.getElementType());
  Value scalar = arith::ConstantIntOp::create(rw, loc, elem, value);
  return cast<TensorValue>(SplatOp::create(rw, loc, type, scalar).getResult());
}

TensorValue permute(PatternRewriter &rw, Location loc, TensorValue v,
                    ArrayRef<int32_t> order) {
  RankedTensorType type = v.getType();
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(type.getDimSize(d));
  return cast<TensorValue>(
      TransOp::create(rw, loc, type.clone(shape), v, order).getResult());
}

/// The order that moves a new last dimension to just after `dim`.
SmallVector<int32_t> interleaveOrder(int64_t rank, int64_t dim) {
  auto order = llvm::to_vector(llvm::seq<int32_t>(0, rank));
  order.insert(order.begin() + dim + 1, rank);
  return order;
}

/// [.., d_dim, ..] x `factor` along a new last dimension -> [.., d_dim *
/// factor, ..], the new index varying fastest within each old one.
TensorValue mergeLastInto(PatternRewriter &rw, Location loc, TensorValue v,
                          int64_t dim) {
  RankedTensorType type = v.getType();
  int64_t rank = type.getRank() - 1;
  if (dim != rank - 1)
    v = permute(rw, loc, v, interleaveOrder(rank, dim));
  SmallVector<int64_t> shape(type.getShape().drop_back());
  shape[dim] *= type.getShape().back();
  return cast<TensorValue>(
      ReshapeOp::create(rw, loc, type.clone(shape), v).getResult());
}

/// e2m1 nibbles (i16, 0..15) -> bits of the same values in `computeType`.
/// A magnitude m = (exponent, mantissa) in 2..7 is a normal number whose
/// bits are m << (mantissa bits - 1) plus (bias - 1) << mantissa bits; m = 1
/// is 0.5 and m = 0 is 0.
TensorValue fp4BitsTo16(PatternRewriter &rw, Location loc, TensorValue nib,
                        FloatType computeType) {
  RankedTensorType type = nib.getType();
  int mantissa = computeType.getFPMantissaWidth() - 1;
  // The bits of 0.5: exponent bias - 1, mantissa 0.
  int64_t half = int64_t((computeType.isBF16() ? 127 : 15) - 1) << mantissa;
  auto c = [&](int64_t v) { return splatInt(rw, loc, type, v); };
  Value mag = arith::AndIOp::create(rw, loc, nib, c(7));
  Value sign = arith::ShLIOp::create(
      rw, loc, arith::AndIOp::create(rw, loc, nib, c(8)), c(12));
  Value normal = arith::AddIOp::create(
      rw, loc, arith::ShLIOp::create(rw, loc, mag, c(mantissa - 1)), c(half));
  Value small = arith::MulIOp::create(rw, loc, mag, c(half));
  Value isSmall =
      arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::ule, mag, c(1));
  Value bits = arith::SelectOp::create(rw, loc, isSmall, small, normal);
  return cast<TensorValue>(
      arith::OrIOp::create(rw, loc, bits, sign).getResult());
}

/// Packed e2m1 (i8, two values per byte, low nibble first along
/// `packedDim`) -> `computeType`, twice as long along `packedDim`.
TensorValue upcastFp4(PatternRewriter &rw, Location loc, TensorValue packed,
                      FloatType computeType, int64_t packedDim) {
  RankedTensorType type = packed.getType();
  auto i16 = type.clone(rw.getI16Type());
  Value wide = arith::ExtUIOp::create(rw, loc, i16, packed);
  auto lo = cast<TensorValue>(
      arith::AndIOp::create(rw, loc, wide, splatInt(rw, loc, i16, 15))
          .getResult());
  auto hi = cast<TensorValue>(
      arith::ShRUIOp::create(rw, loc, wide, splatInt(rw, loc, i16, 4))
          .getResult());
  auto floatType = type.clone(computeType);
  Value loF = BitcastOp::create(rw, loc, floatType,
                                fp4BitsTo16(rw, loc, lo, computeType));
  Value hiF = BitcastOp::create(rw, loc, floatType,
                                fp4BitsTo16(rw, loc, hi, computeType));
  SmallVector<int64_t> joined(type.getShape());
  joined.push_back(2);
  auto join = cast<TensorValue>(
      JoinOp::create(rw, loc, floatType.clone(joined), loF, hiF).getResult());
  return mergeLastInto(rw, loc, join, packedDim);
}

/// Any float operand -> `computeType`.
TensorValue upcastFloat(PatternRewriter &rw, Location loc, TensorValue v,
                        FloatType computeType) {
  RankedTensorType type = v.getType();
  Type elem = type.getElementType();
  if (elem == computeType)
    return v;
  if (elem.getIntOrFloatBitWidth() < 16)
    return cast<TensorValue>(
        FpToFpOp::create(rw, loc, type.clone(computeType), v, nullptr)
            .getResult());
  // bf16 <-> f16 (an operand given as the other 16-bit type): through f32.
  Value wide = arith::ExtFOp::create(rw, loc, type.clone(rw.getF32Type()), v);
  return cast<TensorValue>(
      arith::TruncFOp::create(rw, loc, type.clone(computeType), wide)
          .getResult());
}

/// An e8m0 scale (i8 bits) or a float scale -> `computeType`.
TensorValue scaleTo16(PatternRewriter &rw, Location loc, TensorValue scale,
                      FloatType computeType) {
  RankedTensorType type = scale.getType();
  if (isa<FloatType>(type.getElementType()))
    return upcastFloat(rw, loc, scale, computeType);
  // e8m0 is an 8-bit exponent with bias 127, as in bf16 and f32; f16's
  // exponent is narrower, so go through f32 and round.
  FloatType wideType = computeType.isBF16() ? computeType : rw.getF32Type();
  int width = wideType.getWidth();
  auto intType = type.clone(rw.getIntegerType(width));
  Value ext = arith::ExtUIOp::create(rw, loc, intType, scale);
  Value bits = arith::ShLIOp::create(
      rw, loc, ext,
      splatInt(rw, loc, intType, wideType.getFPMantissaWidth() - 1));
  Value fp = BitcastOp::create(rw, loc, type.clone(wideType), bits);
  if (wideType != computeType)
    fp = arith::TruncFOp::create(rw, loc, type.clone(computeType), fp);
  return cast<TensorValue>(fp);
}

/// Repeats each element of `scale` ([.., K/group] with K last, as rows x
/// groups) `group` times along K, and puts K at `kDim` of a rank-`rank`
/// operand (transposing b's N x K/group scale into K x N).
TensorValue broadcastScale(PatternRewriter &rw, Location loc, TensorValue s,
                           int64_t group, bool transpose) {
  RankedTensorType type = s.getType();
  int64_t rank = type.getRank();
  if (transpose) {
    auto order = llvm::to_vector(llvm::seq<int32_t>(0, rank));
    std::swap(order[rank - 1], order[rank - 2]);
    s = permute(rw, loc, s, order);
    type = s.getType();
  }
  int64_t kDim = transpose ? rank - 2 : rank - 1;
  Value expanded = ExpandDimsOp::create(rw, loc, s, rank);
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(group);
  auto broadcast = cast<TensorValue>(
      BroadcastOp::create(rw, loc, type.clone(shape), expanded).getResult());
  return mergeLastInto(rw, loc, broadcast, kDim);
}

struct DecomposeScaledDot : public OpRewritePattern<DotScaledOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotScaledOp op,
                                PatternRewriter &rw) const override {
    FloatType computeType = op.getAElemType() == ScaleDotElemType::FP16 ||
                                    op.getBElemType() == ScaleDotElemType::FP16
                                ? FloatType(rw.getF16Type())
                                : FloatType(rw.getBF16Type());
    Value a = scaled(rw, op, 0, computeType);
    Value b = scaled(rw, op, 1, computeType);
    rw.replaceOpWithNewOp<DotOp>(op, op.getType(), a, b, op.getC(),
                                 InputPrecision::IEEE, 0);
    return success();
  }

private:
  static Value scaled(PatternRewriter &rw, DotScaledOp op, int idx,
                      FloatType computeType) {
    auto v = cast<TensorValue>(idx == 0 ? op.getA() : op.getB());
    auto scale = cast_if_present<TensorValue>(idx == 0 ? op.getAScale()
                                                       : op.getBScale());
    bool fp4 = (idx == 0 ? op.getAElemType() : op.getBElemType()) ==
               ScaleDotElemType::E2M1;
    bool kPack = idx == 0 ? op.getLhsKPack() : op.getRhsKPack();
    Location loc = op.getLoc();
    int64_t rank = v.getType().getRank();
    int64_t kDim = idx == 0 ? rank - 1 : rank - 2;
    if (fp4)
      v = upcastFp4(rw, loc, v, computeType,
                    kPack ? kDim : (idx == 0 ? rank - 2 : rank - 1));
    else
      v = upcastFloat(rw, loc, v, computeType);
    if (!scale)
      return v;
    int64_t group =
        v.getType().getDimSize(kDim) / scale.getType().getDimSize(rank - 1);
    TensorValue scale16 = scaleTo16(rw, loc, scale, computeType);
    Value factor = broadcastScale(rw, loc, scale16, group, idx == 1);
    Value product = arith::MulFOp::create(rw, loc, v, factor);
    if (op.getFastMath())
      return product;
    // e8m0 0xFF is NaN (a float scale: any NaN).
    Value isNan;
    if (isa<FloatType>(scale.getType().getElementType())) {
      isNan = arith::CmpFOp::create(rw, loc, arith::CmpFPredicate::UNO, scale16,
                                    scale16);
    } else {
      isNan = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq, scale,
                                    splatInt(rw, loc, scale.getType(), 0xff));
    }
    Value nanMask =
        broadcastScale(rw, loc, cast<TensorValue>(isNan), group, idx == 1);
    auto type = v.getType();
    Value nan = arith::ConstantOp::create(
        rw, loc, type,
        DenseElementsAttr::get(
            type, APFloat::getNaN(computeType.getFloatSemantics())));
    return arith::SelectOp::create(rw, loc, nanMask, nan, product);
  }
};
} // namespace

void mlir::triton::populateDecomposeScaledDotPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeScaledDot>(patterns.getContext());
}
