//===- TritonToTritonGPUPass.cpp - convert-triton-to-tritongpu ------------===//
//
// Dialect conversion with a type converter that gives every tensor the
// default blocked layout. Most ops convert generically (same op, converted
// types); the conversion framework materializes a ttg.convert_layout
// wherever a value's layout differs from the one its user expects, so ops
// that produce other layouts (reductions, trans, join, split, reshape) and
// ops that need other layouts (expand_dims, dot) only say what they produce
// or need.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/RegisterBudget.h"
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
class TritonGPUTypeConverter : public TypeConverter {
public:
  TritonGPUTypeConverter(MLIRContext *ctx, unsigned numWarps,
                         unsigned threadsPerWarp) {
    addConversion([](Type type) { return type; });
    addConversion([=](RankedTensorType type) -> Type {
      if (type.getEncoding())
        return type;
      return RankedTensorType::get(
          type.getShape(), type.getElementType(),
          getDefaultBlockedEncoding(ctx, type.getShape(), numWarps,
                                    threadsPerWarp));
    });
    auto convert = [](OpBuilder &builder, Type type, ValueRange inputs,
                      Location loc) -> Value {
      if (inputs.size() != 1 || !isa<RankedTensorType>(type) ||
          !isa<RankedTensorType>(inputs[0].getType()))
        return Value();
      return ConvertLayoutOp::create(builder, loc, type, inputs[0]);
    };
    addTargetMaterialization(convert);
    addSourceMaterialization(convert);
  }
};

/// Any op whose only change is its types: the same op over the converted
/// operands, with converted result types and its regions moved over.
class GenericOpPattern : public ConversionPattern {
public:
  GenericOpPattern(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         resultTypes, op->getAttrs(), op->getSuccessors());
    for (Region &region : op->getRegions()) {
      Region *newRegion = state.addRegion();
      rewriter.inlineRegionBefore(region, *newRegion, newRegion->end());
    }
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

Attribute encodingOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getEncoding();
}

/// A value moved to layout `encoding`.
Value toEncoding(ConversionPatternRewriter &rewriter, Value v,
                 Attribute encoding) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getEncoding() == encoding)
    return v;
  return ConvertLayoutOp::create(
      rewriter, v.getLoc(),
      RankedTensorType::get(type.getShape(), type.getElementType(), encoding),
      v);
}

/// arith.constant of a tensor: the same value in the layout's type.
struct ConstantPattern : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type,
                                                   value.reshape(type));
    return success();
  }
};

/// tt.broadcast keeps its operand's layout (a layout describes any shape).
struct BroadcastPattern : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<BroadcastOp>(
        op,
        RankedTensorType::get(type.getShape(), type.getElementType(),
                              encodingOf(adaptor.getSrc())),
        adaptor.getSrc());
    return success();
  }
};

/// tt.reduce: results are slices of the operands' layout.
struct ReducePattern : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto newOp = ReduceOp::create(rewriter, op.getLoc(), adaptor.getSrcs(),
                                  op.getAxis());
    rewriter.inlineRegionBefore(op.getCombineOp(), newOp.getCombineOp(),
                                newOp.getCombineOp().end());
    rewriter.replaceOp(op, newOp.getResults());
    return success();
  }
};

/// tt.expand_dims: the operand must be a slice of the result's layout.
struct ExpandDimsPattern : public OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    Attribute slice = SliceEncodingAttr::get(getContext(), op.getAxis(),
                                             resultType.getEncoding());
    Value src = toEncoding(rewriter, adaptor.getSrc(), slice);
    rewriter.replaceOpWithNewOp<ExpandDimsOp>(op, src, op.getAxis());
    return success();
  }
};

/// tt.dot: operands become #ttg.dot_op of the accumulator's layout.
struct DotPattern : public OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute parent = encodingOf(adaptor.getC());
    Value a =
        toEncoding(rewriter, adaptor.getA(),
                   DotOperandEncodingAttr::get(getContext(), 0, parent, 0));
    Value b =
        toEncoding(rewriter, adaptor.getB(),
                   DotOperandEncodingAttr::get(getContext(), 1, parent, 0));
    rewriter.replaceOpWithNewOp<DotOp>(op, adaptor.getC().getType(), a, b,
                                       adaptor.getC(), op.getInputPrecision(),
                                       op.getMaxNumImpreciseAcc());
    return success();
  }
};

/// tt.cat (elements may be reordered): the operands in one layout, the
/// result in the default layout with each thread holding the registers of
/// both (more elements per thread along the fastest dimension, as
/// upstream), so that the lowering concatenates registers.
struct CatPattern : public OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    Value rhs = toEncoding(rewriter, adaptor.getRhs(), lhsType.getEncoding());
    auto retType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto blocked = retType
                       ? dyn_cast<BlockedEncodingAttr>(retType.getEncoding())
                       : BlockedEncodingAttr();
    if (!blocked)
      return failure();
    auto registers = [](RankedTensorType t) -> int64_t {
      std::optional<LinearLayout> l =
          toLinearLayout(t.getShape(), t.getEncoding());
      return l ? l->getInDimSize(layout_dims::kRegister) : 0;
    };
    int64_t need = registers(lhsType) * 2, have = registers(retType);
    if (!need || !have)
      return failure();
    if (have < need) {
      SmallVector<unsigned> spt(blocked.getSizePerThread());
      spt[blocked.getOrder()[0]] *= unsigned(llvm::PowerOf2Ceil(need) / have);
      auto module = op->getParentOfType<ModuleOp>();
      auto enc = getBlockedEncoding(
          op.getContext(), retType.getShape(), spt, blocked.getOrder(),
          TritonGPUDialect::getNumWarps(module),
          TritonGPUDialect::getThreadsPerWarp(module));
      retType = RankedTensorType::get(retType.getShape(),
                                      retType.getElementType(), enc);
    }
    rewriter.replaceOpWithNewOp<CatOp>(op, retType, adaptor.getLhs(), rhs);
    return success();
  }
};

