//===- ViewOpToLLVM.cpp - indices and register-only shape ops -------------===//
//
// tt.splat, splat constants, and the shape ops that only permute or
// replicate a thread's registers (expand_dims, broadcast, reshape, trans,
// join, split, cat; convert_layout within threads is in
// ConvertLayoutOpToLLVM.cpp). Program ids: SPMDOpToLLVM.cpp; make_range:
// MakeRangeOpToLLVM.cpp.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct SplatOpConversion : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<Value> values(structType.getBody().size(), adaptor.getSrc());
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, values));
    return success();
  }
};

/// tt.unsplat: a one-element tensor's element. Every thread holds it (each
/// of its registers is that one element), so the first register is it.
struct UnsplatOpConversion : public ConvertOpToLLVMPattern<UnsplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values = unpack(rewriter, op.getLoc(), adaptor.getSrc());
    if (values.empty())
      return rewriter.notifyMatchFailure(op, "no layout");
    rewriter.replaceOp(op, values.front());
    return success();
  }
};

/// A splat constant tensor: the scalar constant in every register.
struct ConstantOpConversion : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  ConstantOpConversion(LLVMTypeConverter &c)
      : ConvertOpToLLVMPattern(c, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat)
      return failure();
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    if (!structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Type element = structType.getBody()[0];
    Value scalar = LLVM::ConstantOp::create(rewriter, op.getLoc(), element,
                                            splat.getSplatValue<TypedAttr>());
    SmallVector<Value> values(structType.getBody().size(), scalar);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, values));
    return success();
  }
};

/// Row-major linear index of `c` in `shape`, and the inverse.
int64_t linearize(ArrayRef<int32_t> c, ArrayRef<int64_t> shape) {
  int64_t idx = 0;
  for (auto [v, s] : llvm::zip(c, shape))
    idx = idx * s + v;
  return idx;
}
SmallVector<int32_t> delinearize(int64_t idx, ArrayRef<int64_t> shape) {
  SmallVector<int32_t> c(shape.size());
  for (int d = shape.size() - 1; d >= 0; --d) {
    c[d] = idx % shape[d];
    idx /= shape[d];
  }
  return c;
}

/// Shape ops on one operand that, in the layouts the compiler inferred,
/// only permute or replicate each thread's registers: expand_dims,
/// broadcast, reshape, trans. (convert_layout within threads:
/// ConvertLayoutOpToLLVM.cpp.)
template <typename SourceOp>
struct RegisterRemapConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    Type structType = this->getTypeConverter()->convertType(dstType);
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    ArrayRef<int64_t> srcShape = srcType.getShape();
    ArrayRef<int64_t> dstShape = dstType.getShape();
    auto source =
        [&](ArrayRef<int32_t> c) -> std::pair<unsigned, SmallVector<int32_t>> {
      SmallVector<int32_t> out(c.begin(), c.end());
      if constexpr (std::is_same_v<SourceOp, ExpandDimsOp>) {
        out.erase(out.begin() + op.getAxis());
      } else if constexpr (std::is_same_v<SourceOp, BroadcastOp>) {
        for (size_t d = 0; d < out.size(); ++d)
          if (srcShape[d] == 1)
            out[d] = 0;
      } else if constexpr (std::is_same_v<SourceOp, ReshapeOp>) {
        out = delinearize(linearize(c, dstShape), srcShape);
      } else if constexpr (std::is_same_v<SourceOp, TransOp>) {
        // Result dimension i is source dimension order[i].
        for (auto [i, d] : llvm::enumerate(op.getOrder()))
          out[d] = c[i];
      }
      return {0, out};
    };
    auto map = gatherRegisters({*src}, *dst, source);
    if (!map)
      return rewriter.notifyMatchFailure(
          op, "the result layout needs data from other threads");
    SmallVector<Value> in =
        unpack(rewriter, op.getLoc(), adaptor.getOperands()[0]);
    SmallVector<Value> out;
    for (auto [k, r] : *map)
      out.push_back(in[r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, out));
    return success();
  }
};

/// tt.cat: the result holds the operands' registers one after the other
/// (tt.cat may reorder elements, and its inferred layout is the operands'
/// with twice the registers).
struct CatOpConversion : public ConvertOpToLLVMPattern<CatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<Value> out = unpack(rewriter, loc, adaptor.getLhs());
    SmallVector<Value> rhs = unpack(rewriter, loc, adaptor.getRhs());
    out.append(rhs.begin(), rhs.end());
    if (out.size() != structType.getBody().size())
      return rewriter.notifyMatchFailure(
          op, "result layout does not hold both operands' registers");
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};

/// tt.join: the new minor dimension (of size 2) selects the operand; in
/// the inferred layout it lies in each thread's registers.
struct JoinOpConversion : public ConvertOpToLLVMPattern<JoinOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getLhs().getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(
                                    cast<RankedTensorType>(op.getType()));
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    auto map = gatherRegisters(
        {*src, *src}, *dst,
        [](ArrayRef<int32_t> c) -> std::pair<unsigned, SmallVector<int32_t>> {
          return {unsigned(c.back()),
                  SmallVector<int32_t>(c.begin(), c.end() - 1)};
        });
    if (!map)
      return rewriter.notifyMatchFailure(
          op, "the result layout needs data from other threads");
    SmallVector<Value> ins[2] = {
        unpack(rewriter, op.getLoc(), adaptor.getLhs()),
        unpack(rewriter, op.getLoc(), adaptor.getRhs())};
    SmallVector<Value> out;
    for (auto [k, r] : *map)
      out.push_back(ins[k][r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, out));
    return success();
  }
};

/// tt.split: the inverse of join.
struct SplitOpConversion : public ConvertOpToLLVMPattern<SplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dstType = cast<RankedTensorType>(op.getOutLHS().getType());
    std::optional<LinearLayout> src = layoutOf(cast<RankedTensorType>(
                                    op.getSrc().getType())),
                                dst = layoutOf(dstType);
    Type structType = getTypeConverter()->convertType(dstType);
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<Value> in = unpack(rewriter, op.getLoc(), adaptor.getSrc());
    SmallVector<Value> results;
    for (int32_t half : {0, 1}) {
      auto map =
          gatherRegisters({*src}, *dst,
                          [&](ArrayRef<int32_t> c)
                              -> std::pair<unsigned, SmallVector<int32_t>> {
                            SmallVector<int32_t> out(c.begin(), c.end());
                            out.push_back(half);
                            return {0, out};
                          });
      if (!map)
        return rewriter.notifyMatchFailure(
            op, "the operand layout does not keep pairs in one thread");
      SmallVector<Value> out;
      for (auto [k, r] : *map)
        out.push_back(in[r]);
      results.push_back(pack(rewriter, op.getLoc(), structType, out));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateViewOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<SplatOpConversion, UnsplatOpConversion, ConstantOpConversion,
           RegisterRemapConversion<ExpandDimsOp>,
           RegisterRemapConversion<BroadcastOp>,
           RegisterRemapConversion<ReshapeOp>, RegisterRemapConversion<TransOp>,
           JoinOpConversion, SplitOpConversion, CatOpConversion>(converter);
}
