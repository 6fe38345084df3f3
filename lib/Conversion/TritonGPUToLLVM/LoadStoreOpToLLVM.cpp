//===- LoadStoreOpToLLVM.cpp - global loads, stores and atomics -----------===//
//
// tt.load / tt.store: vectors as wide as AxisInfo and the layout allow (at
// most 128 bits), predicated by the mask through inline PTX, the `other`
// value where the mask is off; a store only from the first copy of data a
// layout replicates over lanes or warps. tt.atomic_rmw through `atom`.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The PTX qualifiers after `ld`/`st` for an op's volatility, cache modifier
/// and eviction policy (".volatile", ".cg", ".cs.L1::evict_first", ...),
/// keeping only what ptxas accepts: cache operators of the other direction
/// (ld.wb, st.ca...) and an L1 eviction priority next to a cache operator
/// are dropped with a warning (upstream 3.6 emits .cg loads with
/// evict_last, which ptxas rejects); volatile accesses take neither.
std::string memoryQualifiers(Operation *op, bool isLoad, bool isVolatile,
                             CacheModifier cache, EvictionPolicy evict) {
  if (isVolatile) {
    if (cache != CacheModifier::NONE || evict != EvictionPolicy::NORMAL)
      op->emitWarning("cache and eviction hints ignored on a volatile access");
    return ".volatile";
  }
  std::string text;
  switch (cache) {
  case CacheModifier::NONE:
    break;
  case CacheModifier::CA:
  case CacheModifier::CV:
    if (isLoad)
      text = "." + stringifyCacheModifier(cache).str();
    else
      op->emitWarning("cache modifier ")
          << stringifyCacheModifier(cache) << " is for loads; ignored";
    break;
  case CacheModifier::WB:
  case CacheModifier::WT:
    if (!isLoad)
      text = "." + stringifyCacheModifier(cache).str();
    else
      op->emitWarning("cache modifier ")
          << stringifyCacheModifier(cache) << " is for stores; ignored";
    break;
  case CacheModifier::CG:
  case CacheModifier::CS:
    text = "." + stringifyCacheModifier(cache).str();
    break;
  }
  if (evict != EvictionPolicy::NORMAL) {
    if (!text.empty())
      op->emitWarning("eviction policy ")
          << stringifyEvictionPolicy(evict) << " ignored: ptxas rejects it "
          << "together with the cache operator ."
          << stringifyCacheModifier(cache);
    else
      text += ".L1::" + stringifyEvictionPolicy(evict).str();
  }
  return text;
}

/// An L2 cache policy for `op`'s eviction priority (a 64-bit register from
/// `createpolicy`), or null: on sm_80 and later (`computeCapability`),
/// evict_first and evict_last accesses without a cache operator also hint
/// L2 (`.L2::cache_hint`), as upstream does; L1's priority alone leaves data
/// Inductor marks evict_last (a broadcast bias) to be evicted from L2 like
/// any other.
Value l2CachePolicy(Operation *op, ConversionPatternRewriter &rewriter,
                    int computeCapability, bool isVolatile, CacheModifier cache,
                    EvictionPolicy evict) {
  if (computeCapability < 80 || isVolatile || cache != CacheModifier::NONE ||
      (evict != EvictionPolicy::EVICT_FIRST &&
       evict != EvictionPolicy::EVICT_LAST))
    return {};
  return ptxAsm(rewriter, op->getLoc(), rewriter.getI64Type(), {},
                "createpolicy.fractional.L2::" +
                    stringifyEvictionPolicy(evict).str() + ".b64 $0, 1.0;",
                "=l", /*sideEffects=*/false)
      .getResult(0);
}

/// `ld`/`st` with the state space and `quals` (memoryQualifiers) in PTX's
/// order: `ld.volatile.global`, but `ld.global.ca`, `st.global.L1::...`.
std::string globalAccess(StringRef opcode, StringRef quals) {
  if (quals == ".volatile")
    return (opcode + quals + ".global").str();
  return (opcode + ".global" + quals).str();
}

