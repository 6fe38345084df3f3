//===- F32DotTC.cpp - tritongpu-F32DotTC: 3xTF32 f32 dots -----------------===//
//
// `tt.dot` with `inputPrecision = tf32x3` keeps f32 accuracy on tf32 tensor
// cores: each operand x is split into x_big (its top 19 bits, what a tf32
// multiplier reads: the mantissa's low 13 bits cleared) and x_small = x -
// x_big (exact), and
//
//   a b ~= a_small b_big + a_big b_small + a_big b_big
//
// as three tf32 dots accumulated smallest terms first (a_small b_small,
// below f32 precision, is dropped). Relative error is then about 2^-20
// instead of tf32's 2^-11.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
struct SplitTF32x3 : public OpRewritePattern<DotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    if (dot.getInputPrecision() != InputPrecision::TF32x3)
      return rewriter.notifyMatchFailure(dot, "not tf32x3");
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    if (!aType.getElementType().isF32() || !bType.getElementType().isF32())
      return rewriter.notifyMatchFailure(dot, "operands are not f32");
    Location loc = dot.getLoc();
    auto split = [&](Value x) -> std::pair<Value, Value> {
      auto type = cast<RankedTensorType>(x.getType());
      auto intType = type.clone(rewriter.getI32Type());
      Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
      Value mask = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              intType,
              rewriter.getI32IntegerAttr(int32_t(0xFFFFE000)).getValue()));
      Value big = arith::BitcastOp::create(
          rewriter, loc, type,
          arith::AndIOp::create(rewriter, loc, bits, mask));
      Value small = arith::SubFOp::create(rewriter, loc, x, big);
      return {big, small};
    };
    auto [aBig, aSmall] = split(dot.getA());
    auto [bBig, bSmall] = split(dot.getB());
    auto tf32Dot = [&](Value a, Value b, Value c) {
      return DotOp::create(rewriter, loc, dot.getType(), a, b, c,
                           InputPrecision::TF32, dot.getMaxNumImpreciseAcc())
          .getResult();
    };
    Value acc = tf32Dot(aSmall, bBig, dot.getC());
    acc = tf32Dot(aBig, bSmall, acc);
    acc = tf32Dot(aBig, bBig, acc);
    rewriter.replaceOp(dot, acc);
    return success();
  }
};

class F32DotTCPass
    : public mlir::triton::impl::TritonGPUF32DotTCBase<F32DotTCPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitTF32x3>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
