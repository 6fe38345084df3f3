//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout ---------------------===//
//
// ttg.convert_layout between distributed layouts. When every thread already
// holds the elements it needs, a permutation of its registers. Otherwise
// the data goes through the scratch
// shared memory allocate-shared-memory assigned to the op: each element is
// written once (replicated copies stay silent), a barrier, then each thread
// reads what the destination layout gives it. Where an element lives is the
// plan of SharedExchange.h: vectors as wide as both layouts allow and an
// XOR swizzle chosen against bank conflicts on both sides.
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
    ArrayRef<int64_t> shape = srcType.getShape();
    SharedExchangePlan plan = planSharedExchange(*src, *dst, shape, bits);
    auto offsetOf = [&](ArrayRef<int32_t> c) {
      return plan.offsetOf(c, shape);
    };
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    storeShared(rewriter, loc, *src,
                planSharedAccess(*src, offsetOf, bits, plan.writeVec), base,
                unpack(rewriter, loc, adaptor.getSrc()), elem);
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<Value> out = loadShared(
        rewriter, loc, *dst,
        planSharedAccess(*dst, offsetOf, bits, plan.readVec), base, elem);
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
