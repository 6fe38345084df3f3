//===- MemoryOpToLLVM.cpp - shared memory: ttg.local_* and async copies ---===//
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

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// Where a view made of `ttg.memdesc_subslice`s starts within the tile its
/// pointer addresses (subslices keep their source's pointer): the tile, and
/// the view's origin in it. Each offset must be a multiple of the view's
/// extent along its dimension, so that origin + coordinate = origin XOR
/// coordinate (the shared layout is linear over GF(2)). Failure otherwise.
struct ViewOrigin {
  MemDescType tile;
  SmallVector<int32_t> origin;

  static FailureOr<ViewOrigin> get(Value memdesc) {
    auto view = cast<MemDescType>(memdesc.getType());
    SmallVector<int32_t> origin(view.getRank(), 0);
    while (auto sub = memdesc.getDefiningOp<MemDescSubsliceOp>()) {
      for (auto [d, o] : llvm::enumerate(sub.getOffsets()))
        origin[d] += o;
      memdesc = sub.getSrc();
    }
    for (auto [o, extent] : llvm::zip(origin, view.getShape()))
      if (o % extent != 0)
        return failure();
    return ViewOrigin{cast<MemDescType>(memdesc.getType()), origin};
  }
};

/// Moves `tensorType` values between registers and the buffer `memdesc`
/// views.
struct SharedTransfer {
  LinearLayout distributed;
  SharedAccess access;
  Type elem;

  static FailureOr<SharedTransfer> get(const TypeConverter &converter,
                                       RankedTensorType tensorType,
                                       Value memdesc) {
    auto memType = cast<MemDescType>(memdesc.getType());
    FailureOr<ViewOrigin> view = ViewOrigin::get(memdesc);
    if (failed(view))
      return failure();
    std::optional<LinearLayout> layout = layoutOf(tensorType);
    std::optional<LinearLayout> offsets =
        sharedOffsetLayout(view->tile.getShape(), view->tile.getEncoding());
    Type elem = converter.convertType(tensorType.getElementType());
    if (!layout || !offsets || !elem || !sharedStorageType(elem) ||
        memType.getShape() != tensorType.getShape())
      return failure();
    unsigned bits = sharedStorageType(elem).getIntOrFloatBitWidth();
    SharedAccess access = planSharedAccess(
        *layout,
        [&](ArrayRef<int32_t> c) { return applyOffsetLayout(*offsets, c); },
        bits);
    access.origin = applyOffsetLayout(*offsets, view->origin);
    // Vectors start where the origin's offset keeps them aligned.
    while (access.vec > 1 && access.origin % access.vec != 0)
      access.vec /= 2;
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
                                          op.getResult());
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
    auto transfer = SharedTransfer::get(*getTypeConverter(), type, op.getSrc());
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
        op.getDst());
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

/// A sub-block at static offsets: the same pointer. ttg.local_load and
/// ttg.local_store of the view apply its origin to their offsets (the
/// origin need not be an addition in a swizzled layout); other users would
/// read the pointer as the view's start, so they are not lowered.
struct MemDescSubsliceOpConversion
    : public ConvertOpToLLVMPattern<MemDescSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Operation *> users(op->getUsers().begin(),
                                   op->getUsers().end());
    for (Operation *user : users)
      if (!isa<LocalLoadOp, LocalStoreOp, MemDescSubsliceOp>(user))
        return rewriter.notifyMatchFailure(
            op, "a subslice is lowered only for local_load, local_store and "
                "other subslices");
    if (failed(ViewOrigin::get(op.getResult())))
      return rewriter.notifyMatchFailure(
          op, "subslice offsets must be multiples of the slice's extent");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// Slot `index` of a multi-buffered allocation: the base advanced by that
/// many slots (slots are the trailing dimensions, laid out one after the
/// other).
struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType type = op.getType();
    Type elem = sharedStorageType(
        getTypeConverter()->convertType(type.getElementType()));
    if (!elem)
      return rewriter.notifyMatchFailure(op, "element type not lowered");
    int64_t slot = 1;
    for (int64_t d : type.getShape())
      slot *= d;
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Value offset = lb.mul(adaptor.getIndex(), lb.i32(int32_t(slot)));
    rewriter.replaceOp(op, lb.gep(adaptor.getSrc().getType(), elem,
                                  adaptor.getSrc(), ValueRange{offset}));
    return success();
  }
};

