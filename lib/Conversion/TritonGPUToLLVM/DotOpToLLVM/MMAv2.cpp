//===- MMAv2.cpp - tt.dot on mma.sync -------------------------------------===//
//
// tt.dot with a #ttg.nvidia_mma v2 accumulator and #ttg.dot_op operands of
// it: one `mma.sync.aligned.m16n8kK` per (batch, 16-row, 8-column, K) tile,
// through nvvm.mma.sync. With kWidth = 32 / bits, a thread's A fragment is
// kWidth consecutive K elements per 32-bit register, rows r and r + 8, and
// K halves (slot k % kWidth + kWidth (m / 8) + 2 kWidth (k / 4 kWidth));
// B's is the same without the rows; the accumulator's is (n % 2) + 2 (m / 8).
// kWidth may also be twice that (upstream's layout for f16 operands widened
// from fp8, so that the fp8 values load four to a word): a tile then spans
// two instructions' K, and each instruction takes, in each of the thread's
// groups of kWidth, one half where the hardware wants its first K half and
// the other where it wants its second. A and B agree on that permutation
// of K, so the products summed are the same.
// Types: f16 and bf16 (m16n8k16), tf32 (f32 operands, m16n8k8), s8
// (m16n8k32, i32 accumulator), e4m3 and e5m2 (m16n8k32, f32 accumulator,
// sm_89 and sm_12x; inline PTX, since nvvm.mma.sync has no dense fp8 form); f16
// operands may also accumulate in f16 (the accumulator as two f16 pairs).
//
//===----------------------------------------------------------------------===//

#include "../PatternTritonGPUOpToLLVM.h"
#include "Fragments.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The PTX operand type of mma.sync for operands of `elem`.
std::optional<NVVM::MMATypes> mmaSyncType(Type elem) {
  if (elem.isF16())
    return NVVM::MMATypes::f16;
  if (elem.isBF16())
    return NVVM::MMATypes::bf16;
  if (elem.isF32())
    return NVVM::MMATypes::tf32;
  if (elem.isInteger(8))
    return NVVM::MMATypes::s8;
  if (isa<Float8E4M3FNType>(elem))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(elem))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

/// One fp8 `mma.sync.aligned.m16n8k32.row.col.f32.<a>.<b>.f32`: four A
/// words, two B words and the four f32 accumulators in, four out.
Value fp8MmaSync(OpBuilder &b, Location loc, Type resultType,
                 NVVM::MMATypes aType, NVVM::MMATypes bType, ValueRange a,
                 ValueRange bWords, ValueRange c) {
  std::string text =
      ("mma.sync.aligned.m16n8k32.row.col.f32." +
       NVVM::stringifyMMATypes(aType) + "." + NVVM::stringifyMMATypes(bType) +
       ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
       "{$10, $11, $12, $13};")
          .str();
  SmallVector<Value> operands(a);
  llvm::append_range(operands, bWords);
  llvm::append_range(operands, c);
  return ptxAsm(b, loc, resultType, operands, text,
                "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3", /*sideEffects=*/false)
      .getResult(0);
}

/// The operand words of one mma.sync from the registers at `slots`
/// (`kWidth` elements of `elem` per word): 16-bit pairs as vector<2xf16>
/// for f16 (what the NVVM op takes for f16), 32-bit words otherwise.
SmallVector<Value> operandWords(ConversionPatternRewriter &rewriter,
                                Location loc, ArrayRef<Value> regs,
                                ArrayRef<int> slots, int32_t kWidth,
                                Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  SmallVector<Value> out;
  for (size_t w = 0; w < slots.size() / kWidth; ++w) {
    SmallVector<Value> part;
    for (int32_t i = 0; i < kWidth; ++i)
      part.push_back(regs[slots[w * kWidth + i]]);
    if (elem.isF16()) {
      auto vecType = VectorType::get({2}, rewriter.getF16Type());
      Value v = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (int32_t i = 0; i < 2; ++i)
        v = LLVM::InsertElementOp::create(rewriter, loc, v, part[i],
                                          i32Const(rewriter, loc, i));
      out.push_back(v);
    } else if (bits == 32) {
      out.push_back(LLVM::BitcastOp::create(rewriter, loc,
                                            rewriter.getI32Type(), part[0]));
    } else {
      out.push_back(packWord(rewriter, loc, part, bits, 32));
    }
  }
  return out;
}

