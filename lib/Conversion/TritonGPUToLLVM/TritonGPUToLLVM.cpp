//===- TritonGPUToLLVM.cpp - convert-triton-gpu-to-llvm -------------------===//
//
// TritonGPU IR to the LLVM and NVVM dialects. A tensor becomes, in each
// thread, an LLVM struct of the elements that thread holds: element i is the
// tensor element the layout maps register i (and the thread's lane and warp)
// to. Ops are lowered per thread from the layout algebra:
//
//  - functions: public tt.func -> llvm.func with nvvm.kernel and
//    nvvm.reqntid; tt.return -> llvm.return;
//  - indices: tt.get_program_id / get_num_programs (ctaid / nctaid),
//    tt.make_range (the layout's coordinates of each register);
//  - tt.splat, splat arith.constant, elementwise arith/math on tensors (one
//    scalar op per element, then MLIR's arith/math lowering), tt.addptr;
//  - tt.load / tt.store: vectors as wide as AxisInfo and the layout allow
//    (at most 128 bits), predicated by the mask through inline PTX, the
//    `other` value where the mask is off; a store only from the first copy
//    of data a layout replicates over lanes or warps.
//
// Everything else (layout conversions, reductions, scans, dots, shared
// memory, control flow) is not lowered yet: the conversion fails with the
// op and its location.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
constexpr unsigned kWarpSize = 32;

/// The linear layout of a distributed tensor type.
std::optional<LinearLayout> layoutOf(RankedTensorType type) {
  if (!type.getEncoding() || !isDistributedEncoding(type.getEncoding()))
    return std::nullopt;
  return toLinearLayout(type.getShape(), type.getEncoding());
}

class TritonLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonLLVMTypeConverter(MLIRContext *ctx) : LLVMTypeConverter(ctx) {
    addConversion([ctx](PointerType type) -> Type {
      return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
    });
    addConversion([this](RankedTensorType type) -> std::optional<Type> {
      std::optional<LinearLayout> layout = layoutOf(type);
      if (!layout)
        return std::nullopt;
      Type element = convertType(type.getElementType());
      if (!element)
        return std::nullopt;
      SmallVector<Type> fields(layout->getInDimSize(layout_dims::kRegister),
                               element);
      return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
    });
  }
};

// --- helpers --------------------------------------------------------------

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

SmallVector<Value> unpack(OpBuilder &b, Location loc, Value structValue) {
  auto type = cast<LLVM::LLVMStructType>(structValue.getType());
  SmallVector<Value> out;
  for (unsigned i = 0; i < type.getBody().size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, structValue, i));
  return out;
}

Value pack(OpBuilder &b, Location loc, Type structType, ValueRange values) {
  Value s = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, v] : llvm::enumerate(values))
    s = LLVM::InsertValueOp::create(b, loc, s, v, i);
  return s;
}

/// Inline PTX (AT&T dialect, no stack alignment): `text` with operands
/// `$0...` bound by `constraints`.
LLVM::InlineAsmOp ptxAsm(OpBuilder &b, Location loc, Type result,
                         ValueRange operands, StringRef text,
                         StringRef constraints, bool sideEffects) {
  return LLVM::InlineAsmOp::create(
      b, loc, result, operands, text, constraints, sideEffects,
      /*is_align_stack=*/false, LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
}

/// The thread's lane and warp (threads-per-warp 32, one-dimensional CTA).
std::pair<Value, Value> laneAndWarp(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value lane =
      LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, kWarpSize - 1));
  Value warp = LLVM::LShrOp::create(b, loc, tid, i32Const(b, loc, 5));
  return {lane, warp};
}

/// For each register of `layout`, the coordinates (one i32 per dimension)
/// of the element this thread holds there: the XOR of the register's
/// constant part and the lane/warp part computed at run time.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const LinearLayout &layout) {
  using namespace layout_dims;
  auto [lane, warp] = laneAndWarp(b, loc);
  unsigned rank = layout.getOutDims().size();
  SmallVector<Value> threadPart(rank, i32Const(b, loc, 0));
  for (auto [dim, id] : {std::pair<const char *, Value>{kLane, lane},
                         std::pair<const char *, Value>{kWarp, warp}}) {
    if (!layout.hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
      Value set = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, id, i32Const(b, loc, bit)),
          i32Const(b, loc, 1));
      for (unsigned d = 0; d < rank; ++d) {
        int32_t basis = layout.getBasis(dim, bit)[d];
        if (!basis)
          continue;
        Value term = LLVM::MulOp::create(b, loc, set, i32Const(b, loc, basis));
        threadPart[d] = LLVM::XOrOp::create(b, loc, threadPart[d], term);
      }
    }
  }
  SmallVector<SmallVector<Value>> result;
  int32_t regs = layout.getInDimSize(kRegister);
  for (int32_t r = 0; r < regs; ++r) {
    LinearLayout::Point p =
        layout.apply({{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
    SmallVector<Value> coords;
    for (unsigned d = 0; d < rank; ++d)
      coords.push_back(p[d].second
                           ? LLVM::XOrOp::create(b, loc, threadPart[d],
                                                 i32Const(b, loc, p[d].second))
                                 .getResult()
                           : threadPart[d]);
    result.push_back(coords);
  }
  return result;
}

/// A predicate that is true in exactly one of the threads holding each
/// element: lane and warp bits the layout does not use must be zero.
Value firstCopyPredicate(OpBuilder &b, Location loc,
                         const LinearLayout &layout) {
  using namespace layout_dims;
  auto [lane, warp] = laneAndWarp(b, loc);
  Value pred;
  for (auto [dim, id] : {std::pair<const char *, Value>{kLane, lane},
                         std::pair<const char *, Value>{kWarp, warp}}) {
    if (!layout.hasInDim(dim))
      continue;
    int64_t freeMask = 0;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit)
      if (llvm::all_of(layout.getBasis(dim, bit), [](int32_t v) { return !v; }))
        freeMask |= int64_t(1) << bit;
    if (!freeMask)
      continue;
    Value bits = LLVM::AndOp::create(b, loc, id, i32Const(b, loc, freeMask));
    Value zero = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                      i32Const(b, loc, 0));
    pred = pred ? LLVM::AndOp::create(b, loc, pred, zero).getResult() : zero;
  }
  return pred;
}

