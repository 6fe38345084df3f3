//===- Utility.cpp - shared helpers of convert-triton-gpu-to-llvm ---------===//

#include "Utility.h"

#include <map>

namespace mlir::triton::gpu::lowering {

std::optional<LinearLayout> layoutOf(RankedTensorType type) {
  if (!type.getEncoding() || !isDistributedEncoding(type.getEncoding()))
    return std::nullopt;
  return toLinearLayout(type.getShape(), type.getEncoding());
}

TritonLLVMTypeConverter::TritonLLVMTypeConverter(MLIRContext *ctx)
    : LLVMTypeConverter(ctx) {
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
  // A shared-memory descriptor: the address of its first element.
  addConversion([ctx](MemDescType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, 3);
  });
  // A tensor descriptor: the generic address of its 128-byte tensor map.
  addConversion([ctx](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  // Async-copy tokens only order ops in the IR: an i32 placeholder.
  addConversion(
      [ctx](AsyncTokenType) -> Type { return IntegerType::get(ctx, 32); });
}

SmallVector<int32_t> registerCoords(const LinearLayout &layout, int32_t reg) {
  using namespace layout_dims;
  LinearLayout::Point p =
      layout.apply({{kRegister, reg}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
  SmallVector<int32_t> c;
  for (auto &[name, v] : p)
    c.push_back(v);
  return c;
}

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  LLVMBuilder lb(b, loc);
  return lb.constant(b.getI32Type(), b.getI32IntegerAttr(v));
}

SmallVector<Value> unpack(OpBuilder &b, Location loc, Value structValue) {
  LLVMBuilder lb(b, loc);
  auto type = cast<LLVM::LLVMStructType>(structValue.getType());
  SmallVector<Value> out;
  for (unsigned i = 0; i < type.getBody().size(); ++i)
    out.push_back(lb.extractValue(structValue, i));
  return out;
}

Value packedElement(Value element) {
  auto extract = element.getDefiningOp<LLVM::ExtractValueOp>();
  if (!extract || extract.getPosition().size() != 1)
    return element;
  Value container = extract.getContainer();
  while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
    if (insert.getPosition() == extract.getPosition())
      return insert.getValue();
    container = insert.getContainer();
  }
  return element;
}

Value pack(OpBuilder &b, Location loc, Type structType, ValueRange values) {
  LLVMBuilder lb(b, loc);
  Value s = lb.undef(structType);
  for (auto [i, v] : llvm::enumerate(values))
    s = lb.insertValue(s, v, i);
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
  LLVMBuilder lb(b, loc);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value lane = lb.and_(tid, lb.i32(kWarpSize - 1));
  Value warp = lb.lshr(tid, lb.i32(5));
  return {lane, warp};
}

/// XOR of `bases[i]` over the set bits i of the runtime `x`: a linear map
/// applied to a value. Runs of bits mapped to consecutive bits (basis i+1 =
/// 2 * basis i, powers of two) become one mask and shift.
Value applyBits(OpBuilder &b, Location loc, Value x, ArrayRef<int32_t> bases) {
  LLVMBuilder lb(b, loc);
  Value result = lb.i32(0);
  bool any = false;
  for (size_t i = 0; i < bases.size();) {
    if (!bases[i]) {
      ++i;
      continue;
    }
    size_t j = i + 1;
    if (llvm::isPowerOf2_32(bases[i]))
      while (j < bases.size() && bases[j] == bases[j - 1] * 2)
        ++j;
    Value term;
    if (llvm::isPowerOf2_32(bases[i])) {
      // Bits i..j-1 of x land on bits s..s+(j-i)-1.
      int32_t s = llvm::Log2_32(bases[i]);
      term = lb.and_(x, lb.i32(((int64_t(1) << (j - i)) - 1) << i));
      if (s > int32_t(i))
        term = lb.shl(term, lb.i32(s - i));
      else if (s < int32_t(i))
        term = lb.lshr(term, lb.i32(i - s));
    } else {
      Value bit = lb.and_(lb.lshr(x, lb.i32(i)), lb.i32(1));
      term = lb.mul(bit, lb.i32(bases[i]));
    }
    result = any ? lb.xor_(result, term).getResult() : term;
    any = true;
    i = j;
  }
  return result;
}

/// The bases input dimension `in` of `map` gives output dimension `out`.
SmallVector<int32_t> basesOf(const LinearLayout &map, StringRef in,
                             StringRef out) {
  SmallVector<int32_t> bases;
  for (int32_t bit = 0; bit < map.getInDimSizeLog2(in); ++bit)
    bases.push_back(map.getBasis(in, bit, out));
  return bases;
}

/// For each register of `layout`, the coordinates (one i32 per dimension)
/// of the element this thread holds there: the XOR of the register's
/// constant part and the lane/warp part computed at run time.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const LinearLayout &layout) {
  using namespace layout_dims;
  LLVMBuilder lb(b, loc);
  auto [lane, warp] = laneAndWarp(b, loc);
  unsigned rank = layout.getOutDims().size();
  SmallVector<Value> threadPart(rank, lb.i32(0));
  for (auto [dim, id] : {std::pair<const char *, Value>{kLane, lane},
                         std::pair<const char *, Value>{kWarp, warp}}) {
    if (!layout.hasInDim(dim))
      continue;
    for (unsigned d = 0; d < rank; ++d) {
      SmallVector<int32_t> bases =
          basesOf(layout, dim, layout.getOutDims()[d].name);
      if (llvm::any_of(bases, [](int32_t v) { return v != 0; }))
        threadPart[d] = lb.xor_(threadPart[d], applyBits(b, loc, id, bases));
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

std::optional<SmallVector<std::pair<unsigned, int32_t>>>
gatherRegisters(ArrayRef<LinearLayout> srcs, const LinearLayout &dst,
                llvm::function_ref<std::pair<unsigned, SmallVector<int32_t>>(
                    ArrayRef<int32_t>)>
                    source) {
  using namespace layout_dims;
  auto coords = [](const LinearLayout &l, int32_t r, const char *dim,
                   int32_t id) {
    SmallVector<std::pair<std::string, int32_t>> in{
        {kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}};
    for (auto &[name, v] : in)
      if (dim && name == dim)
        v = id;
    SmallVector<int32_t> c;
    for (auto &[n, v] : l.apply(in))
      c.push_back(v);
    return c;
  };
  auto size = [](const LinearLayout &l, const char *d) {
    return l.hasInDim(d) ? l.getInDimSize(d) : 1;
  };
  for (const LinearLayout &src : srcs)
    for (const char *d : {kLane, kWarp, kBlock})
      if (size(src, d) != size(dst, d))
        return std::nullopt;
  SmallVector<std::map<SmallVector<int32_t>, int32_t>> where(srcs.size());
  for (auto [k, src] : llvm::enumerate(srcs))
    for (int32_t r = size(src, kRegister) - 1; r >= 0; --r)
      where[k][coords(src, r, nullptr, 0)] = r;
  SmallVector<std::pair<unsigned, int32_t>> map;
  for (int32_t r = 0; r < size(dst, kRegister); ++r) {
    auto [k, c] = source(coords(dst, r, nullptr, 0));
    auto it = where[k].find(c);
    if (it == where[k].end())
      return std::nullopt;
    // The same source register must hold the element in every thread: by
    // linearity, checking each lane/warp basis alone suffices.
    for (const char *d : {kLane, kWarp, kBlock})
      for (int32_t bit = 0;
           bit < (dst.hasInDim(d) ? dst.getInDimSizeLog2(d) : 0); ++bit) {
        auto [k2, c2] = source(coords(dst, r, d, 1 << bit));
        if (k2 != k || coords(srcs[k], it->second, d, 1 << bit) != c2)
          return std::nullopt;
      }
    map.push_back({k, it->second});
  }
  return map;
}

LLVM::LLVMFuncOp declareFunction(OpBuilder &b, Location loc, Operation *anchor,
                                 StringRef name, LLVM::LLVMFunctionType type) {
  auto module = anchor->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

Value sharedBase(OpBuilder &b, Location loc, Operation *anchor) {
  // A device function that uses shared memory is given its base, the
  // caller's base plus the call's offset, as its last argument.
  if (auto func = anchor->getParentOfType<LLVM::LLVMFuncOp>())
    if (func->hasAttr(kSharedBaseArgAttr) && !func.getBody().empty())
      return func.getBody().front().getArguments().back();
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

Value sharedPtr(OpBuilder &b, Location loc, Operation *anchor,
                uint64_t offset) {
  Value base = sharedBase(b, loc, anchor);
  if (!offset)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getIntegerType(8), base,
                             ValueRange{i32Const(b, loc, offset)});
}

void predicatedSharedAccess(OpBuilder &b, Location loc, StringRef instruction,
                            Value pred, Value ptr, Value value) {
  unsigned bits = value.getType().getIntOrFloatBitWidth();
  Value word = value;
  if (!value.getType().isInteger(bits))
    word = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), value);
  if (bits < 16)
    word = LLVM::ZExtOp::create(b, loc, b.getI16Type(), word);
  const char *reg = bits <= 16 ? "h" : bits <= 32 ? "r" : "l";
  ptxAsm(b, loc, LLVM::LLVMVoidType::get(b.getContext()),
         ValueRange{pred, LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr),
                    word},
         ("@$0 " + instruction + " [$1], $2;").str(),
         (std::string("b,r,") + reg), /*sideEffects=*/true);
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

namespace {
Value shuffle(OpBuilder &b, Location loc, Value v, Value offset,
              NVVM::ShflKind kind, int32_t clamp) {
  Type type = v.getType();
  if (isa<LLVM::LLVMPointerType>(type)) {
    // A pointer travels as its 64-bit address.
    Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
    return LLVM::IntToPtrOp::create(b, loc, type,
                                    shuffle(b, loc, addr, offset, kind, clamp));
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  if (bits == 64) {
    // Two 32-bit halves.
    Type i64 = b.getI64Type();
    Value x = LLVM::BitcastOp::create(b, loc, i64, v);
    Value lo = LLVM::TruncOp::create(b, loc, i32, x);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32,
        LLVM::LShrOp::create(
            b, loc, x,
            LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32))));
    lo = shuffle(b, loc, lo, offset, kind, clamp);
    hi = shuffle(b, loc, hi, offset, kind, clamp);
    Value r = LLVM::OrOp::create(
        b, loc, LLVM::ZExtOp::create(b, loc, i64, lo),
        LLVM::ShlOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, i64, hi),
            LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32))));
    return LLVM::BitcastOp::create(b, loc, type, r);
  }
  bool asIs = type == i32 || type.isF32();
  Value word = v;
  if (!asIs) {
    word = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), v);
    word = LLVM::ZExtOp::create(b, loc, i32, word);
  }
  Value r =
      NVVM::ShflOp::create(b, loc, word.getType(), i32Const(b, loc, -1), word,
                           offset, i32Const(b, loc, clamp), kind, UnitAttr());
  if (!asIs) {
    r = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), r);
    r = LLVM::BitcastOp::create(b, loc, type, r);
  }
  return r;
}
} // namespace