/// What a tensor load or store works with: the value's layout, its LLVM
/// struct type and element type (an integer or float) and width.
/// How a vector of `vec` elements of `bits` travels to and from global
/// memory: packingFor's words, and for one or two bytes a 16-bit register
/// (PTX has no 8-bit registers) that holds `memBits` of memory.
struct GlobalPacking : Packing {
  unsigned memBits;
};
std::optional<GlobalPacking> globalPacking(unsigned bits, unsigned vec) {
  if (bits == 8 && vec <= 2)
    return GlobalPacking{{16, 1, vec}, 8 * vec};
  std::optional<Packing> p = packingFor(bits, vec);
  if (!p)
    return std::nullopt;
  return GlobalPacking{*p, p->wordBits};
}

/// A word read from memory (`memBits` of it in a wider register) as the
/// integer word unpackWord takes, and the inverse for stores.
Value fromRegister(LLVMBuilder &lb, Value word, const GlobalPacking &p) {
  if (p.memBits == p.wordBits)
    return word;
  return lb.trunc(lb.builder().getIntegerType(p.memBits), word);
}

Value toRegister(LLVMBuilder &lb, Value word, const GlobalPacking &p) {
  if (p.memBits == p.wordBits)
    return word;
  return lb.zext(lb.builder().getIntegerType(p.wordBits), word);
}

/// i1 elements as the bytes memory holds (0 or 1), and back (nonzero is
/// true); other elements as they are.
SmallVector<Value> toMemory(LLVMBuilder &lb, SmallVector<Value> values) {
  for (Value &v : values)
    if (v.getType().isInteger(1))
      v = lb.zext(lb.builder().getI8Type(), v);
  return values;
}
Value fromMemory(LLVMBuilder &lb, Value v, Type elem) {
  if (elem.isInteger(1))
    return lb.icmp_ne(v, lb.constant(v.getType(), lb.builder().getIntegerAttr(
                                                      v.getType(), 0)));
  return v.getType() == elem ? v : lb.bitcast(elem, v).getResult();
}

struct TensorAccess {
  std::optional<LinearLayout> layout;
  LLVM::LLVMStructType structType;
  Type elem;
  /// Bits of an element in memory: i1 is stored as a byte.
  unsigned bits;

  static FailureOr<TensorAccess> get(const TypeConverter &converter,
                                     RankedTensorType type) {
    std::optional<LinearLayout> layout = layoutOf(type);
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(converter.convertType(type));
    if (!layout || !structType || !structType.getBody()[0].isIntOrFloat())
      return failure();
    Type elem = structType.getBody()[0];
    unsigned bits = elem.isInteger(1) ? 8 : elem.getIntOrFloatBitWidth();
    return TensorAccess{layout, structType, elem, bits};
  }
};

