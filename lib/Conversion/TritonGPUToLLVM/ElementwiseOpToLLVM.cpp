//===- ElementwiseOpToLLVM.cpp - elementwise ops --------------------------===//
//
// Elementwise arith/math on tensors (one scalar op per register, then
// MLIR's arith/math lowering), tt.addptr, fast exp/exp2 (ex2.approx),
// libdevice calls for math NVPTX cannot lower, precise div/sqrt, clampf,
// mulhiui.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// An elementwise arith/math op on tensors: the same op on each element's
/// scalars (lowered in turn by MLIR's arith and math patterns). An f32 exp
/// whose subnormal results are negligible is exp2(x log2 e) instead, the
/// multiplication FastExpConversion makes (or, for x = y * s - b, log2(e)
/// folded into one fma: foldedLog2eArguments), then the FTZ
/// `ex2.approx.ftz.f32`:
/// a bare MUFU.EX2, where the non-FTZ form spends a compare and two
/// predicated multiplies per element on subnormals (about a fifth of
/// attention's softmax instructions).
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TypeConverter &converter, MLIRContext *ctx,
                          const DenseSet<Operation *> &flushableExps)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, ctx),
        flushableExps(flushableExps) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if ((!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
         !isa<PreciseDivFOp, PreciseSqrtOp, ClampFOp>(op)) ||
        op->getNumResults() != 1 || op->getNumRegions() ||
        !op->hasTrait<OpTrait::Elementwise>() ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return failure();
    auto resultType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Location loc = op->getLoc();
    // A scalar operand (arith.select's condition may be one) is the same
    // value for every element.
    size_t count = resultType.getBody().size();
    SmallVector<SmallVector<Value>> elements;
    for (auto [v, orig] : llvm::zip(operands, op->getOperands()))
      elements.push_back(isa<RankedTensorType>(orig.getType())
                             ? unpack(rewriter, loc, v)
                             : SmallVector<Value>(count, v));
    auto tensorType = cast<RankedTensorType>(op->getResult(0).getType());
    Type scalarType = tensorType.getElementType();
    bool flushedExp = scalarType.isF32() && flushableExps.contains(op);
    std::optional<SmallVector<Value>> exp2Arguments;
    if (flushedExp)
      exp2Arguments =
          foldedLog2eArguments(cast<math::ExpOp>(op), count, rewriter, loc);
    SmallVector<Value> results;
    for (size_t i = 0; i < count; ++i) {
      SmallVector<Value> scalars;
      for (auto &e : elements)
        scalars.push_back(e[i]);
      // Operands are already LLVM-typed scalars; build the op on the
      // original scalar types through materializations.
      SmallVector<Value> typed;
      for (auto [v, orig] : llvm::zip(scalars, op->getOperands())) {
        Type origScalar = getElementTypeOrSelf(orig.getType());
        typed.push_back(v.getType() == origScalar
                            ? v
                            : UnrealizedConversionCastOp::create(rewriter, loc,
                                                                 origScalar, v)
                                  .getResult(0));
      }
      Value r;
      if (exp2Arguments) {
        r = math::Exp2Op::create(rewriter, loc, (*exp2Arguments)[i]);
      } else if (flushedExp) {
        Value log2e = arith::ConstantOp::create(
            rewriter, loc, rewriter.getF32FloatAttr(1.4426950408889634f));
        r = math::Exp2Op::create(
            rewriter, loc,
            arith::MulFOp::create(rewriter, loc, typed[0], log2e));
      } else {
        OperationState state(loc, op->getName().getStringRef(), typed,
                             {scalarType}, op->getAttrs());
        r = rewriter.create(state)->getResult(0);
      }
      if (r.getType() != resultType.getBody()[i])
        r = UnrealizedConversionCastOp::create(rewriter, loc,
                                               resultType.getBody()[i], r)
                .getResult(0);
      results.push_back(r);
    }
    rewriter.replaceOp(op, pack(rewriter, loc, resultType, results));
    return success();
  }

  const DenseSet<Operation *> &flushableExps;
};