/// The slots of a fragment tile that instruction `h` of the tile takes, in
/// the hardware's order of operand words: A's (row half, K half) (0, 0),
/// (1, 0), (0, 1), (1, 1), B's K halves 0 and 1, `perWord` elements each.
/// With `rep` = 1 instruction a tile, its slots are already in that order;
/// with rep = 2 a slot holds element i of K half kh, row half r, of
/// instruction h at i + perWord (kh + 2 r + 4 h) (A) or i + perWord (kh +
/// 2 h) (B).
SmallVector<int> instructionSlots(ArrayRef<int> tileSlots, int32_t h, bool isA,
                                  int32_t perWord, int32_t rep) {
  SmallVector<int> slots;
  for (int32_t w = 0; w < (isA ? 4 : 2); ++w) {
    int32_t r = isA ? w % 2 : 0, kh = isA ? w / 2 : w;
    for (int32_t i = 0; i < perWord; ++i)
      slots.push_back(
          rep == 1 ? tileSlots[w * perWord + i]
                   : tileSlots[i + perWord * (kh + 2 * r + (isA ? 4 : 2) * h)]);
  }
  return slots;
}

/// One mma.sync of shape m16n8k`instrK` on operand words `a` and `b` and
/// accumulators `c`: fp8 through inline PTX, the others through
/// nvvm.mma.sync.
Value mmaSync(OpBuilder &b, Location loc, Type resultType, int32_t instrK,
              NVVM::MMATypes aType, NVVM::MMATypes bType, ValueRange a,
              ValueRange bWords, ValueRange c) {
  if (aType == NVVM::MMATypes::e4m3 || aType == NVVM::MMATypes::e5m2)
    return fp8MmaSync(b, loc, resultType, aType, bType, a, bWords, c);
  return NVVM::MmaOp::create(b, loc, resultType, a, bWords, c, {16, 8, instrK},
                             /*b1Op=*/std::nullopt,
                             // Integer products saturate on overflow
                             // (`.satfinite`), as upstream's mma.sync does.
                             aType == NVVM::MMATypes::s8
                                 ? std::optional<NVVM::MMAIntOverflow>(
                                       NVVM::MMAIntOverflow::satfinite)
                                 : std::nullopt,
                             std::array<NVVM::MMATypes, 2>{aType, aType},
                             std::array<NVVM::MMALayout, 2>{
                                 NVVM::MMALayout::row, NVVM::MMALayout::col})
      .getResult();
}

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || !mma.isAmpere())
      return failure();
    auto fail = [&](const Twine &why) {
      return rewriter.notifyMatchFailure(op, why);
    };
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto aEnc = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<DotOperandEncodingAttr>(bType.getEncoding());
    Type aElem = aType.getElementType(), bElem = bType.getElementType(),
         dElem = dType.getElementType();
    unsigned bits = aElem.getIntOrFloatBitWidth();
    // Elements of one 32-bit operand word; kWidth is that or twice it.
    int32_t perWord = std::max(1u, 32 / bits);
    int32_t kWidth = aEnc ? int32_t(aEnc.getKWidth()) : 0;
    if (!aEnc || !bEnc || bEnc.getKWidth() != unsigned(kWidth) ||
        (kWidth != perWord && kWidth != 2 * perWord))
      return fail("operands must be #ttg.dot_op with kWidth = 32 / bits or "
                  "twice that");
    // Instructions per fragment tile along K.
    int32_t rep = kWidth / perWord;
    std::optional<NVVM::MMATypes> operandType = mmaSyncType(aElem);
    if (!operandType)
      return fail("no mma.sync for this operand type");
    NVVM::MMATypes ptxType = *operandType;
    std::optional<NVVM::MMATypes> bPtxType = mmaSyncType(bElem);
    bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(aElem);
    if (!bPtxType || (aElem != bElem &&
                      !(fp8 && isa<Float8E4M3FNType, Float8E5M2Type>(bElem))))
      return fail("mma.sync takes operands of one type (or two fp8 types)");
    bool halfAcc = dElem.isF16() && aElem.isF16();
    if (!(dElem.isF32() || halfAcc ||
          (dElem.isInteger(32) && aElem.isInteger(8))))
      return fail("mma.sync accumulates f32 (or f16 for f16, i32 for i8)");
    int32_t instrK = 256 / bits;

    std::optional<LinearLayout> aLayout = layoutOf(aType),
                                bLayout = layoutOf(bType),
                                dLayout = layoutOf(dType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dType));
    if (!aLayout || !bLayout || !dLayout || !structType)
      return fail("layouts not lowered");
    unsigned rank = dType.getRank();
    unsigned m = rank - 2, n = rank - 1;
    // Tile sizes per dimension (the batch dimension one element wide).
    auto tile = [&](int32_t rows, int32_t cols) {
      SmallVector<int32_t> t(rank, 1);
      t[rank - 2] = rows;
      t[rank - 1] = cols;
      return t;
    };
    auto aTiles = fragmentTiles(
        *aLayout, tile(16, rep * instrK), 4 * kWidth, [&](ArrayRef<int32_t> c) {
          int32_t row = c[m], k = c[n];
          return unsigned(k % kWidth + kWidth * (row / 8) +
                          2 * kWidth * (k / (4 * kWidth)));
        });
    auto bTiles = fragmentTiles(
        *bLayout, tile(rep * instrK, 8), 2 * kWidth, [&](ArrayRef<int32_t> c) {
          int32_t k = c[m];
          return unsigned(k % kWidth + kWidth * (k / (4 * kWidth)));
        });
    auto dTiles =
        fragmentTiles(*dLayout, tile(16, 8), 4, [&](ArrayRef<int32_t> c) {
          return unsigned(c[n] % 2 + 2 * (c[m] / 8));
        });
    if (!aTiles || !bTiles || !dTiles)
      return fail("a layout is not the mma.sync fragment");

    SmallVector<Value> aRegs = unpack(rewriter, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpack(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpack(rewriter, loc, adaptor.getC());
    int64_t K = aType.getShape()[n];
    Type accType = structType.getBody()[0];

    auto words = [&](ArrayRef<Value> regs, ArrayRef<int> tileSlots, int32_t h,
                     bool isA) {
      return operandWords(rewriter, loc, regs,
                          instructionSlots(tileSlots, h, isA, perWord, rep),
                          perWord, aElem);
    };

    // An f16 accumulator travels as two f16 pairs (rows r and r + 8).
    auto halfPair = VectorType::get({2}, rewriter.getF16Type());
    auto resultType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(halfAcc ? 2 : 4, halfAcc ? halfPair : accType));
    for (auto &[origin, dSlots] : *dTiles) {
      SmallVector<Value> c;
      for (int r : dSlots)
        c.push_back(acc[r]);
      if (halfAcc)
        c = operandWords(rewriter, loc, c, {0, 1, 2, 3}, 2, dElem);
      for (int32_t k0 = 0; k0 < K; k0 += rep * instrK) {
        std::vector<int32_t> aKey(origin), bKey(origin);
        aKey[n] = k0;
        bKey[m] = k0;
        auto aIt = aTiles->find(aKey);
        auto bIt = bTiles->find(bKey);
        if (aIt == aTiles->end() || bIt == bTiles->end())
          return fail("an operand holds no registers for an accumulator tile");
        for (int32_t h = 0; h < rep; ++h)
          c = unpack(rewriter, loc,
                     mmaSync(rewriter, loc, resultType, instrK, ptxType,
                             *bPtxType, words(aRegs, aIt->second, h, true),
                             words(bRegs, bIt->second, h, false), c));
      }
      if (halfAcc)
        c = wordPairs(rewriter, loc, c, dElem);
      for (auto [r, v] : llvm::zip(dSlots, c))
        acc[r] = v;
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, acc));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateMMAv2DotOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MmaV2DotOpConversion>(converter);
}
