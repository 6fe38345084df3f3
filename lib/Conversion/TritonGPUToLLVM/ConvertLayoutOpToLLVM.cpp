//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout ---------------------===//
//
// ttg.convert_layout between distributed layouts. When every thread already
// holds the elements it needs, a permutation of its registers. Otherwise
// the data goes through the scratch
// shared memory allocate-shared-memory assigned to the op: each element is
// written once (replicated copies stay silent), a barrier, then each thread
// reads what the destination layout gives it. Where the whole tensor would
// not fit beside the buffers live with it (ttg.exchange_in_rounds, set by
// allocate-shared-memory) and both layouts hold some coordinate bit in a
// register bit, the exchange runs in rounds, one per value of those bits,
// through a scratch of that fraction of the tensor (as upstream's "reps",
// which it always uses: a 128x256 f16 persistent epilogue takes 32 KB, not
// 64, and a fourth ring stage fits beside it). Where an element lives is the
// plan of SharedExchange.h: vectors as wide as both layouts allow and an
// XOR swizzle chosen against bank conflicts on both sides. On sm_90, a
// source in 8x8 tiles of 16-bit elements whose 16-byte rows the plan keeps
// whole (a wgmma or mma.sync result converted for a store) is written with
// stmatrix, four tiles an instruction, as upstream does.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Tools/SharedExchange.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// Within threads: each result register is a source register of the same
/// thread.
struct ConvertLayoutInThreadConversion
    : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    Type structType = getTypeConverter()->convertType(dstType);
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    auto same =
        [](ArrayRef<int32_t> c) -> std::pair<unsigned, SmallVector<int32_t>> {
      return {0, SmallVector<int32_t>(c.begin(), c.end())};
    };
    auto map = gatherRegisters({*src}, *dst, same);
    if (!map)
      return rewriter.notifyMatchFailure(
          op, "the result layout needs data from other threads");
    SmallVector<Value> in = unpack(rewriter, op.getLoc(), adaptor.getSrc());
    SmallVector<Value> out;
    for (auto [k, r] : *map)
      out.push_back(in[r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), structType, out));
    return success();
  }
};

/// Across threads, through shared memory.
struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!cvtMovesDataAcrossThreads(srcType, dstType))
      return failure(); // a register permutation (above)
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    Type structType = getTypeConverter()->convertType(dstType);
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no distributed layout");
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    Location loc = op.getLoc();
    Type elem = cast<LLVM::LLVMStructType>(structType).getBody()[0];
    Type store = sharedStorageType(elem);
    if (!store)
      return rewriter.notifyMatchFailure(op, "element type not lowered");
    unsigned bits = store.getIntOrFloatBitWidth();
    // In rounds where allocate-shared-memory asked for them
    // (SharedExchange.h): each moves the elements whose round coordinate
    // bits spell its number, through a scratch of that size.
    ExchangeRounds rounds;
    if (op->hasAttr(kExchangeInRoundsAttr))
      rounds = findExchangeRounds(*src, *dst);
    LinearLayout srcPart = rounds.reduce(*src, rounds.srcRegBits);
    LinearLayout dstPart = rounds.reduce(*dst, rounds.dstRegBits);
    SmallVector<int64_t> shape = rounds.reducedShape(srcType.getShape());
    SharedExchangePlan plan = planSharedExchange(srcPart, dstPart, shape, bits);
    auto offsetOf = [&](ArrayRef<int32_t> c) {
      return plan.offsetOf(c, shape);
    };
    SharedAccess write =
        planSharedAccess(srcPart, offsetOf, bits, plan.writeVec);
    SharedAccess read = planSharedAccess(dstPart, offsetOf, bits, plan.readVec);
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    auto module = op->getParentOfType<ModuleOp>();
    bool useStmatrix =
        module && TritonGPUDialect::getComputeCapability(module) >= 90;
    SmallVector<Value> in = unpack(rewriter, loc, adaptor.getSrc());
    auto registers = [](const LinearLayout &l) {
      return l.hasInDim(layout_dims::kRegister)
                 ? l.getInDimSize(layout_dims::kRegister)
                 : 1;
    };
    SmallVector<Value> out(registers(*dst));
    int64_t srcPartRegs = registers(srcPart);
    for (unsigned r = 0; r < rounds.count(); ++r) {
      // The previous round's reads are done before this round's writes.
      if (r > 0)
        NVVM::Barrier0Op::create(rewriter, loc);
      SmallVector<Value> part;
      for (int64_t i = 0; i < srcPartRegs; ++i)
        part.push_back(in[ExchangeRounds::registerOf(i, r, rounds.srcRegBits)]);
      // 16-bit tensor-core results whose 16-byte rows stay whole in the
      // plan go four 8x8 tiles a stmatrix (sm_90), not a word a store.
      if (!useStmatrix ||
          !storeSharedWithStmatrix(rewriter, loc, write, base, part, elem))
        storeShared(rewriter, loc, srcPart, write, base, part, elem);
      NVVM::Barrier0Op::create(rewriter, loc);
      for (auto [i, v] : llvm::enumerate(
               loadShared(rewriter, loc, dstPart, read, base, elem)))
        out[ExchangeRounds::registerOf(i, r, rounds.dstRegBits)] = v;
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutInThreadConversion, ConvertLayoutOpConversion>(
      converter);
}