struct AddPtrOpConversion : public ConvertOpToLLVMPattern<AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type pointee;
    auto resultType = op.getType();
    if (auto tensor = dyn_cast<RankedTensorType>(resultType))
      pointee = cast<PointerType>(tensor.getElementType()).getPointeeType();
    else
      pointee = cast<PointerType>(resultType).getPointeeType();
    Type elem = getTypeConverter()->convertType(pointee);
    if (!elem)
      return rewriter.notifyMatchFailure(op, "pointee type not lowered");
    if (!isa<RankedTensorType>(resultType)) {
      Type ptrType = getTypeConverter()->convertType(resultType);
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
          op, ptrType, elem, adaptor.getPtr(), ValueRange{adaptor.getOffset()});
      return success();
    }
    auto structType =
        cast<LLVM::LLVMStructType>(getTypeConverter()->convertType(resultType));
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> offs = unpack(rewriter, loc, adaptor.getOffset());
    SmallVector<Value> out;
    for (auto [p, o] : llvm::zip(ptrs, offs))
      out.push_back(lb.gep(p.getType(), elem, p, ValueRange{o}));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};

/// Scalar f32 exp as upstream lowers it: ex2.approx.f32 after a
/// multiplication by log2(e) (NVPTX has no libcall for llvm.exp).
struct FastExpConversion : public ConvertOpToLLVMPattern<math::ExpOp> {
  FastExpConversion(LLVMTypeConverter &c)
      : ConvertOpToLLVMPattern<math::ExpOp>(c, /*benefit=*/3) {}
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Value x =
        lb.fmul(adaptor.getOperand(),
                lb.constant(rewriter.getF32Type(),
                            rewriter.getF32FloatAttr(1.4426950408889634f)));
    auto asmOp =
        ptxAsm(rewriter, loc, rewriter.getF32Type(), ValueRange{x},
               "ex2.approx.f32 $0, $1;", "=f,f", /*sideEffects=*/false);
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// Math without an NVPTX lowering of its LLVM intrinsic: a call to
/// libdevice (`__nv_erff`, `__nv_sinf`...), linked by triton-translate.
template <typename MathOp>
struct LibdeviceConversion : public ConvertOpToLLVMPattern<MathOp> {
  LibdeviceConversion(LLVMTypeConverter &c, StringRef name,
                      unsigned benefit = 3)
      : ConvertOpToLLVMPattern<MathOp>(c, benefit), name(name) {}
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isF32() && !type.isF64())
      return failure();
    std::string fn = "__nv_" + name + (type.isF32() ? "f" : "");
    SmallVector<Type> args(adaptor.getOperands().size(), type);
    auto func = declareFunction(rewriter, op.getLoc(), op, fn,
                                LLVM::LLVMFunctionType::get(type, args));
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, func, adaptor.getOperands());
    return success();
  }
  std::string name;
};

/// f16 and bf16 math NVPTX has no instruction or libcall for (`sin`,
/// `exp`, ... select nothing, or abort LLVM's instruction selection) is
/// computed in f32, as upstream does: the operands extended, the same op
/// on f32 (lowered by the patterns above), the result rounded back.
template <typename MathOp>
struct HalfMathToF32 : public ConvertOpToLLVMPattern<MathOp> {
  HalfMathToF32(LLVMTypeConverter &c)
      : ConvertOpToLLVMPattern<MathOp>(c, /*benefit=*/4) {}
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isF16() && !type.isBF16())
      return failure();
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    SmallVector<Value> wide;
    for (Value v : adaptor.getOperands())
      wide.push_back(LLVM::FPExtOp::create(rewriter, loc, f32, v));
    auto f32Op = MathOp::create(rewriter, loc, f32, wide, op->getAttrs());
    rewriter.replaceOpWithNewOp<LLVM::FPTruncOp>(op, type, f32Op.getResult());
    return success();
  }
};

