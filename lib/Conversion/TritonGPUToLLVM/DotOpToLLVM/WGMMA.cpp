//===- WGMMA.cpp - ttng.warp_group_dot on wgmma ---------------------------===//
//
// A warp group (four consecutive warps) computes a 64 x N tile with
// `wgmma.mma_async`: B, and A unless it is in registers, are read from
// shared memory through 64-bit matrix descriptors. The accumulator layout
// (#ttg.nvidia_mma v3) gives each warp group its tiles: warp-group bits of
// the warp index move whole 64-row (or N-column) tiles, and lane 0 of warp 0
// holds the first row of each tile it computes.
//
// Descriptors come from the operand's shared layout, as a linear map from
// coordinates to offsets (its swizzle included): the start address of a
// (row, k) tile is the offset of that element (tiles start on swizzle-atom
// rows, where the XOR pattern is the identity), and the strides between
// 8-row groups (SBO) and between swizzle atoms along M/N (LBO, MN-major
// operands) are the offsets of those elements. K-major operands are what
// every type takes; 16-bit ones may also be M/N-major (transposed by the
// instruction).
//
// Sequence: wgmma.fence, the instructions (per tile, K in order),
// commit_group, and (unless the op is async) wait_group 0.
// ttng.warp_group_dot_wait is wait_group N; ttng.fence_async_shared is
// fence.proxy.async.shared::cta.
//
//===----------------------------------------------------------------------===//

#include "../PatternTritonGPUOpToLLVM.h"
#include "../SharedMemoryAccess.h"
#include "Fragments.h"

#include "TritonDialect/Conversion/TritonGPUToLLVM/WGMMADescriptor.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
std::optional<NVVM::WGMMATypes> wgmmaType(Type t, bool isOperand) {
  if (t.isF16())
    return NVVM::WGMMATypes::f16;
  if (t.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (t.isF32())
    return isOperand ? NVVM::WGMMATypes::tf32 : NVVM::WGMMATypes::f32;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(t))
    return NVVM::WGMMATypes::e5m2;
  if (t.isInteger(8))
    return NVVM::WGMMATypes::s8;
  if (t.isInteger(32) && !isOperand)
    return NVVM::WGMMATypes::s32;
  return std::nullopt;
}

using SharedOperand = WGMMAOperandDescriptor;

/// The warp-group part of the thread's coordinates in `layout` (warp bits
/// from 2 up), as element offsets in `operand` (an i32, XORed per bit).
Value warpGroupOffset(OpBuilder &b, Location loc, const LinearLayout &layout,
                      const SharedOperand &operand, Value warp) {
  SmallVector<uint64_t> offsets;
  if (layout.hasInDim(layout_dims::kWarp))
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(layout_dims::kWarp);
         ++bit) {
      const auto &basis = layout.getBasis(layout_dims::kWarp, bit);
      // Warps 0-3 of a group share the group's tiles.
      offsets.push_back(bit < 2 ? 0
                                : operand.offsetOf(basis[operand.opIdx], 0));
    }
  return xorOfSetBits(b, loc, warp, offsets);
}

/// The descriptor of the operand's element 0 for this warp group.
Value baseDescriptor(OpBuilder &b, Location loc, const SharedOperand &operand,
                     Value base, Value wgOffset) {
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  addr = LLVM::AddOp::create(
      b, loc, addr,
      LLVM::MulOp::create(b, loc, wgOffset,
                          i32Const(b, loc, operand.elemBytes)));
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, addr, i32Const(b, loc, 4)),
      i32Const(b, loc, 0x3FFF));
  Value wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), field);
  return LLVM::OrOp::create(
      b, loc, wide,
      LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                               b.getI64IntegerAttr(operand.constantBits())));
}

