//===- SharedMemoryOpToLLVM.cpp - ttg.local_alloc / load / store ----------===//
//
// A !ttg.memdesc is, per thread, the !llvm.ptr<3> of its buffer's first
// element. ttg.local_alloc places the buffer at the offset
// allocate-shared-memory assigned (and writes its initial value), and
// ttg.local_load / ttg.local_store move a distributed tensor in and out,
// with element offsets from the shared encoding's linear layout (its XOR
// swizzle included), vectorized where consecutive registers are
// consecutive in memory. Barriers between these accesses come from the
// membar analysis.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// Moves `tensorType` values between registers and the buffer `memType`.
struct SharedTransfer {
  LinearLayout distributed;
  SharedAccess access;
  Type elem;

  static FailureOr<SharedTransfer> get(const TypeConverter &converter,
                                       RankedTensorType tensorType,
                                       MemDescType memType) {
    std::optional<LinearLayout> layout = layoutOf(tensorType);
    std::optional<LinearLayout> offsets =
        sharedOffsetLayout(memType.getShape(), memType.getEncoding());
    Type elem = converter.convertType(tensorType.getElementType());
    if (!layout || !offsets || !elem || !sharedStorageType(elem) ||
        memType.getShape() != tensorType.getShape())
      return failure();
    unsigned bits = sharedStorageType(elem).getIntOrFloatBitWidth();
    SharedAccess access = planSharedAccess(
        *layout,
        [&](ArrayRef<int32_t> c) { return applyOffsetLayout(*offsets, c); },
        bits);
    return SharedTransfer{*layout, access, elem};
  }
};

struct LocalAllocOpConversion : public ConvertOpToLLVMPattern<LocalAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    Location loc = op.getLoc();
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    if (Value src = op.getSrc()) {
      auto transfer = SharedTransfer::get(*getTypeConverter(),
                                          cast<RankedTensorType>(src.getType()),
                                          op.getType());
      if (failed(transfer))
        return rewriter.notifyMatchFailure(op, "layouts not lowered");
      storeShared(rewriter, loc, transfer->distributed, transfer->access, base,
                  unpack(rewriter, loc, adaptor.getSrc()), transfer->elem);
    }
    rewriter.replaceOp(op, base);
    return success();
  }
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<LocalLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto transfer =
        SharedTransfer::get(*getTypeConverter(), type, op.getSrc().getType());
    Type structType = getTypeConverter()->convertType(type);
    if (failed(transfer) || !structType)
      return rewriter.notifyMatchFailure(op, "layouts not lowered");
    Location loc = op.getLoc();
    // ldmatrix (sm_75+) where the layout is made of its tiles (tensor-core
    // operands), else plain (vector) loads.
    std::optional<SmallVector<Value>> tiled;
    auto module = op->getParentOfType<ModuleOp>();
    if (TritonGPUDialect::getComputeCapability(module) >= 75)
      tiled = loadSharedWithLdmatrix(rewriter, loc, transfer->distributed,
                                     transfer->access, adaptor.getSrc(),
                                     transfer->elem);
    SmallVector<Value> values =
        tiled ? std::move(*tiled)
              : loadShared(rewriter, loc, transfer->distributed,
                           transfer->access, adaptor.getSrc(), transfer->elem);
    rewriter.replaceOp(op, pack(rewriter, loc, structType, values));
    return success();
  }
};

struct LocalStoreOpConversion : public ConvertOpToLLVMPattern<LocalStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto transfer = SharedTransfer::get(
        *getTypeConverter(), cast<RankedTensorType>(op.getSrc().getType()),
        op.getDst().getType());
    if (failed(transfer))
      return rewriter.notifyMatchFailure(op, "layouts not lowered");
    Location loc = op.getLoc();
    storeShared(rewriter, loc, transfer->distributed, transfer->access,
                adaptor.getDst(), unpack(rewriter, loc, adaptor.getSrc()),
                transfer->elem);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A transposed view of a buffer: the same address (offsets come from the
/// view's own encoding).
struct MemDescTransOpConversion
    : public ConvertOpToLLVMPattern<MemDescTransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// The buffer's lifetime ended at allocation time; nothing to emit.
struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateSharedMemoryOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpConversion, LocalLoadOpConversion, MemDescTransOpConversion,
               LocalStoreOpConversion, LocalDeallocOpConversion>(converter);
}