// --- functions -----------------------------------------------------------

struct FuncOpConversion : public ConvertOpToLLVMPattern<FuncOp> {
  FuncOpConversion(LLVMTypeConverter &converter, unsigned numWarps)
      : ConvertOpToLLVMPattern(converter), numWarps(numWarps) {}

  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (type.getNumResults() != 0)
      return rewriter.notifyMatchFailure(
          op, "functions with results are not lowered yet");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> argTypes;
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "argument type not lowered");
      signature.addInputs(i, converted);
      argTypes.push_back(converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(op.getContext()), argTypes);
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                         llvmType);
    if (op.isPublic()) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      func->setAttr(
          NVVM::NVVMDialect::getReqntidAttrName(),
          rewriter.getDenseI32ArrayAttr({int32_t(numWarps * kWarpSize), 1, 1}));
    } else {
      func.setLinkage(LLVM::Linkage::Internal);
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(),
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  unsigned numWarps;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getNumOperands())
      return rewriter.notifyMatchFailure(op,
                                         "returning values is not lowered yet");
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};

// --- indices ---------------------------------------------------------------

template <typename SourceOp, bool IsCount>
struct ProgramIdConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxisAsInt()) {
    case 0:
      v = IsCount ? NVVM::GridDimXOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdXOp::create(rewriter, loc, i32).getResult();
      break;
    case 1:
      v = IsCount ? NVVM::GridDimYOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdYOp::create(rewriter, loc, i32).getResult();
      break;
    default:
      v = IsCount ? NVVM::GridDimZOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdZOp::create(rewriter, loc, i32).getResult();
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<MakeRangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> layout = layoutOf(type);
    Type structType = getTypeConverter()->convertType(type);
    if (!layout || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Location loc = op.getLoc();
    SmallVector<Value> values;
    for (auto &coords : emitIndices(rewriter, loc, *layout))
      values.push_back(LLVM::AddOp::create(
          rewriter, loc, coords[0], i32Const(rewriter, loc, op.getStart())));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, values));
    return success();
  }
};

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

/// An elementwise arith/math op on tensors: the same op on each element's
/// scalars (lowered in turn by MLIR's arith and math patterns).
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

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
    SmallVector<SmallVector<Value>> elements;
    for (Value v : operands)
      elements.push_back(unpack(rewriter, loc, v));
    auto tensorType = cast<RankedTensorType>(op->getResult(0).getType());
    Type scalarType = tensorType.getElementType();
    SmallVector<Value> results;
    for (size_t i = 0; i < resultType.getBody().size(); ++i) {
      SmallVector<Value> scalars;
      for (auto &e : elements)
        scalars.push_back(e[i]);
      // Operands are already LLVM-typed scalars; build the op on the
      // original scalar types through materializations.
      SmallVector<Value> typed;
      for (auto [v, orig] : llvm::zip(scalars, op->getOperands())) {
        Type origScalar =
            cast<RankedTensorType>(orig.getType()).getElementType();
        typed.push_back(v.getType() == origScalar
                            ? v
                            : UnrealizedConversionCastOp::create(rewriter, loc,
                                                                 origScalar, v)
                                  .getResult(0));
      }
      OperationState state(loc, op->getName().getStringRef(), typed,
                           {scalarType}, op->getAttrs());
      Operation *scalarOp = rewriter.create(state);
      Value r = scalarOp->getResult(0);
      if (r.getType() != resultType.getBody()[i])
        r = UnrealizedConversionCastOp::create(rewriter, loc,
                                               resultType.getBody()[i], r)
                .getResult(0);
      results.push_back(r);
    }
    rewriter.replaceOp(op, pack(rewriter, loc, resultType, results));
    return success();
  }
};

struct AddPtrOpConversion : public ConvertOpToLLVMPattern<AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
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
      out.push_back(LLVM::GEPOp::create(rewriter, loc, p.getType(), elem, p,
                                        ValueRange{o}));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};

/// Scalar f32 exp and exp2 as upstream lowers them: ex2.approx.f32, after a
/// multiplication by log2(e) for exp (NVPTX has no libcall for llvm.exp).
template <typename MathOp, bool IsExp>
struct FastExpConversion : public ConvertOpToLLVMPattern<MathOp> {
  FastExpConversion(LLVMTypeConverter &c)
      : ConvertOpToLLVMPattern<MathOp>(c, /*benefit=*/3) {}
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (IsExp)
      x = LLVM::FMulOp::create(
          rewriter, loc, x,
          LLVM::ConstantOp::create(
              rewriter, loc, rewriter.getF32Type(),
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
  LibdeviceConversion(LLVMTypeConverter &c, StringRef name)
      : ConvertOpToLLVMPattern<MathOp>(c, /*benefit=*/3), name(name) {}
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isF32() && !type.isF64())
      return failure();
    std::string fn = "__nv_" + name + (type.isF32() ? "f" : "");
    auto module = op->template getParentOfType<ModuleOp>();
    auto func = module.template lookupSymbol<LLVM::LLVMFuncOp>(fn);
    if (!func) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      SmallVector<Type> args(adaptor.getOperands().size(), type);
      func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), fn,
                                      LLVM::LLVMFunctionType::get(type, args));
    }
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, func, adaptor.getOperands());
    return success();
  }
  std::string name;
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

// --- shape ops and register-only conversions ------------------------------

