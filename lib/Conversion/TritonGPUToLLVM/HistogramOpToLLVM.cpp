//===- HistogramOpToLLVM.cpp - tt.histogram
//---------------------------------===//
//
// tt.histogram: the bins in scratch shared memory, zeroed, counted with
// shared-memory atomics (each element once, masked elements and values
// outside [0, bins) not), then read back in the result's layout.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Analysis/GatherLowering.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct HistogramOpConversion : public ConvertOpToLLVMPattern<HistogramOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dstType));
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!src || !dst || !structType || !offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no layout or no shared memory allocated");
    Type binType = structType.getBody()[0];
    if (!binType.isInteger(32) && !binType.isInteger(64))
      return rewriter.notifyMatchFailure(op, "bins of this type");
    unsigned binBits = binType.getIntOrFloatBitWidth();
    int64_t bins = dstType.getShape()[0];
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    int64_t threads = kWarpSize;
    if (auto w = op->getParentOfType<ModuleOp>()->getAttrOfType<IntegerAttr>(
            "ttg.num-warps"))
      threads *= w.getInt();
    // Zero the bins: thread t clears bins t, t + threads, ...
    Value zero = lb.constant(binType, rewriter.getIntegerAttr(binType, 0));
    for (int64_t first = 0; first < bins; first += threads) {
      Value bin = lb.add(tid, lb.i32(first));
      Value inRange = lb.icmp_ult(bin, lb.i32(bins));
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{bin});
      predicatedSharedAccess(rewriter, loc,
                             "st.shared.b" + std::to_string(binBits), inRange,
                             ptr, zero);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    // Count: each distinct element once.
    SmallVector<Value> values = unpack(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = isa<LLVM::LLVMStructType>(adaptor.getMask().getType())
                  ? unpack(rewriter, loc, adaptor.getMask())
                  : SmallVector<Value>(values.size(), adaptor.getMask());
    Value firstCopy = firstCopyPredicate(rewriter, loc, *src);
    std::set<SmallVector<int32_t>> seen;
    Value one = lb.constant(binType, rewriter.getIntegerAttr(binType, 1));
    for (auto [r, v] : llvm::enumerate(values)) {
      if (!seen.insert(registerCoords(*src, r)).second)
        continue;
      Value v64 = v.getType().getIntOrFloatBitWidth() < 64
                      ? lb.sext(rewriter.getI64Type(), v).getResult()
                      : v;
      Value inRange =
          lb.icmp_ult(v64, lb.constant(rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(bins)));
      Value pred = inRange;
      if (!masks.empty())
        pred = lb.and_(pred, masks[r]);
      if (firstCopy)
        pred = lb.and_(pred, firstCopy);
      Value bin = lb.trunc(rewriter.getI32Type(), v64);
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{bin});
      predicatedSharedAccess(rewriter, loc,
                             "red.shared.add.u" + std::to_string(binBits), pred,
                             ptr, one);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    // Read the bins in the result's layout.
    SmallVector<Value> out;
    for (auto &c : emitIndices(rewriter, loc, *dst)) {
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{c[0]});
      out.push_back(lb.load(binType, ptr));
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateHistogramOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HistogramOpConversion>(converter);
}