/// An f32 scalar op as one NVVM intrinsic (other types fall through to the
/// generic lowering):
///  - arith.divf: Triton's `/` is the full-range approximate division
///    (`llvm.nvvm.div.full`, div.full.f32, at most 2 ulp) as upstream
///    lowers it; IEEE division is `tt.precise_divf` (`tl.math.div_rn`).
///    `div.rn.f32` is a SASS subroutine of some twenty instructions.
///  - math.sqrt: `tl.sqrt`, documented as the fast square root, is
///    `sqrt.approx.ftz.f32` as in upstream's PTX; `tl.sqrt_rn` is
///    `tt.precise_sqrt` (sqrt.rn).
///  - math.exp2, math.floor, math.ceil: `ex2.approx.ftz.f32`,
///    `cvt.rmi.ftz.f32`, `cvt.rpi.ftz.f32`, what upstream's libdevice calls
///    (`__nv_exp2f`, `__nv_floorf`, `__nv_ceilf` with FTZ) become. The
///    non-FTZ `ex2.approx.f32` costs a compare, a select and two
///    multiplies around the MUFU to handle subnormal inputs.
template <typename Op>
struct F32IntrinsicConversion : public ConvertOpToLLVMPattern<Op> {
  F32IntrinsicConversion(LLVMTypeConverter &c, StringRef intrinsic)
      : ConvertOpToLLVMPattern<Op>(c, /*benefit=*/3), intrinsic(intrinsic) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, rewriter.getF32Type(), rewriter.getStringAttr(intrinsic),
        adaptor.getOperands());
    return success();
  }
  std::string intrinsic;
};

/// tt.precise_divf / tt.precise_sqrt on scalars: IEEE division and square
/// root (div.rn / sqrt.rn once NVPTX selects them).
struct PreciseDivConversion : public ConvertOpToLLVMPattern<PreciseDivFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(PreciseDivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::FDivOp>(op, adaptor.getX(),
                                              adaptor.getY());
    return success();
  }
};
/// tt.clampf: max then min; NaNs propagate with propagateNan = all.
struct ClampFConversion : public ConvertOpToLLVMPattern<ClampFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    Location loc = op.getLoc();
    Value r;
    if (op.getPropagateNan() == PropagateNan::ALL) {
      r = LLVM::MaximumOp::create(rewriter, loc, adaptor.getX(),
                                  adaptor.getMin());
      r = LLVM::MinimumOp::create(rewriter, loc, r, adaptor.getMax());
    } else {
      r = LLVM::MaxNumOp::create(rewriter, loc, adaptor.getX(),
                                 adaptor.getMin());
      r = LLVM::MinNumOp::create(rewriter, loc, r, adaptor.getMax());
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct PreciseSqrtConversion : public ConvertOpToLLVMPattern<PreciseSqrtOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(PreciseSqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::SqrtOp>(op, adaptor.getX());
    return success();
  }
};
/// math.absf on an fp8 scalar: every fp8 format keeps its sign in the top
/// bit, so |x| clears it (fp8 values are i8 in LLVM, which has no fp8 fabs).
struct Fp8AbsConversion : public ConvertOpToLLVMPattern<math::AbsFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::AbsFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto f = dyn_cast<FloatType>(op.getType());
    if (!f || f.getWidth() != 8)
      return failure();
    Value x = adaptor.getOperand();
    Type i8 = rewriter.getI8Type();
    if (x.getType() != i8)
      x = LLVM::BitcastOp::create(rewriter, op.getLoc(), i8, x);
    Value mask = LLVM::ConstantOp::create(rewriter, op.getLoc(), i8,
                                          rewriter.getI8IntegerAttr(0x7F));
    rewriter.replaceOpWithNewOp<LLVM::AndOp>(op, x, mask);
    return success();
  }
};
/// tt.mulhiui: the high half of the unsigned product, element by element.
struct MulhiUIOpConversion : public ConvertOpToLLVMPattern<MulhiUIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MulhiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    auto hi = [&](Value a, Value b) -> Value {
      unsigned bits = a.getType().getIntOrFloatBitWidth();
      Type wide = rewriter.getIntegerType(2 * bits);
      Value p = lb.mul(lb.zext(wide, a), lb.zext(wide, b));
      Value sh =
          lb.lshr(p, lb.constant(wide, rewriter.getIntegerAttr(wide, bits)));
      return lb.trunc(a.getType(), sh);
    };
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, hi(adaptor.getX(), adaptor.getY()));
      return success();
    }
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<Value> xs = unpack(rewriter, loc, adaptor.getX());
    SmallVector<Value> ys = unpack(rewriter, loc, adaptor.getY());
    SmallVector<Value> out;
    for (auto [a, b] : llvm::zip(xs, ys))
      out.push_back(hi(a, b));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