/// For each register of `dst`, the register of `src` holding the element it
/// needs in the same thread, where `project` maps a `dst` coordinate to the
/// `src` coordinate it reads. Fails unless every thread already holds what
/// it needs (no data moves between threads).
std::optional<SmallVector<int32_t>> registerMap(
    const LinearLayout &src, const LinearLayout &dst,
    llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  using namespace layout_dims;
  auto coords = [](const LinearLayout &l, int32_t r, int32_t lane,
                   int32_t warp) {
    LinearLayout::Point p =
        l.apply({{kRegister, r}, {kLane, lane}, {kWarp, warp}, {kBlock, 0}});
    SmallVector<int32_t> c;
    for (auto &[n, v] : p)
      c.push_back(v);
    return c;
  };
  auto size = [](const LinearLayout &l, const char *d) {
    return l.hasInDim(d) ? l.getInDimSize(d) : 1;
  };
  // The lane/warp parts must agree after projection (checked on each basis).
  for (const char *d : {kLane, kWarp}) {
    if (size(src, d) != size(dst, d))
      return std::nullopt;
    for (int32_t bit = 0; bit < (dst.hasInDim(d) ? dst.getInDimSizeLog2(d) : 0);
         ++bit) {
      int32_t lane = d == kLane ? 1 << bit : 0,
              warp = d == kWarp ? 1 << bit : 0;
      if (project(coords(dst, 0, lane, warp)) != coords(src, 0, lane, warp))
        return std::nullopt;
    }
  }
  std::map<SmallVector<int32_t>, int32_t> where;
  for (int32_t r = size(src, kRegister) - 1; r >= 0; --r)
    where[coords(src, r, 0, 0)] = r;
  SmallVector<int32_t> map;
  for (int32_t r = 0; r < size(dst, kRegister); ++r) {
    auto it = where.find(project(coords(dst, r, 0, 0)));
    if (it == where.end())
      return std::nullopt;
    map.push_back(it->second);
  }
  return map;
}

/// expand_dims, broadcast and convert_layout when no data crosses threads:
/// a permutation (or replication) of the thread's registers.
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
    std::optional<SmallVector<int32_t>> map;
    if constexpr (std::is_same_v<SourceOp, ExpandDimsOp>) {
      unsigned axis = op.getAxis();
      map = registerMap(*src, *dst, [&](ArrayRef<int32_t> c) {
        SmallVector<int32_t> out(c.begin(), c.end());
        out.erase(out.begin() + axis);
        return out;
      });
    } else if constexpr (std::is_same_v<SourceOp, BroadcastOp>) {
      map = registerMap(*src, *dst, [&](ArrayRef<int32_t> c) {
        SmallVector<int32_t> out(c.begin(), c.end());
        for (size_t d = 0; d < out.size(); ++d)
          if (srcShape[d] == 1)
            out[d] = 0;
        return out;
      });
    } else {
      map = registerMap(*src, *dst, [](ArrayRef<int32_t> c) {
        return SmallVector<int32_t>(c.begin(), c.end());
      });
    }
    if (!map)
      return rewriter.notifyMatchFailure(
          op, "moves data between threads: not lowered yet");
    SmallVector<Value> in =
        unpack(rewriter, op.getLoc(), adaptor.getOperands()[0]);
    SmallVector<Value> out;
    for (int32_t r : *map)
      out.push_back(in[r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, out));
    return success();
  }
};

// --- reductions ------------------------------------------------------------

