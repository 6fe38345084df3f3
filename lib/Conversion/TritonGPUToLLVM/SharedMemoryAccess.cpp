//===- SharedMemoryAccess.cpp - distributed tensors to/from smem ----------===//

#include "SharedMemoryAccess.h"

#include <set>

namespace mlir::triton::gpu::lowering {

SharedAccess
planSharedAccess(const LinearLayout &layout,
                 llvm::function_ref<uint64_t(ArrayRef<int32_t>)> offsetOf,
                 unsigned bits, unsigned maxVec) {
  using namespace layout_dims;
  SharedAccess access;
  auto offsets = [&](const char *dim, SmallVector<uint64_t> &out) {
    if (!layout.hasInDim(dim))
      return;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
      const auto &basis = layout.getBasis(dim, bit);
      out.push_back(offsetOf(SmallVector<int32_t>(basis.begin(), basis.end())));
    }
  };
  offsets(kRegister, access.reg);
  offsets(kLane, access.lane);
  offsets(kWarp, access.warp);
  for (size_t i = 0; i < access.reg.size(); ++i) {
    if (access.reg[i] != (uint64_t(1) << i) || access.vec * 2 > maxVec ||
        access.vec * 2 * bits > 128)
      break;
    access.vec *= 2;
  }
  return access;
}

Type sharedStorageType(Type elem) {
  MLIRContext *ctx = elem.getContext();
  if (isa<LLVM::LLVMPointerType>(elem))
    return IntegerType::get(ctx, 64);
  if (elem.isInteger(1))
    return IntegerType::get(ctx, 8);
  if (elem.isIntOrFloat())
    return elem;
  return Type();
}

namespace {
Value toStorage(OpBuilder &b, Location loc, Value v, Type store) {
  LLVMBuilder lb(b, loc);
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return lb.ptrtoint(store, v);
  if (v.getType().isInteger(1))
    return lb.zext(store, v);
  return v;
}

Value fromStorage(OpBuilder &b, Location loc, Value v, Type elem) {
  LLVMBuilder lb(b, loc);
  if (isa<LLVM::LLVMPointerType>(elem))
    return lb.inttoptr(elem, v);
  if (elem.isInteger(1))
    return lb.trunc(elem, v);
  return v;
}

} // namespace

Value xorOfSetBits(OpBuilder &b, Location loc, Value id,
                   ArrayRef<uint64_t> offsets, Value start) {
  Value offset = start ? start : i32Const(b, loc, 0);
  for (auto [bit, o] : llvm::enumerate(offsets)) {
    if (!o)
      continue;
    Value set = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, id, i32Const(b, loc, bit)),
        i32Const(b, loc, 1));
    offset = LLVM::XOrOp::create(
        b, loc, offset, LLVM::MulOp::create(b, loc, set, i32Const(b, loc, o)));
  }
  return offset;
}

Value threadOffset(OpBuilder &b, Location loc, const SharedAccess &access) {
  auto [lane, warp] = laneAndWarp(b, loc);
  return xorOfSetBits(b, loc, warp, access.warp,
                      xorOfSetBits(b, loc, lane, access.lane));
}

uint64_t registerOffset(const SharedAccess &access, int32_t reg) {
  uint64_t o = access.origin;
  for (auto [bit, off] : llvm::enumerate(access.reg))
    if ((reg >> bit) & 1)
      o ^= off;
  return o;
}

uint64_t threadOffsetBits(ArrayRef<uint64_t> lane, ArrayRef<uint64_t> warp) {
  uint64_t bits = 0;
  for (uint64_t o : lane)
    bits |= o;
  for (uint64_t o : warp)
    bits |= o;
  return bits;
}

Value sharedElementPtr(OpBuilder &b, Location loc, Value base, Type store,
                       Value thread, uint64_t threadBits, uint64_t reg) {
  // thread ^ reg = (thread ^ (reg & threadBits)) + (reg & ~threadBits): the
  // bits the thread's part may set are XORed (registers that agree on them
  // share that address), the others are a constant offset the address
  // takes as its immediate.
  // In bytes, as PTX addresses are: the thread's part scaled once (the same
  // shift for every register), each register's XOR and immediate scaled
  // as constants.
  uint64_t mixed = reg & threadBits, apart = reg & ~threadBits;
  unsigned bytes = std::max(1u, store.getIntOrFloatBitWidth() / 8);
  Value idx = thread;
  if (bytes > 1)
    idx = LLVM::ShlOp::create(b, loc, thread,
                              i32Const(b, loc, llvm::Log2_32(bytes)));
  if (mixed)
    idx = LLVM::XOrOp::create(b, loc, idx, i32Const(b, loc, mixed * bytes));
  Type i8 = b.getI8Type();
  Value ptr =
      LLVM::GEPOp::create(b, loc, base.getType(), i8, base, ValueRange{idx});
  if (!apart)
    return ptr;
  return LLVM::GEPOp::create(b, loc, base.getType(), i8, ptr,
                             ArrayRef<LLVM::GEPArg>{int32_t(apart * bytes)});
}