/// tt.bitcast: the same bits as another type of the same width (pointers
/// to pointers: nothing, as LLVM pointers are opaque).
struct BitcastOpConversion : public ConvertOpToLLVMPattern<BitcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    auto cast = [&](Value v, Type to) -> Value {
      if (v.getType() == to)
        return v;
      return lb.bitcast(to, v);
    };
    auto structType = dyn_cast<LLVM::LLVMStructType>(resultType);
    if (!structType) {
      rewriter.replaceOp(op, cast(adaptor.getSrc(), resultType));
      return success();
    }
    SmallVector<Value> out;
    for (Value v : unpack(rewriter, loc, adaptor.getSrc()))
      out.push_back(cast(v, structType.getBody()[0]));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
/// tt.int_to_ptr and tt.ptr_to_int, on scalars and element by element on
/// tensors: LLVM's inttoptr / ptrtoint (64-bit integers, global pointers).
template <typename SourceOp, typename LLVMOp>
struct PtrIntConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    Value src = adaptor.getOperands()[0];
    auto structType = dyn_cast<LLVM::LLVMStructType>(resultType);
    if (!structType) {
      rewriter.replaceOp(op, LLVMOp::create(rewriter, loc, resultType, src));
      return success();
    }
    SmallVector<Value> out;
    for (Value v : unpack(rewriter, loc, src))
      out.push_back(LLVMOp::create(rewriter, loc, structType.getBody()[0], v));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};

/// tt.fp_to_fp between f32, f16, bf16 and the fp8 formats (e4m3fn,
/// e5m2), through PTX conversions (sm_89+ for fp8): fp8 widens to f16
/// pairwise (cvt.rn.f16x2.e4m3x2), anything narrows to fp8 from f32 pairs
/// with round-to-nearest-even and saturation to the finite range
/// (cvt.rn.satfinite.e4m3x2.f32), as upstream; f32 narrows to f16/bf16
/// with the op's rounding mode (cvt.rn / cvt.rz).
struct FpToFpOpConversion : public ConvertOpToLLVMPattern<FpToFpOp> {
  FpToFpOpConversion(LLVMTypeConverter &c, int computeCapability)
      : ConvertOpToLLVMPattern(c), computeCapability(computeCapability) {}
  int computeCapability;

  static std::optional<StringRef> fp8Name(Type t) {
    if (isa<Float8E4M3FNType>(t))
      return StringRef("e4m3");
    if (isa<Float8E5M2Type>(t))
      return StringRef("e5m2");
    return std::nullopt;
  }

  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type srcElem = getElementTypeOrSelf(op.getSrc().getType());
    Type dstElem = getElementTypeOrSelf(op.getType());
    std::optional<StringRef> src8 = fp8Name(srcElem), dst8 = fp8Name(dstElem);
    auto isPlain = [](Type t) { return t.isF32() || t.isF16() || t.isBF16(); };
    if ((!src8 && !isPlain(srcElem)) || (!dst8 && !isPlain(dstElem)))
      return rewriter.notifyMatchFailure(op, "conversion not lowered");
    if ((src8 || dst8) && computeCapability < 89)
      return op.emitError("fp8 conversions need sm_89 or newer");
    RoundingMode rounding = op.getRounding().value_or(RoundingMode::RTNE);
    if (dst8 && rounding != RoundingMode::RTNE)
      return op.emitError("conversions to fp8 round to nearest even only");
    Type f32 = rewriter.getF32Type(), f16 = rewriter.getF16Type();
    Type i16 = rewriter.getI16Type(), i32 = rewriter.getI32Type();

    auto toF32 = [&](Value v) -> Value {
      return v.getType().isF32() ? v : lb.fpext(f32, v).getResult();
    };
    auto fromF32 = [&](Value v, Type to) -> Value {
      if (to.isF32())
        return v;
      std::string text = std::string("cvt.") +
                         (rounding == RoundingMode::RTZ ? "rz" : "rn") + "." +
                         (to.isF16() ? "f16" : "bf16") + ".f32 $0, $1;";
      Value bits = ptxAsm(rewriter, loc, i16, ValueRange{v}, text, "=h,f",
                          /*sideEffects=*/false)
                       .getResult(0);
      return lb.bitcast(to, bits);
    };
    Type dstLLVM = getTypeConverter()->convertType(dstElem);