/// The descriptor of the tile at (mn, k): the base one with the tile's
/// start added to its address field (tile starts and warp-group offsets
/// have disjoint bits, so adding is XORing).
Value tileDescriptor(OpBuilder &b, Location loc, const SharedOperand &operand,
                     Value base, int32_t mn, int32_t k) {
  uint64_t bytes = operand.offsetOf(mn, k) * operand.elemBytes;
  if (!bytes)
    return base;
  return LLVM::AddOp::create(
      b, loc, base,
      LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                               b.getI64IntegerAttr(bytes >> 4)));
}

struct WarpGroupDotOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dType.getEncoding());
    auto fail = [&](const Twine &why) {
      return rewriter.notifyMatchFailure(op, why);
    };
    if (!mma || !mma.isHopper())
      return fail("the accumulator is not #ttg.nvidia_mma v3");
    std::optional<LinearLayout> dLayout = layoutOf(dType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dType));
    if (!dLayout || !structType)
      return fail("the accumulator layout is not lowered");
    ArrayRef<unsigned> instr = mma.getInstrShape();
    int32_t instrN = instr[1], instrK = instr[2];
    Type aElem = getElementTypeOrSelf(op.getA().getType());
    Type dElem = dType.getElementType();
    auto aTy = wgmmaType(aElem, true), dTy = wgmmaType(dElem, false);
    if (!aTy || !dTy)
      return fail("no wgmma for these element types");
    unsigned aBits = aElem.getIntOrFloatBitWidth();
    if (instrK * aBits != 256)
      return fail("instrShape K does not match the operand type");
    int64_t K = cast<ShapedType>(op.getA().getType()).getShape()[1];

    // Accumulator registers by (M, N) tile: slot (n % 2) + 2 (m / 8) +
    // 4 (n / 8), the wgmma D fragment.
    auto dTiles = fragmentTiles(
        *dLayout, {16, instrN}, instrN / 2, [&](ArrayRef<int32_t> c) {
          return unsigned((c[1] % 2) + 2 * (c[0] / 8) + 4 * (c[1] / 8));
        });
    if (!dTiles)
      return fail("the accumulator layout is not wgmma's fragment");
    if (!warpsTakeRowBlocks(*dLayout))
      return fail("warps 0-3 of a warp group must take 16 rows each");

    std::string why;
    auto [lane, warp] = laneAndWarp(rewriter, loc);
    (void)lane;
    auto bMem = cast<MemDescType>(op.getB().getType());
    FailureOr<SharedOperand> b =
        describeWGMMAOperand(bMem.getShape(), bMem.getEncoding(),
                             bMem.getElementTypeBitWidth(), 1, why);
    if (failed(b))
      return fail(why);
    Value bBase =
        baseDescriptor(rewriter, loc, *b, adaptor.getB(),
                       warpGroupOffset(rewriter, loc, *dLayout, *b, warp));

    AOperand a;
    if (failed(prepareA(rewriter, loc, op, adaptor.getA(), *dLayout, warp, a,
                        why)))
      return fail(why);

    // An f16 accumulator travels packed, two elements per 32-bit register
    // (the fragment's consecutive slots), always through inline PTX.
    bool halfAcc = dElem.isF16();
    bool predicated = (aBits == 16 && dElem.isF32()) || halfAcc;
    SmallVector<Value> acc = unpack(rewriter, loc, adaptor.getC());
    Value scale;
    if (predicated && isZeroAccumulator(op.getC())) {
      // D = A B: the first wgmma ignores C (scale-d 0), so C's registers
      // need no zeros, as upstream lowers a zero accumulator.
      for (Value &v : acc)
        v = LLVM::UndefOp::create(rewriter, loc, v.getType());
      scale = i32Const(rewriter, loc, 0);
    } else {
      scale =
          accumulatorScale(rewriter, loc, adaptor.getUseC(), predicated, acc);
    }

    Type dLLVM = halfAcc ? rewriter.getI32Type() : structType.getBody()[0];
    auto fragType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(instrN / (halfAcc ? 4 : 2), dLLVM));
    // fp8 products into f32 (upstream's max_num_imprecise_acc): every
    // `impreciseK` of K accumulate from zero in a partial fragment that is
    // then added in f32, exactly, to the accumulator.
    int64_t impreciseK = op.getMaxNumImpreciseAcc();
    bool promote = aBits == 8 && isa<FloatType>(aElem) && dElem.isF32() &&
                   impreciseK > 0 && impreciseK <= K;
    TilePlan plan{*b,       bBase,  a,       scale,
                  fragType, instrN, instrK,  K,
                  *aTy,     *dTy,   halfAcc, promote ? impreciseK : 0};
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (auto &[origin, regs] : *dTiles) {
      SmallVector<Value> frag;
      for (int r : regs)
        frag.push_back(acc[r]);
      if (halfAcc)
        frag = pairWords(rewriter, loc, frag);
      if (failed(emitTile(rewriter, loc, plan, origin[0], origin[1], frag)))
        return fail("A holds no registers for a tile of the accumulator");
      if (halfAcc)
        frag = wordPairs(rewriter, loc, frag, dElem);
      for (auto [r, v] : llvm::zip(regs, frag))
        acc[r] = v;
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    rewriter.replaceOp(op, pack(rewriter, loc, structType, acc));
    return success();
  }

  /// Operand A: in shared memory (its descriptor for this warp group's
  /// element 0) or in registers (grouped by m16k16 tile).
  struct AOperand {
    std::optional<SharedOperand> shared;
    Value base;
    std::optional<FragmentTiles> tiles;
    SmallVector<Value> regs;
  };

  /// What every accumulator tile's wgmma chain shares.
  struct TilePlan {
    const SharedOperand &b;
    Value bBase;
    const AOperand &a;
    Value scale;
    LLVM::LLVMStructType fragType;
    int32_t instrN, instrK;
    int64_t K;
    NVVM::WGMMATypes aTy, dTy;
    bool halfAcc;
    /// K per partial accumulation (0: accumulate in place).
    int64_t impreciseK;
  };

  /// The wgmma chain (K in order) of the tile at (m0, n0): `frag`, its
  /// accumulator registers in fragment order, in and out.
  static LogicalResult emitTile(ConversionPatternRewriter &rewriter,
                                Location loc, const TilePlan &p, int32_t m0,
                                int32_t n0, SmallVector<Value> &frag) {
    Value d = pack(rewriter, loc, p.fragType, frag);
    bool promote = p.impreciseK > 0;
    int64_t inChunk = 0;
    for (int32_t k0 = 0; k0 < p.K; k0 += p.instrK) {
      Value bDesc = tileDescriptor(rewriter, loc, p.b, p.bBase, n0, k0);
      SmallVector<Value> aOperands;
      std::optional<bool> aKMajor;
      bool scaled = p.scale && k0 == 0;
      Value kScale = scaled ? p.scale : i32Const(rewriter, loc, 1);
      if (promote && inChunk == 0)
        kScale = i32Const(rewriter, loc, 0);
      if (p.a.shared) {
        aOperands.push_back(
            tileDescriptor(rewriter, loc, *p.a.shared, p.a.base, m0, k0));
        aKMajor = p.a.shared->kMajor;
        if (!p.halfAcc && !scaled && !promote) {
          d = sharedAWgmma(rewriter, loc, p.fragType, d, aOperands[0], bDesc,
                           p.instrN, p.instrK, p.aTy, p.dTy, *aKMajor,
                           p.b.kMajor);
          continue;
        }
      } else {
        auto it = p.a.tiles->find({m0, k0});
        if (it == p.a.tiles->end())
          return failure();
        aOperands = fragmentWords(rewriter, loc, p.a.regs, it->second);
      }
      d = inlineWgmma(rewriter, loc, p.fragType, d, aOperands, bDesc, kScale,
                      p.instrN, p.instrK, p.aTy, p.dTy, aKMajor, p.b.kMajor);
      inChunk += p.instrK;
      if (promote && (inChunk >= p.impreciseK || k0 + p.instrK >= p.K)) {
        addPartial(rewriter, loc, d, frag);
        inChunk = 0;
      }
    }
    if (!promote)
      frag = unpack(rewriter, loc, d);
    return success();
  }

  static LogicalResult prepareA(ConversionPatternRewriter &rewriter,
                                Location loc, ttng::WarpGroupDotOp op,
                                Value loweredA, const LinearLayout &dLayout,
                                Value warp, AOperand &a, std::string &why) {
    if (auto aMem = dyn_cast<MemDescType>(op.getA().getType())) {
      FailureOr<SharedOperand> d =
          describeWGMMAOperand(aMem.getShape(), aMem.getEncoding(),
                               aMem.getElementTypeBitWidth(), 0, why);
      if (failed(d))
        return failure();
      a.shared = *d;
      a.base =
          baseDescriptor(rewriter, loc, *d, loweredA,
                         warpGroupOffset(rewriter, loc, dLayout, *d, warp));
      return success();
    }
    a.tiles = registerATiles(cast<RankedTensorType>(op.getA().getType()), why);
    if (!a.tiles)
      return failure();
    a.regs = unpack(rewriter, loc, loweredA);
    return success();
  }

  /// A in registers: the m16k16 fragment of each warp, slot (k % 2) +
  /// 2 (m / 8) + 4 (k / 8), 16-bit elements packed in pairs.
  static std::optional<FragmentTiles> registerATiles(RankedTensorType aType,
                                                     std::string &why) {
    std::optional<LinearLayout> aLayout = layoutOf(aType);
    if (aType.getElementTypeBitWidth() != 16 || !aLayout) {
      why = "wgmma with A in registers is lowered for 16-bit A only";
      return std::nullopt;
    }
    auto tiles = fragmentTiles(*aLayout, {16, 16}, 8, [](ArrayRef<int32_t> c) {
      return unsigned((c[1] % 2) + 2 * (c[0] / 8) + 4 * (c[1] / 8));
    });
    if (!tiles)
      why = "A's register layout is not wgmma's fragment";
    return tiles;
  }

  /// Whether C is a constant zero (through layout conversions).
  static bool isZeroAccumulator(Value c) {
    while (auto cvt = c.getDefiningOp<ConvertLayoutOp>())
      c = cvt.getSrc();
    return matchPattern(c, m_AnyZeroFloat()) || matchPattern(c, m_Zero());
  }

  /// `useC` false: the first wgmma of each accumulator tile ignores C
  /// through its scale-d predicate, returned as an i32 (when `predicated`:
  /// 16-bit operands into f32, written as inline PTX); otherwise C is
  /// zeroed first and null is returned.
  static Value accumulatorScale(ConversionPatternRewriter &rewriter,
                                Location loc, Value useC, bool predicated,
                                SmallVector<Value> &acc) {
    if (!useC)
      return {};
    if (predicated)
      return LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), useC);
    zeroUnlessUsed(rewriter, loc, useC, acc);
    return {};
  }

  /// Warps 0-3 of a group take rows 0, 16, 32, 48 of the tile.
  static bool warpsTakeRowBlocks(const LinearLayout &d) {
    return d.getInDimSizeLog2(layout_dims::kWarp) >= 2 &&
           d.getBasis(layout_dims::kWarp, 0) == LinearLayout::Basis{16, 0} &&
           d.getBasis(layout_dims::kWarp, 1) == LinearLayout::Basis{32, 0};
  }

  /// The four 32-bit words of A's m16k16 fragment at register `slots`
  /// (16-bit elements, packed in pairs).
  static SmallVector<Value> fragmentWords(ConversionPatternRewriter &rewriter,
                                          Location loc, ArrayRef<Value> regs,
                                          ArrayRef<int> slots) {
    SmallVector<Value> words;
    for (int w = 0; w < 4; ++w)
      words.push_back(packWord(
          rewriter, loc, {regs[slots[2 * w]], regs[slots[2 * w + 1]]}, 16, 32));
    return words;
  }

  /// total += the partial fragment `part`, once its wgmma group is done
  /// (commit, wait), in f32; then the fence wgmma needs before reading
  /// registers other instructions wrote.
  static void addPartial(ConversionPatternRewriter &rewriter, Location loc,
                         Value part, SmallVector<Value> &total) {
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    for (auto [t, p] : llvm::zip(total, unpack(rewriter, loc, part)))
      t = LLVM::FAddOp::create(rewriter, loc, t, p);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
  }

  /// D = A B + (useC ? C : 0): the accumulator registers zeroed unless
  /// `useC`.
  static void zeroUnlessUsed(ConversionPatternRewriter &rewriter, Location loc,
                             Value useC, SmallVector<Value> &acc) {
    for (Value &v : acc) {
      Value zero = LLVM::ConstantOp::create(rewriter, loc, v.getType(),
                                            rewriter.getZeroAttr(v.getType()));
      v = LLVM::SelectOp::create(rewriter, loc, useC, v, zero);
    }
  }

  /// One wgmma with both operands in shared memory (descriptors).
  static Value sharedAWgmma(ConversionPatternRewriter &rewriter, Location loc,
                            Type fragType, Value d, Value aDesc, Value bDesc,
                            int32_t instrN, int32_t instrK,
                            NVVM::WGMMATypes aTy, NVVM::WGMMATypes dTy,
                            bool aKMajor, bool bKMajor) {
    MLIRContext *ctx = rewriter.getContext();
    return NVVM::WgmmaMmaAsyncOp::create(
        rewriter, loc, fragType, d, aDesc, bDesc,
        NVVM::MMAShapeAttr::get(ctx, 64, instrN, instrK),
        NVVM::WGMMATypesAttr::get(ctx, aTy),
        NVVM::WGMMATypesAttr::get(ctx, aTy),
        NVVM::WGMMATypesAttr::get(ctx, dTy),
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one),
        NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
        NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
        NVVM::MMALayoutAttr::get(ctx, aKMajor ? NVVM::MMALayout::row
                                              : NVVM::MMALayout::col),
        NVVM::MMALayoutAttr::get(ctx, bKMajor ? NVVM::MMALayout::col
                                              : NVVM::MMALayout::row),
        NVVM::MMAIntOverflowAttr());
  }

  /// One wgmma as inline PTX (the NVVM op takes descriptors only, f32 or
  /// s32 accumulators only, and scale-d as a constant only): the
  /// accumulator tied in and out (f32 registers, or f16 pairs in 32-bit
  /// registers), scale-d the predicate `scale != 0` (D = A B + D, else
  /// D = A B). A is a descriptor (`aKMajor` given) or its fragment's four
  /// 32-bit registers; the transpose immediates exist for 16-bit operands
  /// only (and none for A in registers).
  static Value inlineWgmma(OpBuilder &b, Location loc,
                           LLVM::LLVMStructType fragType, Value d,
                           ArrayRef<Value> aOperands, Value bDesc, Value scale,
                           int32_t instrN, int32_t instrK, NVVM::WGMMATypes aTy,
                           NVVM::WGMMATypes dTy, std::optional<bool> aKMajor,
                           bool bKMajor) {
    unsigned n = fragType.getBody().size(), na = aOperands.size();
    auto arg = [](unsigned i) { return "$" + std::to_string(i); };
    std::string t = NVVM::stringifyWGMMATypes(aTy).str();
    bool halfAcc = dTy == NVVM::WGMMATypes::f16;
    std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + arg(n + na + 1) +
                       ", 0;\nwgmma.mma_async.sync.aligned.m64n" +
                       std::to_string(instrN) + "k" + std::to_string(instrK) +
                       "." + NVVM::stringifyWGMMATypes(dTy).str() + "." + t +
                       "." + t + " {";
    for (unsigned i = 0; i < n; ++i)
      text += (i ? ", " : "") + arg(i);
    text += "}, ";
    if (aKMajor) {
      text += arg(n);
    } else {
      text += "{";
      for (unsigned i = 0; i < na; ++i)
        text += (i ? ", " : "") + arg(n + i);
      text += "}";
    }
    text += ", " + arg(n + na) + ", p, 1, 1";
    if (aTy == NVVM::WGMMATypes::f16 || aTy == NVVM::WGMMATypes::bf16) {
      if (aKMajor)
        text += *aKMajor ? ", 0" : ", 1";
      text += bKMajor ? ", 0" : ", 1";
    }
    text += ";\n}";
    std::string constraints;
    for (unsigned i = 0; i < n; ++i)
      constraints += halfAcc ? "=r," : "=f,";
    constraints += aKMajor ? "l," : "r,r,r,r,";
    constraints += "l,r";
    for (unsigned i = 0; i < n; ++i)
      constraints += "," + std::to_string(i);
    SmallVector<Value> operands(aOperands);
    operands.push_back(bDesc);
    operands.push_back(scale);
    for (Value v : unpack(b, loc, d))
      operands.push_back(v);
    return ptxAsm(b, loc, fragType, operands, text, constraints,
                  /*sideEffects=*/true)
        .getResult(0);
  }
};

struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    // The values (accumulators of the wgmma groups waited for) pass
    // through the wait itself, tied in and out of the inline PTX, so that
    // no use of them can be scheduled before it; 16-bit accumulators pass
    // as the pairs wgmma writes them in.
    SmallVector<Value> scalars;
    for (Value v : adaptor.getInputs()) {
      if (isHalfStruct(v.getType()))
        llvm::append_range(scalars,
                           pairWords(rewriter, loc, unpack(rewriter, loc, v)));
      else if (isa<LLVM::LLVMStructType>(v.getType()))
        llvm::append_range(scalars, unpack(rewriter, loc, v));
      else
        scalars.push_back(v);
    }
    bool tieable = llvm::all_of(scalars, [](Value v) {
      return v.getType().isF32() || v.getType().isInteger(32);
    });
    std::string text = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPendings()) + ";";
    if (scalars.empty() || !tieable) {
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, op.getPendings());
      rewriter.replaceOp(op, adaptor.getInputs());
      return success();
    }
    std::string constraints;
    SmallVector<Type> types;
    for (auto [i, v] : llvm::enumerate(scalars)) {
      constraints +=
          std::string(i ? "," : "") + (v.getType().isF32() ? "=f" : "=r");
      types.push_back(v.getType());
    }
    for (size_t i = 0; i < scalars.size(); ++i)
      constraints += "," + std::to_string(i);
    Type resultType = types.size() == 1 ? types[0]
                                        : Type(LLVM::LLVMStructType::getLiteral(
                                              rewriter.getContext(), types));
    auto asmOp = ptxAsm(rewriter, loc, resultType, scalars, text, constraints,
                        /*sideEffects=*/true);
    SmallVector<Value> waited;
    for (size_t i = 0; i < scalars.size(); ++i)
      waited.push_back(
          types.size() == 1
              ? asmOp.getResult(0)
              : lb.extractValue(asmOp.getResult(0), i).getResult());
    SmallVector<Value> results;
    size_t next = 0;
    for (Value v : adaptor.getInputs()) {
      auto st = dyn_cast<LLVM::LLVMStructType>(v.getType());
      if (!st) {
        results.push_back(waited[next++]);
        continue;
      }
      bool half = isHalfStruct(st);
      size_t n = st.getBody().size() / (half ? 2 : 1);
      SmallVector<Value> elems(ArrayRef<Value>(waited).slice(next, n));
      if (half)
        elems = wordPairs(rewriter, loc, elems, st.getBody()[0]);
      results.push_back(pack(rewriter, loc, st, elems));
      next += n;
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    NVVM::FenceProxyOp::create(
        rewriter, op.getLoc(), NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(ctx, op.getBCluster()
                                            ? NVVM::SharedSpace::shared_cluster
                                            : NVVM::SharedSpace::shared_cta));
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateWGMMAOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WarpGroupDotOpConversion, WarpGroupDotWaitOpConversion,
               FenceAsyncSharedOpConversion>(converter);
}
