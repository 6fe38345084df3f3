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
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
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

/// The thread's lane and warp (threads-per-warp 32, one-dimensional CTA).
std::pair<Value, Value> laneAndWarp(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value lane = LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, kWarpSize - 1));
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
        Value term =
            LLVM::MulOp::create(b, loc, set, i32Const(b, loc, basis));
        threadPart[d] = LLVM::XOrOp::create(b, loc, threadPart[d], term);
      }
    }
  }
  SmallVector<SmallVector<Value>> result;
  int32_t regs = layout.getInDimSize(kRegister);
  for (int32_t r = 0; r < regs; ++r) {
    LinearLayout::Point p = layout.apply(
        {{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
    SmallVector<Value> coords;
    for (unsigned d = 0; d < rank; ++d)
      coords.push_back(p[d].second ? LLVM::XOrOp::create(
                                         b, loc, threadPart[d],
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
      return rewriter.notifyMatchFailure(op, "functions with results are not lowered yet");
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
      func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
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
      return rewriter.notifyMatchFailure(op, "returning values is not lowered yet");
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
      values.push_back(LLVM::AddOp::create(rewriter, loc, coords[0],
                                           i32Const(rewriter, loc, op.getStart())));
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
    Value scalar = LLVM::ConstantOp::create(
        rewriter, op.getLoc(), element, splat.getSplatValue<TypedAttr>());
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
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
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
        Type origScalar = cast<RankedTensorType>(orig.getType()).getElementType();
        typed.push_back(v.getType() == origScalar
                            ? v
                            : UnrealizedConversionCastOp::create(
                                  rewriter, loc, origScalar, v)
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
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, ptrType, elem,
                                               adaptor.getPtr(),
                                               ValueRange{adaptor.getOffset()});
      return success();
    }
    auto structType = cast<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(resultType));
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

// --- shape ops and register-only conversions ------------------------------

/// For each register of `dst`, the register of `src` holding the element it
/// needs in the same thread, where `project` maps a `dst` coordinate to the
/// `src` coordinate it reads. Fails unless every thread already holds what
/// it needs (no data moves between threads).
std::optional<SmallVector<int32_t>>
registerMap(const LinearLayout &src, const LinearLayout &dst,
            llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  using namespace layout_dims;
  auto coords = [](const LinearLayout &l, int32_t r, int32_t lane, int32_t warp) {
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
    for (int32_t bit = 0; bit < (dst.hasInDim(d) ? dst.getInDimSizeLog2(d) : 0); ++bit) {
      int32_t lane = d == kLane ? 1 << bit : 0, warp = d == kWarp ? 1 << bit : 0;
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
    std::optional<LinearLayout> src = layoutOf(srcType), dst = layoutOf(dstType);
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
    SmallVector<Value> in = unpack(rewriter, op.getLoc(), adaptor.getOperands()[0]);
    SmallVector<Value> out;
    for (int32_t r : *map)
      out.push_back(in[r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, out));
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
Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> elems,
               unsigned bits, unsigned wordBits) {
  Type intType = b.getIntegerType(bits);
  if (elems.size() == 1)
    return LLVM::BitcastOp::create(b, loc, b.getIntegerType(wordBits),
                                   LLVM::BitcastOp::create(b, loc, intType, elems[0]));
  auto vecType = VectorType::get({int64_t(elems.size())}, intType);
  Value v = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [k, e] : llvm::enumerate(elems))
    v = LLVM::InsertElementOp::create(b, loc, v,
                                      LLVM::BitcastOp::create(b, loc, intType, e),
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
  vec = std::min<unsigned>(vec, layout.getNumConsecutiveInOut(
                                    layout_dims::kRegister,
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
      return rewriter.notifyMatchFailure(op, "scalar loads are not lowered yet");
    std::optional<LinearLayout> layout = layoutOf(type);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    Type elem = structType ? structType.getBody()[0] : Type();
    unsigned bits = elem ? elem.getIntOrFloatBitWidth() : 0;
    if (!layout || !structType || !elem.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element type or layout not lowered yet");
    Location loc = op.getLoc();
    unsigned vec = vectorSize(axis, op.getPtr(), op.getMask(), type, *layout, bits);
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
        asmText += "mov.b" + std::to_string(wordBits) + " $" + std::to_string(k) +
                   ", $" + std::to_string(next++) + ";\n";
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
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, retType, operands, asmText, constraints,
          /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::TailCallKind::None,
          LLVM::AsmDialectAttr::get(rewriter.getContext(), LLVM::AsmDialect::AD_ATT),
          ArrayAttr());
      for (unsigned k = 0; k < words; ++k) {
        Value w = words == 1 ? asmOp.getResult(0)
                             : LLVM::ExtractValueOp::create(rewriter, loc,
                                                            asmOp.getResult(0), k)
                                   .getResult();
        for (Value e : unpackWord(rewriter, loc, w, packing->perWord, elem))
          results.push_back(e);
      }
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, results));
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
      return rewriter.notifyMatchFailure(op, "scalar stores are not lowered yet");
    std::optional<LinearLayout> layout = layoutOf(type);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    Type elem = structType ? structType.getBody()[0] : Type();
    unsigned bits = elem ? elem.getIntOrFloatBitWidth() : 0;
    if (!layout || !structType || !elem.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element type or layout not lowered yet");
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    unsigned vec = vectorSize(axis, op.getPtr(), op.getMask(), ptrType, *layout, bits);
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
      LinearLayout::Point p = layout->apply({{layout_dims::kRegister, int32_t(i)},
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
        pred = pred ? LLVM::AndOp::create(rewriter, loc, pred, firstCopy).getResult()
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
        operands.push_back(packWord(
            rewriter, loc,
            ArrayRef<Value>(values).slice(i + k * packing->perWord, packing->perWord),
            bits, wordBits));
        constraints += std::string(",") + regKind;
        src += (k ? ", $" : "$") + std::to_string(idx++);
      }
      std::string asmText =
          (pred ? "@$" + std::to_string(predIdx) + " " : std::string()) +
          "st.global" + (words > 1 ? ".v" + std::to_string(words) : std::string()) +
          ".b" + std::to_string(wordBits) + " [$" + std::to_string(ptrIdx) + "], " +
          (words > 1 ? "{" + src + "}" : src) + ";";
      LLVM::InlineAsmOp::create(
          rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
          operands, asmText, constraints, /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::TailCallKind::None,
          LLVM::AsmDialectAttr::get(rewriter.getContext(), LLVM::AsmDialect::AD_ATT),
          ArrayAttr());
    }
    rewriter.eraseOp(op);
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
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
      if (failed(applyPartialConversion(module, scfTarget, std::move(scfPatterns))))
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