void storeShared(ConversionPatternRewriter &rewriter, Location loc,
                 const LinearLayout &layout, const SharedAccess &access,
                 Value base, ArrayRef<Value> values, Type elem) {
  Type store = sharedStorageType(elem);
  unsigned bits = store.getIntOrFloatBitWidth();
  unsigned vec = access.vec;
  Value thread = threadOffset(rewriter, loc, access);
  uint64_t threadBits = threadOffsetBits(access.lane, access.warp);
  Value firstCopy = firstCopyPredicate(rewriter, loc, layout);
  std::set<uint64_t> written;
  for (int32_t r = 0; r < int32_t(values.size()); r += vec) {
    uint64_t regPart = registerOffset(access, r);
    if (!written.insert(regPart).second)
      continue;
    SmallVector<Value> elems;
    for (unsigned k = 0; k < vec; ++k)
      elems.push_back(toStorage(rewriter, loc, values[r + k], store));
    Value ptr = sharedElementPtr(rewriter, loc, base, store, thread, threadBits,
                                 regPart);
    if (!firstCopy) {
      Value v = elems[0];
      if (vec > 1) {
        v = LLVM::UndefOp::create(rewriter, loc,
                                  VectorType::get({int64_t(vec)}, store));
        for (auto [k, e] : llvm::enumerate(elems))
          v = LLVM::InsertElementOp::create(rewriter, loc, v, e,
                                            i32Const(rewriter, loc, k));
      }
      LLVM::StoreOp::create(rewriter, loc, v, ptr, vec * bits / 8);
      continue;
    }
    // Predicated on being the first copy: st.shared through inline PTX.
    // Words of several elements (4 bytes, 2 halves) go as .b32 words; a
    // lone byte travels in a 16-bit register as .b8 (PTX has no 8-bit
    // registers).
    std::optional<Packing> packing = packingFor(bits, vec);
    if (!packing)
      packing = Packing{std::max(16u, bits), vec, 1};
    bool loneBytes = bits < 16 && packing->perWord == 1;
    char reg = ptxRegister(packing->wordBits)->first;
    std::string text = "@$0 st.shared";
    if (packing->words > 1)
      text += ".v" + std::to_string(packing->words);
    text +=
        ".b" + std::to_string(loneBytes ? bits : packing->wordBits) + " [$1], ";
    std::string constraints = "b,r";
    SmallVector<Value> operands{
        firstCopy,
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), ptr)};
    SmallVector<std::string> regs;
    for (unsigned w = 0; w < packing->words; ++w) {
      ArrayRef<Value> part =
          ArrayRef<Value>(elems).slice(w * packing->perWord, packing->perWord);
      Value word = loneBytes
                       ? LLVM::ZExtOp::create(rewriter, loc,
                                              rewriter.getI16Type(), part[0])
                             .getResult()
                       : packWord(rewriter, loc, part, bits, packing->wordBits);
      operands.push_back(word);
      constraints += std::string(",") + reg;
      regs.push_back("$" + std::to_string(2 + w));
    }
    text += packing->words > 1 ? "{" + llvm::join(regs, ", ") + "};"
                               : regs[0] + ";";
    ptxAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
           operands, text, constraints, /*sideEffects=*/true);
  }
}

SmallVector<Value> loadShared(ConversionPatternRewriter &rewriter, Location loc,
                              const LinearLayout &layout,
                              const SharedAccess &access, Value base,
                              Type elem) {
  using namespace layout_dims;
  Type store = sharedStorageType(elem);
  unsigned bits = store.getIntOrFloatBitWidth();
  unsigned vec = access.vec;
  Value thread = threadOffset(rewriter, loc, access);
  uint64_t threadBits = threadOffsetBits(access.lane, access.warp);
  int32_t regs = layout.getInDimSize(kRegister);
  SmallVector<Value> out(regs);
  for (int32_t r = 0; r < regs; r += vec) {
    Value ptr = sharedElementPtr(rewriter, loc, base, store, thread, threadBits,
                                 registerOffset(access, r));
    if (vec == 1) {
      out[r] = fromStorage(
          rewriter, loc,
          LLVM::LoadOp::create(rewriter, loc, store, ptr, bits / 8), elem);
      continue;
    }
    Value v = LLVM::LoadOp::create(rewriter, loc,
                                   VectorType::get({int64_t(vec)}, store), ptr,
                                   vec * bits / 8);
    for (unsigned k = 0; k < vec; ++k)
      out[r + k] =
          fromStorage(rewriter, loc,
                      LLVM::ExtractElementOp::create(
                          rewriter, loc, v, i32Const(rewriter, loc, k)),
                      elem);
  }
  return out;
}

