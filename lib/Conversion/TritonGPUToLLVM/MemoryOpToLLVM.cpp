//===- MemoryOpToLLVM.cpp - loads, stores and atomics
//-------------------------===//
//
// tt.load / tt.store: vectors as wide as AxisInfo and the layout allow (at
// most 128 bits), predicated by the mask through inline PTX, the `other`
// value where the mask is off; a store only from the first copy of data a
// layout replicates over lanes or warps. tt.atomic_rmw through `atom`.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
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
} // namespace

void mlir::triton::gpu::lowering::populateMemoryOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ModuleAxisInfoAnalysis &axis) {
  patterns.add<LoadOpConversion, StoreOpConversion>(converter, axis);
  patterns.add<AtomicRMWOpConversion>(converter);
}