struct LoadOpConversion : public ConvertOpToLLVMPattern<LoadOp> {
  LoadOpConversion(LLVMTypeConverter &c, const ModuleAxisInfoAnalysis &axis,
                   const AffinePointers &affine, int computeCapability)
      : ConvertOpToLLVMPattern(c), axis(axis), affine(affine),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return lowerScalar(op, adaptor, rewriter);
    FailureOr<TensorAccess> access =
        TensorAccess::get(*getTypeConverter(), type);
    if (failed(access))
      return rewriter.notifyMatchFailure(
          op, "element type or layout not lowered yet");
    std::optional<LinearLayout> layout = access->layout;
    LLVM::LLVMStructType structType = access->structType;
    Type elem = access->elem;
    unsigned bits = access->bits;
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    std::string quals = memoryQualifiers(op, true, op.getIsVolatile(),
                                         op.getCache(), op.getEvict());
    Value policy =
        l2CachePolicy(op, rewriter, computeCapability, op.getIsVolatile(),
                      op.getCache(), op.getEvict());
    if (policy)
      quals += ".L2::cache_hint";
    unsigned vec =
        vectorSize(axis, op.getPtr(), op.getMask(), type, *layout, bits);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    // Affine pointers: one address register, immediate offsets in the PTX.
    SmallVector<int32_t> offsets =
        affinePointerOffsets(op, affine, *layout, ptrs.size())
            .value_or(SmallVector<int32_t>());
    SmallVector<Value> masks, others;
    if (op.getMask()) {
      masks = unpack(rewriter, loc, adaptor.getMask());
      shareEqualMasks(axis, op.getMask(), *layout, masks);
    }
    if (op.getOther())
      others = toMemory(lb, unpack(rewriter, loc, adaptor.getOther()));
    std::optional<GlobalPacking> packing = globalPacking(bits, vec);
    while (!packing && vec > 1)
      packing = globalPacking(bits, vec /= 2);
    if (!packing)
      return rewriter.notifyMatchFailure(op, "element width not lowered yet");
    unsigned wordBits = packing->wordBits, words = packing->words;
    Type memElem = rewriter.getIntegerType(bits);
    char regKind = ptxRegister(wordBits)->first;
    Type wordType = rewriter.getIntegerType(wordBits);
    SmallVector<Value> results;
    for (size_t i = 0; i < ptrs.size(); i += vec) {
      // Each output starts as `other` (0 without one, as an immediate, as
      // upstream does), then a predicated vector load; an unmasked load
      // needs no start.
      std::string asmText, constraints;
      SmallVector<Value> operands;
      for (unsigned k = 0; k < words; ++k)
        constraints += std::string(k ? "," : "") + "=" + regKind;
      unsigned next = words;
      for (unsigned k = 0; k < words && others.empty() && !masks.empty(); ++k)
        asmText += "mov.b" + std::to_string(wordBits) + " $" +
                   std::to_string(k) + ", 0;\n";
      for (unsigned k = 0; k < words && !others.empty(); ++k) {
        Value o =
            toRegister(lb,
                       packWord(rewriter, loc,
                                ArrayRef<Value>(others).slice(
                                    i + k * packing->perWord, packing->perWord),
                                bits, packing->memBits),
                       *packing);
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
      operands.push_back(offsets.empty() ? ptrs[i] : ptrs[0]);
      constraints += ",l";
      unsigned ptrIdx = next++;
      std::string policyOperand;
      if (policy) {
        operands.push_back(policy);
        constraints += ",l";
        policyOperand = ", $" + std::to_string(next++);
      }
      std::string dst;
      for (unsigned k = 0; k < words; ++k)
        dst += (k ? ", $" : "$") + std::to_string(k);
      if (!masks.empty())
        asmText += "@$" + std::to_string(predIdx) + " ";
      asmText += globalAccess("ld", quals) +
                 (words > 1 ? ".v" + std::to_string(words) : std::string()) +
                 ".b" + std::to_string(packing->memBits) + " " +
                 (words > 1 ? "{" + dst + "}" : dst) + ", " +
                 addressOperand(ptrIdx, offsets, i) + policyOperand + ";";
      SmallVector<Type> outTypes(words, wordType);
      Type retType = words == 1 ? wordType
                                : LLVM::LLVMStructType::getLiteral(
                                      rewriter.getContext(), outTypes);
      auto asmOp = ptxAsm(rewriter, loc, retType, operands, asmText,
                          constraints, /*sideEffects=*/true);
      for (unsigned k = 0; k < words; ++k) {
        Value w = words == 1
                      ? asmOp.getResult(0)
                      : lb.extractValue(asmOp.getResult(0), k).getResult();
        for (Value e : unpackWord(rewriter, loc, fromRegister(lb, w, *packing),
                                  packing->perWord, memElem))
          results.push_back(fromMemory(lb, e, elem));
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
    LLVMBuilder lb(rewriter, loc);
    Type elem = getTypeConverter()->convertType(op.getType());
    std::optional<GlobalPacking> packing;
    if (elem && elem.isIntOrFloat())
      packing = globalPacking(
          elem.isInteger(1) ? 8 : elem.getIntOrFloatBitWidth(), 1);
    if (!packing || packing->words != 1)
      return rewriter.notifyMatchFailure(op,
                                         "scalar load type not lowered yet");
    unsigned bits = packing->wordBits;
    char reg = ptxRegister(bits)->first;
    Type intType = rewriter.getIntegerType(bits);
    Type memType = rewriter.getIntegerType(packing->memBits);
    SmallVector<Value> operands;
    std::string constraints = std::string("=") + reg;
    std::string text;
    if (op.getOther()) {
      Value other = toMemory(lb, {adaptor.getOther()})[0];
      operands.push_back(toRegister(lb, lb.bitcast(memType, other), *packing));
      constraints += std::string(",") + reg;
      text = "mov.b" + std::to_string(bits) + " $0, $1;\n";
    } else if (op.getMask()) {
      text = "mov.b" + std::to_string(bits) + " $0, 0;\n";
    }
    if (op.getMask()) {
      operands.push_back(adaptor.getMask());
      constraints += ",b";
      text += "@$" + std::to_string(operands.size()) + " ";
    }
    operands.push_back(adaptor.getPtr());
    constraints += ",l";
    text += globalAccess("ld", memoryQualifiers(op, true, op.getIsVolatile(),
                                                op.getCache(), op.getEvict())) +
            ".b" + std::to_string(packing->memBits) + " $0, [$" +
            std::to_string(operands.size()) + "];";
    auto asmOp = ptxAsm(rewriter, loc, intType, operands, text, constraints,
                        /*sideEffects=*/true);
    rewriter.replaceOp(
        op,
        fromMemory(lb, fromRegister(lb, asmOp.getResult(0), *packing), elem));
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
  const AffinePointers &affine;
  int computeCapability;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<StoreOp> {
  StoreOpConversion(LLVMTypeConverter &c, const ModuleAxisInfoAnalysis &axis,
                    const AffinePointers &affine)
      : ConvertOpToLLVMPattern(c), axis(axis), affine(affine) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!type)
      return lowerScalar(op, adaptor, rewriter);
    FailureOr<TensorAccess> access =
        TensorAccess::get(*getTypeConverter(), type);
    if (failed(access))
      return rewriter.notifyMatchFailure(
          op, "element type or layout not lowered yet");
    std::optional<LinearLayout> layout = access->layout;
    unsigned bits = access->bits;
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    std::string quals =
        memoryQualifiers(op, false, false, op.getCache(), op.getEvict());
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    unsigned vec =
        vectorSize(axis, op.getPtr(), op.getMask(), ptrType, *layout, bits);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    // Affine pointers: one address register, immediate offsets in the PTX.
    SmallVector<int32_t> offsets =
        affinePointerOffsets(op, affine, *layout, ptrs.size())
            .value_or(SmallVector<int32_t>());
    SmallVector<Value> values =
        toMemory(lb, unpack(rewriter, loc, adaptor.getValue()));
    SmallVector<Value> masks;
    if (op.getMask()) {
      masks = unpack(rewriter, loc, adaptor.getMask());
      shareEqualMasks(axis, op.getMask(), *layout, masks);
    }
    Value firstCopy = firstCopyPredicate(rewriter, loc, *layout);
    std::optional<GlobalPacking> packing = globalPacking(bits, vec);
    while (!packing && vec > 1)
      packing = globalPacking(bits, vec /= 2);
    if (!packing)
      return rewriter.notifyMatchFailure(op, "element width not lowered yet");
    unsigned words = packing->words;
    char regKind = ptxRegister(packing->wordBits)->first;
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
        pred = pred ? lb.and_(pred, firstCopy).getResult() : firstCopy;
      std::string constraints, src;
      SmallVector<Value> operands;
      unsigned idx = 0, predIdx = 0;
      if (pred) {
        operands.push_back(pred);
        constraints += "b";
        predIdx = idx++;
      }
      operands.push_back(offsets.empty() ? ptrs[i] : ptrs[0]);
      constraints += std::string(constraints.empty() ? "" : ",") + "l";
      unsigned ptrIdx = idx++;
      for (unsigned k = 0; k < words; ++k) {
        operands.push_back(
            toRegister(lb,
                       packWord(rewriter, loc,
                                ArrayRef<Value>(values).slice(
                                    i + k * packing->perWord, packing->perWord),
                                bits, packing->memBits),
                       *packing));
        constraints += std::string(",") + regKind;
        src += (k ? ", $" : "$") + std::to_string(idx++);
      }
      std::string asmText =
          (pred ? "@$" + std::to_string(predIdx) + " " : std::string()) +
          globalAccess("st", quals) +
          (words > 1 ? ".v" + std::to_string(words) : std::string()) + ".b" +
          std::to_string(packing->memBits) + " " +
          addressOperand(ptrIdx, offsets, i) + ", " +
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
    LLVMBuilder lb(rewriter, loc);
    Type elem = adaptor.getValue().getType();
    std::optional<GlobalPacking> packing;
    if (elem.isIntOrFloat())
      packing = globalPacking(
          elem.isInteger(1) ? 8 : elem.getIntOrFloatBitWidth(), 1);
    if (!packing || packing->words != 1)
      return rewriter.notifyMatchFailure(op,
                                         "scalar store type not lowered yet");
    unsigned bits = packing->wordBits;
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value pred = lb.icmp_eq(tid, lb.i32(0));
    if (op.getMask())
      pred = lb.and_(pred, adaptor.getMask());
    Value v = toRegister(lb,
                         lb.bitcast(rewriter.getIntegerType(packing->memBits),
                                    toMemory(lb, {adaptor.getValue()})[0]),
                         *packing);
    std::string text =
        "@$0 " +
        globalAccess("st", memoryQualifiers(op, false, false, op.getCache(),
                                            op.getEvict())) +
        ".b" + std::to_string(packing->memBits) + " [$1], $2;";
    std::string constraints = std::string("b,l,") + ptxRegister(bits)->first;
    ptxAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
           ValueRange{pred, adaptor.getPtr(), v}, text, constraints,
           /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
  const AffinePointers &affine;
};

/// The suffix of `atom` for an RMW kind on `elem` (nullopt: not in PTX).
std::optional<std::string> atomSuffix(RMWOp op, Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  std::string w = std::to_string(bits);
  bool isFloat = isa<FloatType>(elem);
  switch (op) {
  case RMWOp::FADD:
    if (elem.isF16())
      return std::string("add.noftz.f16");
    if (elem.isBF16())
      return std::string("add.noftz.bf16");
    return isFloat ? std::optional<std::string>("add.f" + w) : std::nullopt;
  case RMWOp::ADD:
    return bits == 64 ? "add.u64" : "add.u" + w;
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

/// tt.atomic_rmw and tt.atomic_cas through `atom`, element by element: each
/// element by one thread (the first copy of a replicated layout; thread 0
/// for a scalar pointer), predicated on the mask. When the result is used
/// and other threads (or registers) hold the same element, the acting
/// copy's old value reaches them through the op's scratch shared memory.
/// One `atom` instruction: its PTX text and constraints, and the types its
/// operands travel in.
struct AtomInstruction {
  std::string text, constraints;
  Type intType, elem;

  /// `atom` at `ptr` with `vals` (cmp and val for a CAS), predicated on
  /// `pred`; the old value.
  Value emit(ConversionPatternRewriter &rewriter, Location loc, Value ptr,
             ArrayRef<Value> vals, Value pred) const {
    SmallVector<Value> operands{ptr};
    for (Value v : vals)
      operands.push_back(LLVM::BitcastOp::create(rewriter, loc, intType, v));
    operands.push_back(pred);
    auto asmOp = ptxAsm(rewriter, loc, intType, operands, text, constraints,
                        /*sideEffects=*/true);
    return LLVM::BitcastOp::create(rewriter, loc, elem, asmOp.getResult(0))
        .getResult();
  }
};

template <typename AtomicOp>
struct AtomicOpConversion : public ConvertOpToLLVMPattern<AtomicOp> {
  using ConvertOpToLLVMPattern<AtomicOp>::ConvertOpToLLVMPattern;
  using Adaptor = typename AtomicOp::Adaptor;
  static constexpr bool IsCas = std::is_same_v<AtomicOp, AtomicCASOp>;

  /// The instruction for `op` on elements of `elem`, or failure when PTX
  /// has no `atom` for that kind and type.
  static FailureOr<AtomInstruction> instruction(AtomicOp op, Type elem,
                                                Builder &b) {
    unsigned bits = elem.getIntOrFloatBitWidth();
    std::string suffix;
    if constexpr (IsCas) {
      if (bits != 16 && bits != 32 && bits != 64)
        return failure();
      suffix = "cas.b" + std::to_string(bits);
    } else {
      std::optional<std::string> s = atomSuffix(op.getAtomicRmwOp(), elem);
      if (!s || (bits != 32 && bits != 64 &&
                 !(bits == 16 && op.getAtomicRmwOp() == RMWOp::FADD)))
        return failure();
      suffix = *s;
    }
    std::string sem = stringifyMemSemantic(op.getSem()).str();
    std::string scope = stringifyMemSyncScope(op.getScope()).str();
    // PTX spells the GPU scope `gpu` and system scope `sys`; CTA `cta`.
    // Qualifiers in upstream's order, which tools and upstream's tests
    // match on: `atom.global.gpu.acq_rel.add.f32` for an RMW,
    // `atom.global.acq_rel.gpu.cas.b32` for a CAS (ptxas takes either).
    char reg = bits == 64 ? 'l' : bits == 16 ? 'h' : 'r';
    unsigned numValues = IsCas ? 2 : 1;
    std::string qualifiers = IsCas ? sem + "." + scope : scope + "." + sem;
    AtomInstruction atom;
    atom.text = "@$" + std::to_string(2 + numValues) + " atom.global." +
                qualifiers + "." + suffix + " $0, [$1], $2";
    atom.text += IsCas ? ", $3;" : ";";
    atom.constraints = std::string("=") + reg + ",l";
    for (unsigned i = 0; i < numValues; ++i)
      atom.constraints += std::string(",") + reg;
    atom.constraints += ",b";
    atom.intType = b.getIntegerType(bits);
    atom.elem = elem;
    return atom;
  }

  LogicalResult
  matchAndRewrite(AtomicOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type valType = op.getVal().getType();
    auto tensor = dyn_cast<RankedTensorType>(valType);
    Type elem = this->getTypeConverter()->convertType(
        tensor ? tensor.getElementType() : valType);
    if (!elem || !elem.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "atomics on this type");
    FailureOr<AtomInstruction> atom = instruction(op, elem, rewriter);
    if (failed(atom))
      return rewriter.notifyMatchFailure(
          op, IsCas ? "atomic_cas on this width"
                    : "this atomic kind on this type has no PTX atom");
    Value mask;
    SmallVector<Value> values;
    if constexpr (IsCas) {
      values = {adaptor.getCmp(), adaptor.getVal()};
    } else {
      values = {adaptor.getVal()};
      mask = adaptor.getMask();
    }
    if (!tensor)
      return lowerScalar(op, adaptor, rewriter, *atom, values, mask);
    return lowerTensor(op, adaptor, rewriter, *atom, tensor, values, mask);
  }

  /// A scalar pointer: thread 0 acts; a used result reaches every thread
  /// through the op's scratch shared memory.
  LogicalResult lowerScalar(AtomicOp op, Adaptor adaptor,
                            ConversionPatternRewriter &rewriter,
                            const AtomInstruction &atom, ArrayRef<Value> values,
                            Value mask) const {
    Location loc = op.getLoc();
    unsigned bits = atom.elem.getIntOrFloatBitWidth();
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      tid, i32Const(rewriter, loc, 0));
    if (mask)
      pred = LLVM::AndOp::create(rewriter, loc, pred, mask);
    Value old = atom.emit(rewriter, loc, adaptor.getPtr(), values, pred);
    if (op.getResult().use_empty()) {
      rewriter.replaceOp(op, old);
      return success();
    }
    // Broadcast: thread 0 writes the old value, every thread reads it.
    auto offset = op->template getAttrOfType<IntegerAttr>("allocation.offset");
    if (!offset)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    Value slot = sharedPtr(rewriter, loc, op, offset.getInt());
    predicatedSharedAccess(rewriter, loc, "st.shared.b" + std::to_string(bits),
                           pred, slot, old);
    NVVM::Barrier0Op::create(rewriter, loc);
    Value loaded = LLVM::LoadOp::create(rewriter, loc, atom.elem, slot);
    rewriter.replaceOp(op, loaded);
    return success();
  }

  /// A tensor: each element once, by its first copy.
  LogicalResult lowerTensor(AtomicOp op, Adaptor adaptor,
                            ConversionPatternRewriter &rewriter,
                            const AtomInstruction &atom,
                            RankedTensorType tensor, ArrayRef<Value> values,
                            Value mask) const {
    Location loc = op.getLoc();
    std::optional<LinearLayout> layout = layoutOf(tensor);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        this->getTypeConverter()->convertType(tensor));
    if (!layout || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Value firstCopy = firstCopyPredicate(rewriter, loc, *layout);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getPtr());
    SmallVector<SmallVector<Value>> vals;
    for (Value v : values)
      vals.push_back(unpack(rewriter, loc, v));
    SmallVector<Value> masks;
    if (mask)
      masks = unpack(rewriter, loc, mask);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    SmallVector<Value> results;
    std::set<SmallVector<int32_t>> seen;
    for (size_t i = 0; i < ptrs.size(); ++i) {
      Value pred = masks.empty() ? always : masks[i];
      if (firstCopy)
        pred = LLVM::AndOp::create(rewriter, loc, pred, firstCopy);
      // A register repeating an earlier register's element does not act.
      if (!seen.insert(registerCoords(*layout, i)).second)
        pred = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                        rewriter.getBoolAttr(false));
      SmallVector<Value> elementVals;
      for (auto &v : vals)
        elementVals.push_back(v[i]);
      results.push_back(atom.emit(rewriter, loc, ptrs[i], elementVals, pred));
    }
    bool replicated = firstCopy || seen.size() < ptrs.size();
    if (replicated && !op.getResult().use_empty())
      if (failed(shareOldValues(op, rewriter, atom, tensor, *layout, firstCopy,
                                always, results)))
        return failure();
    rewriter.replaceOp(op, pack(rewriter, loc, structType, results));
    return success();
  }

  /// The acting copy's old values to every holder, through scratch.
  LogicalResult shareOldValues(AtomicOp op, ConversionPatternRewriter &rewriter,
                               const AtomInstruction &atom,
                               RankedTensorType tensor,
                               const LinearLayout &layout, Value firstCopy,
                               Value always,
                               SmallVector<Value> &results) const {
    Location loc = op.getLoc();
    unsigned bits = atom.elem.getIntOrFloatBitWidth();
    auto offset = op->template getAttrOfType<IntegerAttr>("allocation.offset");
    if (!offset)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    Value base = sharedPtr(rewriter, loc, op, offset.getInt());
    SmallVector<SmallVector<Value>> coords = emitIndices(rewriter, loc, layout);
    auto slot = [&](size_t i) {
      Value idx = i32Const(rewriter, loc, 0);
      for (auto [c, size] : llvm::zip(coords[i], tensor.getShape()))
        idx = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, idx,
                                i32Const(rewriter, loc, size)),
            c);
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), atom.elem, base,
                                 ValueRange{idx})
          .getResult();
    };
    std::set<SmallVector<int32_t>> written;
    for (size_t i = 0; i < results.size(); ++i)
      if (written.insert(registerCoords(layout, i)).second)
        predicatedSharedAccess(
            rewriter, loc, "st.shared.b" + std::to_string(bits),
            firstCopy ? firstCopy : always, slot(i), results[i]);
    NVVM::Barrier0Op::create(rewriter, loc);
    for (size_t i = 0; i < results.size(); ++i)
      results[i] = LLVM::LoadOp::create(rewriter, loc, atom.elem, slot(i));
    return success();
  }
};

/// gpu.barrier (placed by the membar analysis) -> bar.sync 0.
struct BarrierOpConversion
    : public ConvertOpToLLVMPattern<mlir::gpu::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(mlir::gpu::BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Barrier0Op>(op);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateLoadStoreOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ModuleAxisInfoAnalysis &axis, const AffinePointers &affine,
    int computeCapability) {
  patterns.add<LoadOpConversion>(converter, axis, affine, computeCapability);
  patterns.add<StoreOpConversion>(converter, axis, affine);
  patterns.add<BarrierOpConversion>(converter);
  patterns
      .add<AtomicOpConversion<AtomicRMWOp>, AtomicOpConversion<AtomicCASOp>>(
          converter);
}