namespace {
/// How a layout's shared-memory accesses split into 8x8 tiles of 16-byte
/// rows, as ldmatrix and stmatrix move them.
struct MatrixTiles {
  /// Elements per 32-bit word (log2).
  unsigned logPerWord;
  /// ldmatrix.trans (16-bit): lanes walk a row, rows come from register 0
  /// and lanes 0-1.
  bool trans;
  /// Tiles per instruction (1, 2 or 4).
  unsigned tiles;
  /// The element offset of the row lane l addresses (row l % 8 of tile
  /// l / 8), per lane bit.
  SmallVector<uint64_t> laneBits;
};

std::optional<MatrixTiles> matrixTiles(const SharedAccess &access, Type elem,
                                       bool allowTrans) {
  Type store = sharedStorageType(elem);
  if (!store || store != elem || !elem.isIntOrFloat())
    return std::nullopt;
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return std::nullopt;
  // Elements per 32-bit word (log2), and per 16-byte row.
  unsigned logPerWord = llvm::Log2_32(32 / bits);
  uint64_t rowElems = 128 / bits;
  const SmallVector<uint64_t> &reg = access.reg, &lane = access.lane;
  if (lane.size() != 5 || reg.size() < logPerWord)
    return std::nullopt;
  auto wholeRows = [&](ArrayRef<uint64_t> offsets) {
    return llvm::all_of(offsets, [&](uint64_t o) { return o % rowElems == 0; });
  };
  // Plain: word bits are consecutive elements, lanes 0-1 the word within
  // the row, lanes 2-4 the row.
  bool plain = lane[0] == (1u << logPerWord) && lane[1] == (2u << logPerWord) &&
               wholeRows(ArrayRef<uint64_t>(lane).drop_front(2));
  for (unsigned i = 0; i < logPerWord; ++i)
    plain &= reg[i] == (uint64_t(1) << i);
  // .trans (16-bit): lanes 2-4 walk the row, register 0 and lanes 0-1 pick
  // the row.
  bool trans = allowTrans && !plain && bits == 16 && lane[2] == 1 &&
               lane[3] == 2 && lane[4] == 4 &&
               wholeRows({reg[0], lane[0], lane[1]});
  if (!plain && !trans)
    return std::nullopt;
  if (!wholeRows(ArrayRef<uint64_t>(reg).drop_front(logPerWord)) ||
      !wholeRows(access.warp))
    return std::nullopt;
  SmallVector<uint64_t> laneBits =
      trans ? SmallVector<uint64_t>{reg[0], lane[0], lane[1]}
            : SmallVector<uint64_t>{lane[2], lane[3], lane[4]};
  // Up to four tiles per instruction, from the register bits above the word.
  unsigned tileBits = std::min<unsigned>(2, reg.size() - logPerWord);
  for (unsigned t = 0; t < 2; ++t)
    laneBits.push_back(t < tileBits ? reg[logPerWord + t] : 0);
  return MatrixTiles{logPerWord, trans, 1u << tileBits, laneBits};
}

/// Whether the offsets are linearly independent over GF(2) (none zero):
/// every register of every thread holds a distinct element.
bool independent(ArrayRef<uint64_t> offsets) {
  SmallVector<uint64_t> basis;
  for (uint64_t o : offsets) {
    for (uint64_t b : basis)
      o = std::min(o, o ^ b);
    if (!o)
      return false;
    basis.push_back(o);
  }
  return true;
}
} // namespace