    SmallVector<Value> in;
    auto structType = dyn_cast<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op.getType()));
    if (structType)
      in = unpack(rewriter, loc, adaptor.getSrc());
    else
      in = {adaptor.getSrc()};
    SmallVector<Value> out;
    for (size_t i = 0; i < in.size(); i += 2) {
      Value a = in[i], b = i + 1 < in.size() ? in[i + 1] : Value();
      SmallVector<Value> pair{a};
      if (b)
        pair.push_back(b);
      // Widen fp8 pairs to f16.
      if (src8) {
        Value packed = lb.zext(i16, a);
        if (b)
          packed = lb.or_(
              packed, lb.shl(lb.zext(i16, b),
                             lb.constant(i16, rewriter.getI16IntegerAttr(8))));
        Value h2 = ptxAsm(rewriter, loc, i32, ValueRange{packed},
                          ("cvt.rn.f16x2." + *src8 + "x2 $0, $1;").str(),
                          "=r,h", /*sideEffects=*/false)
                       .getResult(0);
        auto vec = lb.bitcast(VectorType::get({2}, f16), h2);
        pair.clear();
        pair.push_back(lb.extractElement(vec, lb.i32(0)));
        if (b)
          pair.push_back(lb.extractElement(vec, lb.i32(1)));
        if (dstElem.isF16()) {
          out.append(pair.begin(), pair.end());
          continue;
        }
      }
      if (dst8) {
        // Narrow f32 pairs: the first operand lands in the high byte.
        Value hi =
            b ? toF32(pair[1]) : lb.constant(f32, rewriter.getF32FloatAttr(0));
        Value packed =
            ptxAsm(rewriter, loc, i16, ValueRange{hi, toF32(pair[0])},
                   ("cvt.rn.satfinite." + *dst8 + "x2.f32 $0, $1, $2;").str(),
                   "=h,f,f", /*sideEffects=*/false)
                .getResult(0);
        Type i8 = rewriter.getI8Type();
        out.push_back(lb.trunc(i8, packed));
        if (b)
          out.push_back(lb.trunc(
              i8, lb.lshr(packed,
                          lb.constant(i16, rewriter.getI16IntegerAttr(8)))));
        continue;
      }
      for (Value v : pair) {
        Type from = v.getType();
        if (from == dstLLVM)
          out.push_back(v);
        else if (dstElem.isF32() ||
                 from.getIntOrFloatBitWidth() < dstLLVM.getIntOrFloatBitWidth())
          out.push_back(dstElem.isF32() ? toF32(v)
                                        : fromF32(toF32(v), dstLLVM));
        else
          out.push_back(fromF32(toF32(v), dstLLVM));
      }
    }
    if (!structType) {
      rewriter.replaceOp(op, out.front());
      return success();
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
/// Per-element values of an elementwise op's operand: the registers of a
/// tensor, or the scalar repeated.
SmallVector<Value> elementsOf(OpBuilder &b, Location loc, Value converted,
                              size_t count) {
  if (isa<LLVM::LLVMStructType>(converted.getType()))
    return unpack(b, loc, converted);
  return SmallVector<Value>(count, converted);
}

size_t registerCount(const TypeConverter &converter, Type type) {
  if (auto s =
          dyn_cast_or_null<LLVM::LLVMStructType>(converter.convertType(type)))
    return s.getBody().size();
  return 1;
}

/// tt.extern_elementwise: a call to `symbol` per element (declared in the
/// module; libdevice's `__nv_*` are linked by triton-translate).
struct ExternElementwiseOpConversion
    : public ConvertOpToLLVMPattern<ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type resultType = getTypeConverter()->convertType(op.getType());
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(resultType);
    Type elem = structType ? structType.getBody()[0] : resultType;
    if (!elem)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    size_t n = registerCount(*getTypeConverter(), op.getType());
    SmallVector<SmallVector<Value>> args;
    SmallVector<Type> argTypes;
    for (Value v : adaptor.getSrcs()) {
      args.push_back(elementsOf(rewriter, loc, v, n));
      argTypes.push_back(args.back().front().getType());
    }
    auto func = declareFunction(rewriter, loc, op, op.getSymbol(),
                                LLVM::LLVMFunctionType::get(elem, argTypes));
    SmallVector<Value> out;
    for (size_t i = 0; i < n; ++i) {
      SmallVector<Value> callArgs;
      for (auto &a : args)
        callArgs.push_back(a[i]);
      out.push_back(lb.call(func, callArgs).getResult());
    }
    rewriter.replaceOp(op, structType ? pack(rewriter, loc, structType, out)
                                      : out.front());
    return success();
  }
};