/// Shape ops whose result layout follows from the operand's: ask the layout
/// interface.
template <typename OpTy>
struct InferredLayoutPattern : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getOperands()[0];
    auto srcType = cast<RankedTensorType>(src.getType());
    Attribute srcEnc = srcType.getEncoding();
    if constexpr (std::is_same_v<OpTy, SplitOp>) {
      // The size-2 last dimension must sit in each thread's registers.
      unsigned rank = srcType.getRank();
      SmallVector<unsigned> spt(rank, 1), order;
      spt[rank - 1] = 2;
      for (unsigned d = rank; d-- > 0;)
        order.push_back(d);
      srcEnc = getBlockedEncoding(op.getContext(), srcType.getShape(), spt,
                                  order, numWarpsOf(op), threadsOf(op));
    }
    auto *iface = cast<DialectInferLayoutInterface>(&srcEnc.getDialect());
    SmallVector<Type> resultTypes;
    for (Type t : op->getResultTypes()) {
      auto resType = cast<RankedTensorType>(t);
      Attribute enc;
      LogicalResult inferred = failure();
      if constexpr (std::is_same_v<OpTy, TransOp>)
        inferred = iface->inferTransOpEncoding(srcEnc, srcType.getShape(),
                                               op.getOrder(), enc, op.getLoc());
      else if constexpr (std::is_same_v<OpTy, JoinOp>)
        inferred = iface->inferJoinOpEncoding(srcEnc, enc, srcType.getShape(),
                                              op.getLoc());
      else if constexpr (std::is_same_v<OpTy, SplitOp>)
        inferred = iface->inferSplitOpEncoding(srcEnc, enc, srcType.getShape(),
                                               op.getLoc());
      else if constexpr (std::is_same_v<OpTy, ReshapeOp>)
        inferred = op.getAllowReorder()
                       ? success(bool(enc = getDefaultBlockedEncoding(
                                          op.getContext(), resType.getShape(),
                                          numWarpsOf(op), threadsOf(op))))
                       : iface->inferReshapeOpEncoding(
                             srcType.getShape(), srcEnc, resType.getShape(),
                             enc, op.getLoc());
      if (failed(inferred))
        return failure();
      resultTypes.push_back(RankedTensorType::get(
          resType.getShape(), resType.getElementType(), enc));
    }
    SmallVector<Value> operands(adaptor.getOperands().begin(),
                                adaptor.getOperands().end());
    // join takes two operands of one layout.
    for (Value &v : operands)
      v = toEncoding(rewriter, v, srcEnc);
    OperationState state(op.getLoc(), op->getName().getStringRef(), operands,
                         resultTypes, op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }

  static unsigned numWarpsOf(Operation *op) {
    return TritonGPUDialect::getNumWarps(op->getParentOfType<ModuleOp>());
  }
  static unsigned threadsOf(Operation *op) {
    return TritonGPUDialect::getThreadsPerWarp(op->getParentOfType<ModuleOp>());
  }
};

class ConvertTritonToTritonGPUPass
    : public triton::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPUPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (numWarps <= 0 || (numWarps & (numWarps - 1)) || threadsPerWarp <= 0 ||
        (threadsPerWarp & (threadsPerWarp - 1)) || numCTAs <= 0) {
      module.emitError("convert-triton-to-tritongpu: num-warps and "
                       "threads-per-warp must be powers of two and num-ctas "
                       "positive");
      return signalPassFailure();
    }
    {
      // Only the scaled dots: no folding or dead-code removal here.
      RewritePatternSet decompose(ctx);
      populateDecomposeScaledDotPatterns(decompose);
      walkAndApplyPatterns(module, std::move(decompose));
    }
    if (failed(checkRegistersPerThread(module,
                                       numWarps * threadsPerWarp * numCTAs)))
      return signalPassFailure();
    Builder b(ctx);
    module->setAttr(TritonGPUDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(numWarps));
    module->setAttr(TritonGPUDialect::getThreadsPerWarpAttrName(),
                    b.getI32IntegerAttr(threadsPerWarp));
    module->setAttr(TritonGPUDialect::getNumCTAsAttrName(),
                    b.getI32IntegerAttr(numCTAs));
    if (!target.empty())
      module->setAttr(TritonGPUDialect::getTargetAttrName(),
                      b.getStringAttr(target));

    TritonGPUTypeConverter converter(ctx, numWarps, threadsPerWarp);
    ConversionTarget conversionTarget(*ctx);
    conversionTarget.addLegalDialect<TritonGPUDialect>();
    conversionTarget.addLegalOp<ModuleOp>();
    conversionTarget.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto fn = dyn_cast<FuncOp>(op))
        return converter.isSignatureLegal(fn.getFunctionType()) &&
               converter.isLegal(&fn.getBody());
      if (!converter.isLegal(op))
        return false;
      for (Region &region : op->getRegions())
        if (!converter.isLegal(&region))
          return false;
      return true;
    });

    RewritePatternSet patterns(ctx);
    patterns.add<GenericOpPattern>(converter, ctx);
    patterns.add<ConstantPattern, BroadcastPattern, ReducePattern,
                 ExpandDimsPattern, DotPattern, InferredLayoutPattern<TransOp>,
                 InferredLayoutPattern<JoinOp>, InferredLayoutPattern<SplitOp>,
                 InferredLayoutPattern<ReshapeOp>, CatPattern>(converter, ctx,
                                                               /*benefit=*/2);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);
    scf::populateSCFStructuralTypeConversions(converter, patterns);

    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