/// cp.async of each thread's elements into their shared-memory offsets:
/// vectors of 4, 8 or 16 bytes (16 through L2 only, .cg), as wide as the
/// op's `contiguity` (global memory), the layout (consecutive registers) and
/// the shared layout allow; a masked-off vector copies 0 bytes and fills
/// its destination with zeros.
struct AsyncCopyOpConversion
    : public ConvertOpToLLVMPattern<AsyncCopyGlobalToLocalOp> {
  AsyncCopyOpConversion(LLVMTypeConverter &c,
                        const ModuleAxisInfoAnalysis &axis,
                        const AffinePointers &affine)
      : ConvertOpToLLVMPattern(c), axis(axis), affine(affine) {}
  LogicalResult
  matchAndRewrite(AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto ptrType = cast<RankedTensorType>(op.getSrc().getType());
    MemDescType memType = op.getResult().getType();
    auto valueType = RankedTensorType::get(
        ptrType.getShape(), memType.getElementType(), ptrType.getEncoding());
    auto transfer =
        SharedTransfer::get(*getTypeConverter(), valueType, op.getResult());
    if (failed(transfer))
      return rewriter.notifyMatchFailure(op, "layouts not lowered");
    if (op.getOther() && !matchPattern(op.getOther(), m_Zero()) &&
        !matchPattern(op.getOther(), m_AnyZeroFloat()))
      return rewriter.notifyMatchFailure(op, "cp.async fills with zeros only");
    unsigned bytes = memType.getElementTypeBitWidth() / 8;
    unsigned dim = ptrType.getRank() - 1;
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(ptrType.getEncoding()))
      dim = blocked.getOrder()[0];
    unsigned vec = std::min<unsigned>(
        transfer->access.vec,
        transfer->distributed.getNumConsecutiveInOut(
            layout_dims::kRegister, layout_dims::outDimName(dim)));
    vec = std::min<unsigned>(vec, op.getContiguity());
    vec = std::min<unsigned>(vec, 16 / std::max(1u, bytes));
    vec = llvm::bit_floor(std::max(1u, vec));
    unsigned size = vec * bytes;
    if (size < 4)
      return op.emitOpError("cannot be lowered: cp.async copies 4, 8 or 16 "
                            "bytes, and only ")
             << size << " contiguous bytes per thread are known";
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    SmallVector<Value> ptrs = unpack(rewriter, loc, adaptor.getSrc());
    if (std::optional<SmallVector<int32_t>> offsets = affinePointerOffsets(
            op, affine, transfer->distributed, ptrs.size()))
      shareAffinePointers(rewriter, loc, *offsets, ptrs);
    SmallVector<Value> masks;
    if (op.getMask()) {
      masks = unpack(rewriter, loc, adaptor.getMask());
      shareEqualMasks(axis, op.getMask(), transfer->distributed, masks);
    }
    Value thread = threadOffset(rewriter, loc, transfer->access);
    uint64_t threadBits =
        threadOffsetBits(transfer->access.lane, transfer->access.warp);
    Type elem = transfer->elem;
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        rewriter.getContext(), size == 16 ? NVVM::LoadCacheModifierKind::CG
                                          : NVVM::LoadCacheModifierKind::CA);
    for (size_t r = 0; r < ptrs.size(); r += vec) {
      Value dst =
          sharedElementPtr(rewriter, loc, adaptor.getResult(), elem, thread,
                           threadBits, registerOffset(transfer->access, r));
      Value srcSize;
      if (!masks.empty())
        srcSize = lb.select(masks[r], lb.i32(size), lb.i32(0));
      NVVM::CpAsyncOp::create(rewriter, loc, dst, ptrs[r],
                              rewriter.getI32IntegerAttr(size), modifier,
                              srcSize);
    }
    rewriter.replaceOp(op, lb.i32(0));
    return success();
  }

  const ModuleAxisInfoAnalysis &axis;
  const AffinePointers &affine;
};

/// Closes the group of copies issued so far (tokens are placeholders).
struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, i32Const(rewriter, op.getLoc(), 0));
    return success();
  }
};

/// Waits until at most `num` groups are in flight (this thread's copies;
/// the barrier membar places before the readers covers the others').
struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(),
                                     rewriter.getI32IntegerAttr(op.getNum()));
    rewriter.replaceOp(op, i32Const(rewriter, op.getLoc(), 0));
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

void mlir::triton::gpu::lowering::populateMemoryOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ModuleAxisInfoAnalysis &axis, const AffinePointers &affine) {
  patterns.add<AsyncCopyOpConversion>(converter, axis, affine);
  patterns.add<LocalAllocOpConversion, LocalLoadOpConversion,
               MemDescTransOpConversion, MemDescIndexOpConversion,
               MemDescSubsliceOpConversion, AsyncCommitGroupOpConversion,
               AsyncWaitOpConversion, LocalStoreOpConversion,
               LocalDeallocOpConversion>(converter);
}