/// The module's dynamic shared memory, as a pointer in address space 3.
Value sharedBase(OpBuilder &b, Location loc, Operation *anchor) {
  auto module = anchor->getParentOfType<ModuleOp>();
  StringRef name = "global_smem";
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getIntegerType(8), 0);
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/false,
                                    LLVM::Linkage::External, name, Attribute(),
                                    /*alignment=*/16, /*addrSpace=*/3);
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// Runs the reduce/scan combine region on (acc..., x...) at the insertion
/// point; returns its results.
SmallVector<Value> combine(ConversionPatternRewriter &rewriter, Location loc,
                           Region &region, ValueRange acc, ValueRange x) {
  Block &body = region.front();
  IRMapping map;
  unsigned n = acc.size();
  for (unsigned i = 0; i < n; ++i) {
    Value a = acc[i], c = x[i];
    Type want = body.getArgument(i).getType();
    auto cast = [&](Value v) {
      return v.getType() == want
                 ? v
                 : UnrealizedConversionCastOp::create(rewriter, loc, want, v)
                       .getResult(0);
    };
    map.map(body.getArgument(i), cast(a));
    map.map(body.getArgument(n + i), cast(c));
  }
  for (Operation &op : body.without_terminator())
    rewriter.clone(op, map);
  SmallVector<Value> out;
  for (Value v : body.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

/// A 32-bit-or-narrower value shuffled to lane (lane ^ offset).
Value shuffleXor(OpBuilder &b, Location loc, Value v, unsigned offset) {
  Type type = v.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Value word = v;
  if (type != i32 && !type.isF32()) {
    word = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), v);
    word = LLVM::ZExtOp::create(b, loc, i32, word);
  }
  Value r =
      NVVM::ShflOp::create(b, loc, word.getType(), i32Const(b, loc, -1), word,
                           i32Const(b, loc, offset), i32Const(b, loc, 0x1f),
                           NVVM::ShflKind::bfly, UnitAttr());
  if (type != i32 && !type.isF32()) {
    r = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), r);
    r = LLVM::BitcastOp::create(b, loc, type, r);
  }
  return r;
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using namespace layout_dims;
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = layoutOf(srcType);
    if (!layout)
      return rewriter.notifyMatchFailure(op, "no layout");
    unsigned n = op.getSrcs().size();
    for (Value v : op.getSrcs()) {
      Type e = cast<RankedTensorType>(v.getType()).getElementType();
      if (!e.isIntOrFloat() || e.getIntOrFloatBitWidth() > 32)
        return rewriter.notifyMatchFailure(
            op, "reductions of wider than 32-bit values are not lowered yet");
    }
    // Bases must each touch the reduced axis alone or not at all.
    auto axisOnly = [&](const char *dim, int32_t bit) {
      const auto &basis = layout->getBasis(dim, bit);
      bool onAxis = basis[axis] != 0;
      for (size_t d = 0; d < basis.size(); ++d)
        if (d != axis && basis[d] != 0 && onAxis)
          return std::optional<bool>();
      return std::optional<bool>(onAxis);
    };
    SmallVector<SmallVector<Value>> elems;
    for (Value v : adaptor.getSrcs())
      elems.push_back(unpack(rewriter, loc, v));
    int32_t regs = layout->getInDimSize(kRegister);

    // 1. Within the thread: registers with one key (coordinates but axis).
    std::map<SmallVector<int32_t>, SmallVector<Value>> acc;
    // The register that first produced each key (its run-time index).
    std::map<SmallVector<int32_t>, int32_t> firstReg;
    SmallVector<SmallVector<int32_t>> keys;
    for (int32_t r = 0; r < regs; ++r) {
      LinearLayout::Point p =
          layout->apply({{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
      SmallVector<int32_t> key;
      for (auto [d, c] : llvm::enumerate(p))
        if (d != axis)
          key.push_back(c.second);
      SmallVector<Value> x;
      for (unsigned i = 0; i < n; ++i)
        x.push_back(elems[i][r]);
      auto it = acc.find(key);
      if (it == acc.end()) {
        acc[key] = x;
        keys.push_back(key);
        firstReg[key] = r;
      } else {
        it->second = combine(rewriter, loc, op.getCombineOp(), it->second, x);
      }
    }
    // 2. Within the warp: butterfly shuffles over lane bits on the axis.
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(kLane); ++bit) {
      std::optional<bool> on = axisOnly(kLane, bit);
      if (!on)
        return rewriter.notifyMatchFailure(
            op, "lane bases mix the axis with other dimensions");
      if (!*on)
        continue;
      for (auto &key : keys) {
        SmallVector<Value> other;
        for (Value v : acc[key])
          other.push_back(shuffleXor(rewriter, loc, v, 1u << bit));
        acc[key] = combine(rewriter, loc, op.getCombineOp(), acc[key], other);
      }
    }
    // 3. Across warps: through shared memory.
    SmallVector<int32_t> axisWarpBits;
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(kWarp); ++bit) {
      std::optional<bool> on = axisOnly(kWarp, bit);
      if (!on)
        return rewriter.notifyMatchFailure(
            op, "warp bases mix the axis with other dimensions");
      if (*on)
        axisWarpBits.push_back(bit);
    }
    if (!axisWarpBits.empty()) {
      auto offsetAttr = op->getAttrOfType<IntegerAttr>("allocation.offset");
      if (!offsetAttr)
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated (run allocate-shared-memory)");
      auto [lane, warp] = laneAndWarp(rewriter, loc);
      (void)lane;
      // The warp's index along the axis: its axis bits, compressed.
      Value warpIdx = i32Const(rewriter, loc, 0);
      for (auto [k, bit] : llvm::enumerate(axisWarpBits)) {
        Value b = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, warp,
                                 i32Const(rewriter, loc, bit)),
            i32Const(rewriter, loc, 1));
        warpIdx = LLVM::OrOp::create(
            rewriter, loc, warpIdx,
            LLVM::ShlOp::create(rewriter, loc, b, i32Const(rewriter, loc, k)));
      }
      unsigned warps = 1u << axisWarpBits.size();
      // Result elements, linearized over the result shape (thread part
      // included): each key's element index at run time.
      SmallVector<int64_t> resShape;
      for (auto [d, size] : llvm::enumerate(srcType.getShape()))
        if (d != axis)
          resShape.push_back(size);
      int64_t numResults = 1;
      for (int64_t sz : resShape)
        numResults *= sz;
      SmallVector<SmallVector<Value>> indices =
          emitIndices(rewriter, loc, *layout);
      Value base = sharedBase(rewriter, loc, op);
      Type i8 = rewriter.getIntegerType(8);
      // Barrier: earlier users of this scratch are done.
      NVVM::Barrier0Op::create(rewriter, loc);
      uint64_t operandOffset = offsetAttr.getInt();
      SmallVector<uint64_t> operandBase;
      for (unsigned i = 0; i < n; ++i) {
        operandBase.push_back(operandOffset);
        Type e =
            cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType();
        operandOffset +=
            warps * numResults * ((e.getIntOrFloatBitWidth() + 7) / 8);
      }
      auto linearIndex = [&](int32_t reg) {
        Value idx = i32Const(rewriter, loc, 0);
        unsigned rd = 0;
        for (unsigned d = 0; d < indices[reg].size(); ++d) {
          if (d == axis)
            continue;
          idx = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, idx,
                                  i32Const(rewriter, loc, resShape[rd++])),
              indices[reg][d]);
        }
        return idx;
      };
      auto slot = [&](unsigned i, Value warpSlot, Value elemIdx) {
        Type e =
            cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType();
        Type llvmE = getTypeConverter()->convertType(e);
        Value flat = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, warpSlot,
                                i32Const(rewriter, loc, numResults)),
            elemIdx);
        Value bytes = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), i8, base,
            ValueRange{i32Const(rewriter, loc, operandBase[i])});
        return std::make_pair(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                                  llvmE, bytes,
                                                  ValueRange{flat})
                                  .getResult(),
                              llvmE);
      };
      for (auto &key : keys) {
        Value idx = linearIndex(firstReg[key]);
        for (unsigned i = 0; i < n; ++i) {
          auto [ptr, ty] = slot(i, warpIdx, idx);
          LLVM::StoreOp::create(rewriter, loc, acc[key][i], ptr);
        }
      }
      NVVM::Barrier0Op::create(rewriter, loc);
      for (auto &key : keys) {
        Value idx = linearIndex(firstReg[key]);
        SmallVector<Value> total;
        for (unsigned w = 0; w < warps; ++w) {
          SmallVector<Value> part;
          for (unsigned i = 0; i < n; ++i) {
            auto [ptr, ty] = slot(i, i32Const(rewriter, loc, w), idx);
            part.push_back(LLVM::LoadOp::create(rewriter, loc, ty, ptr));
          }
          total = w == 0
                      ? part
                      : combine(rewriter, loc, op.getCombineOp(), total, part);
        }
        acc[key] = total;
      }
      NVVM::Barrier0Op::create(rewriter, loc);
    }
    // Results: scalars, or tensors in the slice layout.
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      Type resType = op.getResult()[i].getType();
      auto resTensor = dyn_cast<RankedTensorType>(resType);
      if (!resTensor) {
        results.push_back(acc[keys.front()][i]);
        continue;
      }
      std::optional<LinearLayout> resLayout = layoutOf(resTensor);
      Type structType = getTypeConverter()->convertType(resTensor);
      if (!resLayout || !structType)
        return rewriter.notifyMatchFailure(op, "no result layout");
      SmallVector<Value> vals;
      for (int32_t r = 0; r < resLayout->getInDimSize(kRegister); ++r) {
        LinearLayout::Point p = resLayout->apply(
            {{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
        SmallVector<int32_t> key;
        for (auto &c : p)
          key.push_back(c.second);
        auto it = acc.find(key);
        if (it == acc.end())
          return rewriter.notifyMatchFailure(
              op, "result layout does not match the operand's");
        vals.push_back(it->second[i]);
      }
      results.push_back(pack(rewriter, loc, structType, vals));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

// --- memory --------------------------------------------------------------

/// PTX register constraint and width for elements of `bits`.
std::optional<std::pair<char, unsigned>> ptxRegister(unsigned bits) {
  switch (bits) {
  case 16:
    return std::make_pair('h', 16u);
  case 32:
    return std::make_pair('r', 32u);
  case 64:
    return std::make_pair('l', 64u);
  default:
    return std::nullopt;
  }
}

/// How a vector of `vec` elements of `bits` travels: as `words` PTX
/// registers of `wordBits` (16-bit and 8-bit elements packed into 32-bit
/// words when the vector is wide enough), at most four per instruction.
struct Packing {
  unsigned wordBits, words, perWord;
};

std::optional<Packing> packingFor(unsigned bits, unsigned vec) {
  unsigned wordBits = bits >= 32 ? bits : (vec * bits >= 32 ? 32 : bits);
  if (wordBits == 8)
    return std::nullopt; // single bytes: not lowered yet
  Packing p{wordBits, vec * bits / wordBits, wordBits / bits};
  if (p.words > 4 || !ptxRegister(wordBits))
    return std::nullopt;
  return p;
}

/// `perWord` elements (LLVM scalars of `bits`) as one integer word.
Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> elems, unsigned bits,
               unsigned wordBits) {
  Type intType = b.getIntegerType(bits);
  if (elems.size() == 1)
    return LLVM::BitcastOp::create(
        b, loc, b.getIntegerType(wordBits),
        LLVM::BitcastOp::create(b, loc, intType, elems[0]));
  auto vecType = VectorType::get({int64_t(elems.size())}, intType);
  Value v = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [k, e] : llvm::enumerate(elems))
    v = LLVM::InsertElementOp::create(
        b, loc, v, LLVM::BitcastOp::create(b, loc, intType, e),
        i32Const(b, loc, k));
  return LLVM::BitcastOp::create(b, loc, b.getIntegerType(wordBits), v);
}

/// The inverse: the word's elements as scalars of `elem`.
SmallVector<Value> unpackWord(OpBuilder &b, Location loc, Value word,
                              unsigned perWord, Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  if (perWord == 1)
    return {LLVM::BitcastOp::create(b, loc, elem, word)};
  auto vecType = VectorType::get({int64_t(perWord)}, intType);
  Value v = LLVM::BitcastOp::create(b, loc, vecType, word);
  SmallVector<Value> out;
  for (unsigned k = 0; k < perWord; ++k)
    out.push_back(LLVM::BitcastOp::create(
        b, loc, elem,
        LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k))));
  return out;
}