Value shuffleXor(OpBuilder &b, Location loc, Value v, unsigned offset) {
  LLVMBuilder lb(b, loc);
  return shuffle(b, loc, v, lb.i32(offset), NVVM::ShflKind::bfly, 0x1f);
}

Value shuffleUp(OpBuilder &b, Location loc, Value v, unsigned offset) {
  LLVMBuilder lb(b, loc);
  return shuffle(b, loc, v, lb.i32(offset), NVVM::ShflKind::up, 0);
}

Value shuffleDown(OpBuilder &b, Location loc, Value v, unsigned offset) {
  LLVMBuilder lb(b, loc);
  return shuffle(b, loc, v, lb.i32(offset), NVVM::ShflKind::down, 0x1f);
}

Value shuffleIdx(OpBuilder &b, Location loc, Value v, Value srcLane) {
  return shuffle(b, loc, v, srcLane, NVVM::ShflKind::idx, 0x1f);
}

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

SmallVector<Value> pairWords(OpBuilder &b, Location loc,
                             ArrayRef<Value> halves) {
  SmallVector<Value> words;
  for (size_t i = 0; i + 1 < halves.size(); i += 2)
    words.push_back(packWord(b, loc, {halves[i], halves[i + 1]}, 16, 32));
  return words;
}

SmallVector<Value> wordPairs(OpBuilder &b, Location loc, ArrayRef<Value> words,
                             Type elem) {
  SmallVector<Value> halves;
  for (Value w : words)
    llvm::append_range(halves, unpackWord(b, loc, w, 2, elem));
  return halves;
}