/// tt.elementwise_inline_asm: the assembly once per `packed_element`
/// elements; operands and results of narrow types travel packed in one
/// register of packed_element x width bits, as upstream.
struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    unsigned packed = op.getPackedElement();
    if (op->getNumResults() == 0)
      return rewriter.notifyMatchFailure(op, "no results");
    size_t n = registerCount(*getTypeConverter(), op->getResult(0).getType());
    if (packed == 0 || n % packed)
      return op.emitError("packed_element ")
             << packed << " does not divide the " << n
             << " elements each thread holds";
    auto scalarOf = [&](Type t) {
      Type c = getTypeConverter()->convertType(t);
      if (auto s = dyn_cast_or_null<LLVM::LLVMStructType>(c))
        return s.getBody()[0];
      return c;
    };
    // `packed` elements of each operand and result go to the asm at once,
    // as many to a 32-bit register as fit (4 x i8 in one i32, 2 x f16 in
    // one i32, 4 x f32 in four registers), registers in element order.
    auto perRegister = [&](Type elem) {
      if (!elem.isIntOrFloat()) // pointers: one to a register
        return 1u;
      return std::max(1u, std::min(packed, 32u / elem.getIntOrFloatBitWidth()));
    };
    auto registerType = [&](Type elem) -> Type {
      unsigned k = perRegister(elem);
      return k == 1 ? elem
                    : rewriter.getIntegerType(k * elem.getIntOrFloatBitWidth());
    };
    auto toRegister = [&](ArrayRef<Value> elems) -> Value {
      if (elems.size() == 1)
        return elems.front();
      Type intElem = rewriter.getIntegerType(
          elems.front().getType().getIntOrFloatBitWidth());
      Value vec = lb.undef(VectorType::get({int64_t(elems.size())}, intElem));
      for (auto [k, e] : llvm::enumerate(elems))
        vec = lb.insertElement(vec, lb.bitcast(intElem, e), lb.i32(k));
      return lb.bitcast(registerType(elems.front().getType()), vec);
    };
    auto fromRegister = [&](Value reg, Type elem, SmallVector<Value> &out) {
      unsigned k = perRegister(elem);
      if (k == 1) {
        out.push_back(reg);
        return;
      }
      Type intElem = rewriter.getIntegerType(elem.getIntOrFloatBitWidth());
      Value vec = lb.bitcast(VectorType::get({int64_t(k)}, intElem), reg);
      for (unsigned i = 0; i < k; ++i)
        out.push_back(lb.bitcast(elem, lb.extractElement(vec, lb.i32(i))));
    };
    SmallVector<SmallVector<Value>> args;
    for (Value v : adaptor.getArgs())
      args.push_back(elementsOf(rewriter, loc, v, n));
    SmallVector<Type> resultElems, resultRegs;
    for (Value r : op->getResults()) {
      resultElems.push_back(scalarOf(r.getType()));
      for (unsigned k = 0; k < packed; k += perRegister(resultElems.back()))
        resultRegs.push_back(registerType(resultElems.back()));
    }
    Type asmResult = resultRegs.size() == 1
                         ? resultRegs.front()
                         : LLVM::LLVMStructType::getLiteral(
                               rewriter.getContext(), resultRegs);
    SmallVector<SmallVector<Value>> outs(op->getNumResults());
    for (size_t g = 0; g < n; g += packed) {
      SmallVector<Value> operands;
      for (auto &a : args) {
        unsigned k = perRegister(a[g].getType());
        for (unsigned j = 0; j < packed; j += k)
          operands.push_back(toRegister(ArrayRef<Value>(a).slice(g + j, k)));
      }
      auto asmOp = ptxAsm(rewriter, loc, asmResult, operands, op.getAsmString(),
                          op.getConstraints(), !op.getPure());
      unsigned reg = 0;
      for (unsigned r = 0; r < resultElems.size(); ++r)
        for (unsigned j = 0; j < packed;
             j += perRegister(resultElems[r]), ++reg)
          fromRegister(
              resultRegs.size() == 1
                  ? asmOp.getResult(0)
                  : lb.extractValue(asmOp.getResult(0), reg).getResult(),
              resultElems[r], outs[r]);
    }
    SmallVector<Value> results;
    for (auto [r, vals] : llvm::enumerate(outs)) {
      Type t = getTypeConverter()->convertType(op->getResult(r).getType());
      results.push_back(isa<LLVM::LLVMStructType>(t)
                            ? pack(rewriter, loc, t, vals)
                            : vals.front());
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability, const DenseSet<Operation *> &flushableExps) {
  patterns.add<FpToFpOpConversion>(converter, computeCapability);
  patterns.add<PtrIntConversion<IntToPtrOp, LLVM::IntToPtrOp>,
               PtrIntConversion<PtrToIntOp, LLVM::PtrToIntOp>>(converter);
  patterns.add<AddPtrOpConversion, BitcastOpConversion,
               ExternElementwiseOpConversion, ElementwiseInlineAsmOpConversion,
               MulhiUIOpConversion, PreciseDivConversion, PreciseSqrtConversion,
               ClampFConversion, FastExpConversion>(converter);
  patterns.add<Fp8AbsConversion>(converter, /*benefit=*/2);
  patterns.add<F32IntrinsicConversion<arith::DivFOp>>(converter,
                                                      "llvm.nvvm.div.full");
  patterns.add<F32IntrinsicConversion<math::SqrtOp>>(
      converter, "llvm.nvvm.sqrt.approx.ftz.f");
  patterns.add<F32IntrinsicConversion<math::Exp2Op>>(
      converter, "llvm.nvvm.ex2.approx.ftz.f");
  patterns.add<F32IntrinsicConversion<math::FloorOp>>(converter,
                                                      "llvm.nvvm.floor.ftz.f");
  patterns.add<F32IntrinsicConversion<math::CeilOp>>(converter,
                                                     "llvm.nvvm.ceil.ftz.f");
  // exp and exp2 on f32 are the fast forms above; f64 calls libdevice.
  patterns.add<LibdeviceConversion<math::ExpOp>>(converter, "exp",
                                                 /*benefit=*/2);
  patterns.add<LibdeviceConversion<math::Exp2Op>>(converter, "exp2",
                                                  /*benefit=*/2);
  patterns.add<HalfMathToF32<math::ExpOp>, HalfMathToF32<math::Exp2Op>,
               HalfMathToF32<math::LogOp>, HalfMathToF32<math::Log2Op>,
               HalfMathToF32<math::Log1pOp>, HalfMathToF32<math::ExpM1Op>,
               HalfMathToF32<math::SinOp>, HalfMathToF32<math::CosOp>,
               HalfMathToF32<math::TanOp>, HalfMathToF32<math::TanhOp>,
               HalfMathToF32<math::ErfOp>, HalfMathToF32<math::SqrtOp>,
               HalfMathToF32<math::RsqrtOp>, HalfMathToF32<math::PowFOp>,
               HalfMathToF32<math::AtanOp>, HalfMathToF32<math::Atan2Op>,
               HalfMathToF32<math::FloorOp>, HalfMathToF32<math::CeilOp>>(
      converter);
  patterns.add<LibdeviceConversion<math::ErfOp>>(converter, "erf");
  patterns.add<LibdeviceConversion<math::SinOp>>(converter, "sin");
  patterns.add<LibdeviceConversion<math::CosOp>>(converter, "cos");
  patterns.add<LibdeviceConversion<math::TanOp>>(converter, "tan");
  patterns.add<LibdeviceConversion<math::TanhOp>>(converter, "tanh");
  patterns.add<LibdeviceConversion<math::LogOp>>(converter, "log");
  patterns.add<LibdeviceConversion<math::Log2Op>>(converter, "log2");
  patterns.add<LibdeviceConversion<math::Log1pOp>>(converter, "log1p");
  patterns.add<LibdeviceConversion<math::ExpM1Op>>(converter, "expm1");
  patterns.add<LibdeviceConversion<math::RsqrtOp>>(converter, "rsqrt");
  patterns.add<LibdeviceConversion<math::PowFOp>>(converter, "pow");
  patterns.add<LibdeviceConversion<math::AtanOp>>(converter, "atan");
  patterns.add<LibdeviceConversion<math::Atan2Op>>(converter, "atan2");
  patterns.add<ElementwiseOpConversion>(converter, &converter.getContext(),
                                        flushableExps);
}