/// Elements per vector for an access through `ptr` (a tensor of pointers)
/// in `layout`: consecutive registers along the fastest dimension, bounded
/// by AxisInfo's contiguity and alignment, the mask and 128 bits.
unsigned vectorSize(const ModuleAxisInfoAnalysis &axis, Value ptr, Value mask,
                    RankedTensorType type, const LinearLayout &layout,
                    unsigned bits) {
  unsigned rank = type.getRank();
  unsigned dim = rank - 1;
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    dim = blocked.getOrder()[0];
  unsigned vec = std::max(1u, 128 / bits);
  vec = std::min<unsigned>(
      vec, layout.getNumConsecutiveInOut(layout_dims::kRegister,
                                         layout_dims::outDimName(dim)));
  vec = std::min(vec, axis.getPtrContiguity(ptr, dim));
  vec = std::min(vec, axis.getPtrAlignment(ptr, dim));
  if (mask)
    vec = std::min(vec, axis.getMaskAlignment(mask, dim));
  return std::max(1u, unsigned(llvm::bit_floor(vec)));
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<LoadOp> {
  LoadOpConversion(LLVMTypeConverter &c, const ModuleAxisInfoAnalysis &axis)
      : ConvertOpToLLVMPattern(c), axis(axis) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return lowerScalar(op, adaptor, rewriter);
    std::optional<LinearLayout> layout = layoutOf(type);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    Type elem = structType ? structType.getBody()[0] : Type();
    unsigned bits = elem ? elem.getIntOrFloatBitWidth() : 0;
    if (!layout || !structType || !elem.isIntOrFloat())
      return rewriter.notifyMatchFailure(
          op, "element type or layout not lowered yet");
    Location loc = op.getLoc();
    unsigned vec =
        vectorSize(axis, op.getPtr(), op.getMask(), type, *layout, bits);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks = unpack(rewriter, loc, adaptor.getMask());
    if (op.getOther())
      others = unpack(rewriter, loc, adaptor.getOther());
    std::optional<Packing> packing = packingFor(bits, vec);
    while (!packing && vec > 1)
      packing = packingFor(bits, vec /= 2);
    if (!packing)
      return rewriter.notifyMatchFailure(op, "element width not lowered yet");
    unsigned wordBits = packing->wordBits, words = packing->words;
    char regKind = ptxRegister(wordBits)->first;
    Type wordType = rewriter.getIntegerType(wordBits);
    SmallVector<Value> results;
    for (size_t i = 0; i < ptrs.size(); i += vec) {
      // Each output starts as `other` (or 0), then a predicated vector load.
      std::string asmText, constraints;
      SmallVector<Value> operands;
      for (unsigned k = 0; k < words; ++k)
        constraints += std::string(k ? "," : "") + "=" + regKind;
      unsigned next = words;
      for (unsigned k = 0; k < words; ++k) {
        Value o;
        if (others.empty())
          o = LLVM::ConstantOp::create(rewriter, loc, wordType,
                                       rewriter.getIntegerAttr(wordType, 0));
        else
          o = packWord(rewriter, loc,
                       ArrayRef<Value>(others).slice(i + k * packing->perWord,
                                                     packing->perWord),
                       bits, wordBits);
        operands.push_back(o);
        constraints += std::string(",") + regKind;
        asmText += "mov.b" + std::to_string(wordBits) + " $" +
                   std::to_string(k) + ", $" + std::to_string(next++) + ";\n";
      }
      unsigned predIdx = 0;
      if (!masks.empty()) {
        operands.push_back(masks[i]);
        constraints += ",b";
        predIdx = next++;
      }
      operands.push_back(ptrs[i]);
      constraints += ",l";
      unsigned ptrIdx = next++;
      std::string dst;
      for (unsigned k = 0; k < words; ++k)
        dst += (k ? ", $" : "$") + std::to_string(k);
      if (!masks.empty())
        asmText += "@$" + std::to_string(predIdx) + " ";
      asmText += "ld.global" +
                 (words > 1 ? ".v" + std::to_string(words) : std::string()) +
                 ".b" + std::to_string(wordBits) + " " +
                 (words > 1 ? "{" + dst + "}" : dst) + ", [$" +
                 std::to_string(ptrIdx) + "];";
      SmallVector<Type> outTypes(words, wordType);
      Type retType = words == 1 ? wordType
                                : LLVM::LLVMStructType::getLiteral(
                                      rewriter.getContext(), outTypes);
      auto asmOp = ptxAsm(rewriter, loc, retType, operands, asmText,
                          constraints, /*sideEffects=*/true);
      for (unsigned k = 0; k < words; ++k) {
        Value w = words == 1 ? asmOp.getResult(0)
                             : LLVM::ExtractValueOp::create(
                                   rewriter, loc, asmOp.getResult(0), k)
                                   .getResult();
        for (Value e : unpackWord(rewriter, loc, w, packing->perWord, elem))
          results.push_back(e);
      }
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, results));
    return success();
  }

  /// A scalar load: every thread loads (all need the value), predicated on
  /// the mask, `other` (or 0) where it is off.
  LogicalResult lowerScalar(LoadOp op, OpAdaptor adaptor,
                            ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(op.getType());
    if (!elem || !elem.isIntOrFloat() ||
        !ptxRegister(elem.getIntOrFloatBitWidth()))
      return rewriter.notifyMatchFailure(op,
                                         "scalar load type not lowered yet");
    unsigned bits = elem.getIntOrFloatBitWidth();
    char reg = ptxRegister(bits)->first;
    Type intType = rewriter.getIntegerType(bits);
    Value other =
        op.getOther()
            ? LLVM::BitcastOp::create(rewriter, loc, intType,
                                      adaptor.getOther())
                  .getResult()
            : LLVM::ConstantOp::create(rewriter, loc, intType,
                                       rewriter.getIntegerAttr(intType, 0))
                  .getResult();
    SmallVector<Value> operands{other};
    std::string constraints = std::string("=") + reg + "," + reg;
    std::string text = "mov.b" + std::to_string(bits) + " $0, $1;\n";
    if (op.getMask()) {
      operands.push_back(adaptor.getMask());
      constraints += ",b";
      text += "@$2 ";
    }
    operands.push_back(adaptor.getPtr());
    constraints += ",l";
    text += "ld.global.b" + std::to_string(bits) + " $0, [$" +
            std::to_string(operands.size()) + "];";
    auto asmOp = ptxAsm(rewriter, loc, intType, operands, text, constraints,
                        /*sideEffects=*/true);
    rewriter.replaceOp(
        op, LLVM::BitcastOp::create(rewriter, loc, elem, asmOp.getResult(0)));
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<StoreOp> {
  StoreOpConversion(LLVMTypeConverter &c, const ModuleAxisInfoAnalysis &axis)
      : ConvertOpToLLVMPattern(c), axis(axis) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!type)
      return lowerScalar(op, adaptor, rewriter);
    std::optional<LinearLayout> layout = layoutOf(type);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    Type elem = structType ? structType.getBody()[0] : Type();
    unsigned bits = elem ? elem.getIntOrFloatBitWidth() : 0;
    if (!layout || !structType || !elem.isIntOrFloat())
      return rewriter.notifyMatchFailure(
          op, "element type or layout not lowered yet");
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    unsigned vec =
        vectorSize(axis, op.getPtr(), op.getMask(), ptrType, *layout, bits);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values = unpack(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = unpack(rewriter, loc, adaptor.getMask());
    Value firstCopy = firstCopyPredicate(rewriter, loc, *layout);
    std::optional<Packing> packing = packingFor(bits, vec);
    while (!packing && vec > 1)
      packing = packingFor(bits, vec /= 2);
    if (!packing)
      return rewriter.notifyMatchFailure(op, "element width not lowered yet");
    unsigned wordBits = packing->wordBits, words = packing->words;
    char regKind = ptxRegister(wordBits)->first;
    // Registers holding the same element as an earlier register (a layout
    // replicating data within a thread) do not store again.
    DenseSet<int64_t> seen;
    for (size_t i = 0; i < ptrs.size(); i += vec) {
      LinearLayout::Point p =
          layout->apply({{layout_dims::kRegister, int32_t(i)},
                         {layout_dims::kLane, 0},
                         {layout_dims::kWarp, 0},
                         {layout_dims::kBlock, 0}});
      int64_t key = 0;
      for (auto &[name, v] : p)
        key = key * 65536 + v;
      if (!seen.insert(key).second)
        continue;
      Value pred = masks.empty() ? Value() : masks[i];
      if (firstCopy)
        pred = pred ? LLVM::AndOp::create(rewriter, loc, pred, firstCopy)
                          .getResult()
                    : firstCopy;
      std::string constraints, src;
      SmallVector<Value> operands;
      unsigned idx = 0, predIdx = 0;
      if (pred) {
        operands.push_back(pred);
        constraints += "b";
        predIdx = idx++;
      }
      operands.push_back(ptrs[i]);
      constraints += std::string(constraints.empty() ? "" : ",") + "l";
      unsigned ptrIdx = idx++;
      for (unsigned k = 0; k < words; ++k) {
        operands.push_back(
            packWord(rewriter, loc,
                     ArrayRef<Value>(values).slice(i + k * packing->perWord,
                                                   packing->perWord),
                     bits, wordBits));
        constraints += std::string(",") + regKind;
        src += (k ? ", $" : "$") + std::to_string(idx++);
      }
      std::string asmText =
          (pred ? "@$" + std::to_string(predIdx) + " " : std::string()) +
          "st.global" +
          (words > 1 ? ".v" + std::to_string(words) : std::string()) + ".b" +
          std::to_string(wordBits) + " [$" + std::to_string(ptrIdx) + "], " +
          (words > 1 ? "{" + src + "}" : src) + ";";
      ptxAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
             operands, asmText, constraints, /*sideEffects=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// A scalar store: one thread (thread 0 of the program) stores it.
  LogicalResult lowerScalar(StoreOp op, OpAdaptor adaptor,
                            ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Type elem = adaptor.getValue().getType();
    if (!elem.isIntOrFloat() || !ptxRegister(elem.getIntOrFloatBitWidth()))
      return rewriter.notifyMatchFailure(op,
                                         "scalar store type not lowered yet");
    unsigned bits = elem.getIntOrFloatBitWidth();
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      tid, i32Const(rewriter, loc, 0));
    if (op.getMask())
      pred = LLVM::AndOp::create(rewriter, loc, pred, adaptor.getMask());
    Value v = LLVM::BitcastOp::create(
        rewriter, loc, rewriter.getIntegerType(bits), adaptor.getValue());
    std::string text = "@$0 st.global.b" + std::to_string(bits) + " [$1], $2;";
    std::string constraints = std::string("b,l,") + ptxRegister(bits)->first;
    ptxAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
           ValueRange{pred, adaptor.getPtr(), v}, text, constraints,
           /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
};

/// tt.atomic_rmw through `atom`: element by element, each element by one
/// thread (the first copy; thread 0 for a scalar), predicated on the mask.
/// The old values are returned where the issuing thread is the only holder;
/// results that replicated copies or other threads would need (scalar
/// atomics whose result is used) are not lowered yet.
struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<AtomicRMWOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  static std::optional<std::string> opSuffix(RMWOp op, Type elem) {
    unsigned bits = elem.getIntOrFloatBitWidth();
    std::string w = std::to_string(bits);
    switch (op) {
    case RMWOp::FADD:
      return elem.isF32() || elem.isF64()
                 ? std::optional<std::string>("add.f" + w)
                 : std::nullopt;
    case RMWOp::ADD:
      return "add.u" + w;
    case RMWOp::MAX:
      return "max.s" + w;
    case RMWOp::MIN:
      return "min.s" + w;
    case RMWOp::UMAX:
      return "max.u" + w;
    case RMWOp::UMIN:
      return "min.u" + w;
    case RMWOp::AND:
      return "and.b" + w;
    case RMWOp::OR:
      return "or.b" + w;
    case RMWOp::XOR:
      return "xor.b" + w;
    case RMWOp::XCHG:
      return "exch.b" + w;
    }
    return std::nullopt;
  }

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type valType = op.getVal().getType();
    auto tensor = dyn_cast<RankedTensorType>(valType);
    Type elem = getTypeConverter()->convertType(tensor ? tensor.getElementType()
                                                       : valType);
    if (!elem || !elem.isIntOrFloat() ||
        (elem.getIntOrFloatBitWidth() != 32 &&
         elem.getIntOrFloatBitWidth() != 64))
      return rewriter.notifyMatchFailure(
          op, "atomics on this type are not lowered yet");
    std::optional<std::string> suffix = opSuffix(op.getAtomicRmwOp(), elem);
    if (!suffix)
      return rewriter.notifyMatchFailure(op, "this atomic is not lowered yet");
    std::string sem = stringifyMemSemantic(op.getSem()).str();
    std::string scope = stringifyMemSyncScope(op.getScope()).str();
    std::string text = "@$3 atom." + sem + "." + scope + ".global." + *suffix +
                       " $0, [$1], $2;";
    unsigned bits = elem.getIntOrFloatBitWidth();
    char reg = bits == 64 ? 'l' : 'r';
    std::string constraints = std::string("=") + reg + ",l," + reg + ",b";
    Type intType = rewriter.getIntegerType(bits);
    auto atom = [&](Value ptr, Value val, Value pred) {
      Value v = LLVM::BitcastOp::create(rewriter, loc, intType, val);
      auto asmOp = ptxAsm(rewriter, loc, intType, ValueRange{ptr, v, pred},
                          text, constraints, /*sideEffects=*/true);
      return LLVM::BitcastOp::create(rewriter, loc, elem, asmOp.getResult(0))
          .getResult();
    };
    if (!tensor) {
      if (!op.getResult().use_empty())
        return rewriter.notifyMatchFailure(
            op, "scalar atomics whose result is used are not lowered yet");
      Value tid =
          NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
      Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        tid, i32Const(rewriter, loc, 0));
      if (op.getMask())
        pred = LLVM::AndOp::create(rewriter, loc, pred, adaptor.getMask());
      Value r = atom(adaptor.getPtr(), adaptor.getVal(), pred);
      rewriter.replaceOp(op, r);
      return success();
    }
    std::optional<LinearLayout> layout = layoutOf(tensor);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(tensor));
    if (!layout || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Value firstCopy = firstCopyPredicate(rewriter, loc, *layout);
    if (firstCopy && !op.getResult().use_empty())
      return rewriter.notifyMatchFailure(
          op, "atomic results on replicated layouts are not lowered yet");
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> vals = unpack(rewriter, loc, adaptor.getVal());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = unpack(rewriter, loc, adaptor.getMask());
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    SmallVector<Value> results;
    DenseSet<int64_t> seen;
    for (size_t i = 0; i < ptrs.size(); ++i) {
      Value pred = masks.empty() ? always : masks[i];
      if (firstCopy)
        pred = LLVM::AndOp::create(rewriter, loc, pred, firstCopy);
      // A register repeating an earlier register's element does not act.
      LinearLayout::Point p =
          layout->apply({{layout_dims::kRegister, int32_t(i)},
                         {layout_dims::kLane, 0},
                         {layout_dims::kWarp, 0},
                         {layout_dims::kBlock, 0}});
      int64_t key = 0;
      for (auto &[name, v] : p)
        key = key * 65536 + v;
      if (!seen.insert(key).second)
        pred = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                        rewriter.getBoolAttr(false));
      results.push_back(atom(ptrs[i], vals[i], pred));
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, results));
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
    auto hi = [&](Value a, Value b) -> Value {
      unsigned bits = a.getType().getIntOrFloatBitWidth();
      Type wide = rewriter.getIntegerType(2 * bits);
      Value p = LLVM::MulOp::create(
          rewriter, loc, LLVM::ZExtOp::create(rewriter, loc, wide, a),
          LLVM::ZExtOp::create(rewriter, loc, wide, b));
      Value sh = LLVM::LShrOp::create(
          rewriter, loc, p,
          LLVM::ConstantOp::create(rewriter, loc, wide,
                                   rewriter.getIntegerAttr(wide, bits)));
      return LLVM::TruncOp::create(rewriter, loc, a.getType(), sh);
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

class ConvertTritonGPUToLLVMPass
    : public mlir::triton::impl::ConvertTritonGPUToLLVMBase<
          ConvertTritonGPUToLLVMPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    unsigned numWarps = 4;
    if (auto w = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      numWarps = w.getInt();
    if (auto t = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      if (t.getInt() != kWarpSize) {
        module.emitError("only 32 threads per warp are supported");
        return signalPassFailure();
      }
    ModuleAxisInfoAnalysis axis(module);
    // Structured control flow to branches first (tensor-typed block
    // arguments are converted with everything else below).
    {
      RewritePatternSet scfPatterns(ctx);
      populateSCFToControlFlowConversionPatterns(scfPatterns);
      ConversionTarget scfTarget(*ctx);
      scfTarget.addIllegalOp<scf::ForOp, scf::IfOp, scf::WhileOp,
                             scf::ExecuteRegionOp, scf::IndexSwitchOp>();
      scfTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, scfTarget,
                                        std::move(scfPatterns))))
        return signalPassFailure();
    }
    TritonLLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    patterns.add<FuncOpConversion>(converter, numWarps);
    patterns.add<ReturnOpConversion, MakeRangeOpConversion, SplatOpConversion,
                 AddPtrOpConversion, ConstantOpConversion,
                 ProgramIdConversion<GetProgramIdOp, false>,
                 ProgramIdConversion<GetNumProgramsOp, true>>(converter);
    patterns.add<LoadOpConversion, StoreOpConversion>(converter, axis);
    patterns.add<AtomicRMWOpConversion, MulhiUIOpConversion,
                 PreciseDivConversion, PreciseSqrtConversion, ClampFConversion>(
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
    patterns.add<ReduceOpConversion, FastExpConversion<math::ExpOp, true>,
                 FastExpConversion<math::Exp2Op, false>>(converter);
    patterns.add<RegisterRemapConversion<ExpandDimsOp>,
                 RegisterRemapConversion<BroadcastOp>,
                 RegisterRemapConversion<ConvertLayoutOp>>(converter);
    patterns.add<ElementwiseOpConversion>(converter, ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<TritonDialect, TritonGPUDialect,
                             arith::ArithDialect, math::MathDialect,
                             cf::ControlFlowDialect, scf::SCFDialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Casts left between converted values fold away; any other is a type
    // the lowering does not handle yet.
    bool leftover = false;
    module.walk([&](UnrealizedConversionCastOp cast) {
      if (cast->use_empty()) {
        cast->erase();
        return;
      }
      leftover = true;
    });
    (void)leftover;
  }
};
} // namespace