bool isHalfStruct(Type type) {
  auto st = dyn_cast<LLVM::LLVMStructType>(type);
  if (!st || st.getBody().empty() || st.getBody().size() % 2)
    return false;
  Type elem = st.getBody()[0];
  return (elem.isF16() || elem.isBF16()) && llvm::all_equal(st.getBody());
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

void shareEqualMasks(const ModuleAxisInfoAnalysis &axis, Value mask,
                     const LinearLayout &layout,
                     SmallVectorImpl<Value> &masks) {
  const AxisInfo *info = mask ? axis.getAxisInfo(mask) : nullptr;
  if (!info || info->getRank() != layout.getOutDims().size() ||
      masks.size() != size_t(layout.getInDimSize(layout_dims::kRegister)))
    return;
  SmallVector<int32_t> keep;
  for (int64_t c : info->getConstancy())
    keep.push_back(~(int32_t(llvm::bit_floor(uint64_t(std::max<int64_t>(
                         1, std::min<int64_t>(c, 1 << 30))))) -
                     1));
  std::map<SmallVector<int32_t>, Value> first;
  for (size_t r = 0; r < masks.size(); ++r) {
    SmallVector<int32_t> key = registerCoords(layout, r);
    for (auto [c, k] : llvm::zip(key, keep))
      c &= k;
    auto [it, inserted] = first.try_emplace(key, masks[r]);
    if (!inserted)
      masks[r] = it->second;
  }
}

std::optional<LinearLayout> reduceScanOperandLayout(Operation *op,
                                                    ValueRange srcs) {
  for (Value v : srcs) {
    Type e = cast<RankedTensorType>(v.getType()).getElementType();
    if (!e.isIntOrFloat() || e.getIntOrFloatBitWidth() > 64)
      return std::nullopt;
  }
  return layoutOf(cast<RankedTensorType>(srcs.front().getType()));
}

Value globalString(OpBuilder &b, Location loc, Operation *anchor,
                   StringRef prefix, StringRef text) {
  auto module = anchor->getParentOfType<ModuleOp>();
  std::string value = text.str();
  value.push_back('\0');
  std::string name;
  LLVM::GlobalOp global;
  for (unsigned i = 0;; ++i) {
    name = (prefix + "_" + Twine(i)).str();
    global = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!global)
      break;
    if (auto s = dyn_cast_or_null<StringAttr>(global.getValueOrNull()))
      if (s.getValue() == value)
        break;
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getIntegerType(8), value.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(value));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

} // namespace mlir::triton::gpu::lowering