std::optional<SmallVector<Value>>
loadSharedWithLdmatrix(ConversionPatternRewriter &rewriter, Location loc,
                       const LinearLayout &layout, const SharedAccess &access,
                       Value base, Type elem) {
  std::optional<MatrixTiles> tiles =
      matrixTiles(access, elem, /*allowTrans=*/true);
  if (!tiles)
    return std::nullopt;
  unsigned logPerWord = tiles->logPerWord;
  auto [laneId, warpId] = laneAndWarp(rewriter, loc);
  Value thread =
      xorOfSetBits(rewriter, loc, warpId, access.warp,
                   xorOfSetBits(rewriter, loc, laneId, tiles->laneBits));

  MLIRContext *ctx = rewriter.getContext();
  Type i32 = rewriter.getI32Type();
  Type resultType = tiles->tiles == 1
                        ? i32
                        : Type(LLVM::LLVMStructType::getLiteral(
                              ctx, SmallVector<Type>(tiles->tiles, i32)));
  auto wordType = VectorType::get({int64_t(1) << logPerWord}, elem);
  int32_t regs = layout.getInDimSize(layout_dims::kRegister);
  int32_t perCall = int32_t(tiles->tiles) << logPerWord;
  SmallVector<Value> out(regs);
  uint64_t threadBits = threadOffsetBits(tiles->laneBits, access.warp);
  for (int32_t r = 0; r < regs; r += perCall) {
    Value ptr = sharedElementPtr(rewriter, loc, base, elem, thread, threadBits,
                                 registerOffset(access, r));
    Value words = NVVM::LdMatrixOp::create(
        rewriter, loc, resultType, ptr, tiles->tiles,
        tiles->trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (unsigned t = 0; t < tiles->tiles; ++t) {
      Value word = tiles->tiles == 1
                       ? words
                       : LLVM::ExtractValueOp::create(rewriter, loc, words, t)
                             .getResult();
      Value vec = LLVM::BitcastOp::create(rewriter, loc, wordType, word);
      for (int32_t i = 0; i < (1 << logPerWord); ++i)
        out[r + (int32_t(t) << logPerWord) + i] =
            LLVM::ExtractElementOp::create(rewriter, loc, vec,
                                           i32Const(rewriter, loc, i));
    }
  }
  return out;
}

bool storeSharedWithStmatrix(ConversionPatternRewriter &rewriter, Location loc,
                             const SharedAccess &access, Value base,
                             ArrayRef<Value> values, Type elem) {
  // stmatrix moves 16-bit elements; every lane of the warp stores, so no
  // thread may hold a copy another one writes, nor a register repeat one.
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() != 16)
    return false;
  SmallVector<uint64_t> all(access.reg);
  llvm::append_range(all, access.lane);
  llvm::append_range(all, access.warp);
  if (!independent(all))
    return false;
  std::optional<MatrixTiles> tiles =
      matrixTiles(access, elem, /*allowTrans=*/false);
  if (!tiles)
    return false;
  auto [laneId, warpId] = laneAndWarp(rewriter, loc);
  Value thread =
      xorOfSetBits(rewriter, loc, warpId, access.warp,
                   xorOfSetBits(rewriter, loc, laneId, tiles->laneBits));
  MLIRContext *ctx = rewriter.getContext();
  int32_t perCall = int32_t(tiles->tiles) << tiles->logPerWord;
  uint64_t threadBits = threadOffsetBits(tiles->laneBits, access.warp);
  for (int32_t r = 0; r < int32_t(values.size()); r += perCall) {
    Value ptr = sharedElementPtr(rewriter, loc, base, elem, thread, threadBits,
                                 registerOffset(access, r));
    SmallVector<Value> words;
    for (unsigned t = 0; t < tiles->tiles; ++t)
      words.push_back(packWord(rewriter, loc,
                               values.slice(r + (int32_t(t) << 1), 2), 16, 32));
    NVVM::StMatrixOp::create(rewriter, loc, ptr, words, NVVM::MMALayout::row,
                             NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                             NVVM::LdStMatrixEltType::B16);
  }
  return true;
}

std::optional<LinearLayout> sharedOffsetLayout(ArrayRef<int64_t> shape,
                                               Attribute sharedEncoding) {
  std::optional<LinearLayout> layout = toLinearLayout(shape, sharedEncoding);
  if (!layout)
    return std::nullopt;
  return layout->invert();
}

uint64_t applyOffsetLayout(const LinearLayout &inverse,
                           ArrayRef<int32_t> coords) {
  SmallVector<std::pair<std::string, int32_t>> in;
  for (auto [d, c] : llvm::enumerate(coords))
    in.push_back({layout_dims::outDimName(d), c});
  for (auto &[name, v] : inverse.apply(in))
    if (name == layout_dims::kOffset)
      return v;
  return 0;
}

} // namespace mlir::triton::gpu::lowering
