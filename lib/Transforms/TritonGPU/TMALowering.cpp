//===- TMALowering.cpp - triton-nvidia-tma-lowering -----------------------===//
//
// Tensor-descriptor loads and stores the pipeliner left become TMA copies
// through a shared buffer (Passes.td has the IR). The buffer is laid out as
// TMA writes it (TMA.h: getTMAEncoding); the load's value is read from it
// into the load's own layout, and a store's value written to it.
//
// Stores inside a loop (a persistent kernel's epilogue) keep their copies in
// flight: one buffer per block type, made before the loop, and a store
// waits for the previous copies to have read it just before writing it
// again, so a tile's store overlaps the next tile's main loop; the loop is
// followed by a wait for all of them. Where the buffers do not fit beside
// what the loop keeps in shared memory, the stores go in parts along the
// block's last dimension (subtiles, split in registers) through a buffer of
// one part; where even that does not fit, each store waits at once.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Dialect/Triton/IR/Interfaces.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONNVIDIATMALOWERING
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
/// A buffer for a TMA copy of `desc`'s block, holding `element`s (the
/// value's element type: a `ui32` block loads as `i32`).
FailureOr<MemDescType> tmaBufferType(Operation *op, TensorDescType desc,
                                     Type element, bool mutableMemory) {
  RankedTensorType block = desc.getBlockType();
  std::string why;
  if (!ttng::isTMACompatible(block, &why))
    return op->emitError("TMA cannot move this descriptor's blocks: ") << why,
           failure();
  return MemDescType::get(
      block.getShape(), element, ttng::getTMAEncoding(block),
      SharedMemorySpaceAttr::get(op->getContext()), mutableMemory);
}

struct DescriptorLoadToTMA : public OpRewritePattern<DescriptorLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DescriptorLoadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<MemDescType> bufType =
        tmaBufferType(op, op.getDesc().getType(),
                      cast<RankedTensorType>(op.getType()).getElementType(),
                      /*mutableMemory=*/true);
    if (failed(bufType))
      return failure();
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    FailureOr<ttng::TMAPlan> plan = ttng::planTMACopies(
        bufType->getShape(), bufType->getElementType(), bufType->getEncoding());
    if (failed(plan))
      return op.emitError("no TMA copy writes this block's layout"), failure();
    auto buf =
        LocalAllocOp::create(rewriter, loc, *bufType, Value(), IntegerAttr());
    auto barrierEncoding = SwizzledSharedEncodingAttr::get(
        ctx, 1, 1, 1, {0}, CTALayoutAttr::getTrivial(ctx));
    auto barrierType =
        MemDescType::get({1}, rewriter.getI64Type(), barrierEncoding,
                         SharedMemorySpaceAttr::get(ctx), true);
    auto barrier = LocalAllocOp::create(rewriter, loc, barrierType, Value(),
                                        IntegerAttr());
    ttng::InitBarrierOp::create(rewriter, loc, barrier, 1);
    Value always = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    ttng::BarrierExpectOp::create(rewriter, loc, barrier, plan->bytes, always);
    ttng::AsyncTMACopyGlobalToLocalOp::create(
        rewriter, loc, op.getDesc(), op.getIndices(), barrier, buf, always,
        op.getCache(), op.getEvict(), /*isVolatile=*/false);
    Value phase = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    ttng::WaitBarrierOp::create(rewriter, loc, barrier, phase, Value(),
                                ValueRange());
    ttng::InvalBarrierOp::create(rewriter, loc, barrier);
    auto value = LocalLoadOp::create(rewriter, loc, op.getType(), buf, Value());
    LocalDeallocOp::create(rewriter, loc, barrier);
    LocalDeallocOp::create(rewriter, loc, buf);
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// What a descriptor store writes, from before a layout conversion right
/// before it: any distributed layout writes the buffer (a matmul's
/// accumulator converted for the store needs no conversion).
Value storedValue(DescriptorStoreOp store) {
  Value src = store.getSrc();
  if (auto cvt = src.getDefiningOp<ConvertLayoutOp>())
    return cvt.getSrc();
  return src;
}

struct DescriptorStoreToTMA : public OpRewritePattern<DescriptorStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DescriptorStoreOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<MemDescType> bufType = tmaBufferType(
        op, op.getDesc().getType(),
        cast<RankedTensorType>(op.getSrc().getType()).getElementType(),
        /*mutableMemory=*/false);
    if (failed(bufType))
      return failure();
    Location loc = op.getLoc();
    auto buf = LocalAllocOp::create(rewriter, loc, *bufType, storedValue(op),
                                    IntegerAttr());
    // Each thread's writes made visible to TMA (the async proxy); the
    // barrier before the copy (membar) waits for every thread's.
    ttng::FenceAsyncSharedOp::create(rewriter, loc, /*bCluster=*/false);
    ttng::AsyncTMACopyLocalToGlobalOp::create(rewriter, loc, op.getDesc(),
                                              op.getIndices(), buf);
    // The buffer is free once the copy has read it.
    ttng::TMAStoreWaitOp::create(rewriter, loc, 0);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A descriptor made in the kernel: a tensor map in the program's global
/// scratch, written on the device, acquired by the TMA proxy.
struct MakeTensorDescToTMA : public OpRewritePattern<MakeTensorDescOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MakeTensorDescOp op,
                                PatternRewriter &rewriter) const override {
    auto descType = cast<TensorDescType>(op.getType());
    RankedTensorType block = descType.getBlockType();
    std::string why;
    if (!ttng::isTMACompatible(block, &why))
      return op.emitError("TMA cannot move this descriptor's blocks: ") << why,
             failure();
    NVMMASharedEncodingAttr encoding = ttng::getTMAEncoding(block);
    FailureOr<ttng::TMAPlan> plan =
        ttng::planTMACopies(block.getShape(), block.getElementType(), encoding);
    std::optional<int> elemType =
        ttng::getTMAElementType(block.getElementType());
    if (failed(plan) || !elemType)
      return op.emitError("no TMA copy writes this block's layout"), failure();
    Location loc = op.getLoc();
    unsigned rank = block.getRank();
    int64_t elemBytes = block.getElementTypeBitWidth() / 8;
    auto i32 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, v, 32);
    };
    // Dimensions innermost first; strides in bytes, the innermost (1) left
    // out.
    SmallVector<Value> boxDims, globalDims, globalStrides, elementStrides;
    for (unsigned i = 0; i < rank; ++i) {
      unsigned d = rank - 1 - i;
      boxDims.push_back(i32(plan->boxShape[d]));
      globalDims.push_back(op.getShape()[d]);
      elementStrides.push_back(i32(1));
      if (i + 1 < rank)
        globalStrides.push_back(arith::MulIOp::create(
            rewriter, loc, op.getStrides()[rank - 2 - i],
            arith::ConstantIntOp::create(rewriter, loc, elemBytes, 64)));
    }
    auto i8Ptr = PointerType::get(rewriter.getI8Type(), 1);
    Value map = GlobalScratchAllocOp::create(rewriter, loc, i8Ptr, 128, 128);
    ttng::TensormapCreateOp::create(
        rewriter, loc, map, op.getBase(), boxDims, globalDims, globalStrides,
        elementStrides, *elemType, /*interleave_layout=*/0,
        ttng::getTMASwizzleMode(encoding.getSwizzlingByteWidth()),
        op.getPadding() == PaddingOption::PAD_NAN ? 1 : 0);
    ttng::TensormapFenceproxyAcquireOp::create(rewriter, loc, map);
    rewriter.replaceOpWithNewOp<ttng::ReinterpretTensorDescOp>(op, descType,
                                                               map);
    return success();
  }
};

/// Shared memory the loop may keep while it runs, before its stores get
/// buffers: allocations made outside it that it uses (through views), every
/// allocation made inside it (an inner loop's ring; counted as if all were
/// live at once) and the buffers of the descriptor loads inside it that
/// this pass lowers, and the largest scratch of an op inside it.
uint64_t sharedMemoryAcross(scf::ForOp loop) {
  uint64_t live = 0, scratch = 0;
  auto func = loop->getParentOfType<FunctionOpInterface>();
  func.walk([&](LocalAllocOp alloc) {
    if (loop->isAncestor(alloc)) {
      live += getAllocationSizeInBytes(alloc);
      return;
    }
    SmallVector<Value> values{alloc.getResult()};
    bool used = false;
    while (!values.empty() && !used) {
      Value v = values.pop_back_val();
      for (Operation *user : v.getUsers()) {
        used |= loop->isAncestor(user);
        for (Value r : user->getResults())
          if (isa<MemDescType>(r.getType()))
            values.push_back(r);
      }
    }
    if (used)
      live += getAllocationSizeInBytes(alloc);
  });
  loop.walk([&](Operation *op) {
    scratch = std::max(scratch, getScratchSizeInBytes(op));
    // A descriptor load this pass turns into a copy through a buffer.
    if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
      RankedTensorType block = load.getDesc().getType().getBlockType();
      live += block.getNumElements() * block.getElementTypeBitWidth() / 8;
    }
  });
  return live + scratch;
}

/// The types of halving a tensor along its last dimension in registers:
/// reshape to [..., 2, N/2], swap the last two dimensions, split. nullopt
/// when the layouts do not follow.
struct Halving {
  RankedTensorType halves, swapped, half;
  SmallVector<int32_t> order;
};
std::optional<Halving> inferHalving(RankedTensorType type) {
  SmallVector<int64_t> shape(type.getShape());
  int64_t rank = shape.size();
  if (rank == 0 || shape.back() < 2)
    return std::nullopt;
  Halving h;
  SmallVector<int64_t> halves(shape.begin(), shape.end() - 1);
  halves.append({2, shape.back() / 2});
  for (int32_t d = 0; d < rank - 1; ++d)
    h.order.push_back(d);
  h.order.append({int32_t(rank), int32_t(rank - 1)});
  SmallVector<int64_t> swapped(halves.begin(), halves.end() - 2);
  swapped.append({shape.back() / 2, 2});
  SmallVector<int64_t> half(shape);
  half.back() /= 2;
  Attribute halvesEnc, swappedEnc, halfEnc;
  LogicalResult ok = withLayoutInterface(
      type.getEncoding(), std::nullopt,
      [&](const DialectInferLayoutInterface &i) {
        if (failed(i.inferReshapeOpEncoding(shape, type.getEncoding(), halves,
                                            halvesEnc, std::nullopt)) ||
            failed(i.inferTransOpEncoding(halvesEnc, halves, h.order,
                                          swappedEnc, std::nullopt)))
          return failure();
        return i.inferSplitOpEncoding(swappedEnc, halfEnc, swapped,
                                      std::nullopt);
      });
  if (failed(ok))
    return std::nullopt;
  Type elem = type.getElementType();
  h.halves = RankedTensorType::get(halves, elem, halvesEnc);
  h.swapped = RankedTensorType::get(swapped, elem, swappedEnc);
  h.half = RankedTensorType::get(half, elem, halfEnc);
  return h;
}

/// The two halves of `v` along its last dimension (inferHalving must
/// succeed for its type).
std::pair<Value, Value> splitLastDimension(OpBuilder &b, Location loc,
                                           Value v) {
  Halving h = *inferHalving(cast<RankedTensorType>(v.getType()));
  Value r = ReshapeOp::create(b, loc, h.halves, v, /*allowReorder=*/false);
  Value t = TransOp::create(b, loc, h.swapped, r, h.order);
  auto split = SplitOp::create(b, loc, h.half, h.half, t);
  return {split->getResult(0), split->getResult(1)};
}

/// Whether `splitInParts` cuts a tensor of `type` in `parts` in registers:
/// the layouts of every halving follow (tt.split's own rule keeps each
/// halving bit a register bit no other basis touches).
bool splitsInRegisters(RankedTensorType type, int64_t parts) {
  for (; parts > 1; parts /= 2) {
    std::optional<Halving> h = inferHalving(type);
    if (!h)
      return false;
    type = h->half;
  }
  return true;
}

/// `v` in `parts` (a power of two) pieces along its last dimension, in
/// order.
SmallVector<Value> splitInParts(OpBuilder &b, Location loc, Value v,
                                int64_t parts) {
  if (parts == 1)
    return {v};
  auto [lo, hi] = splitLastDimension(b, loc, v);
  SmallVector<Value> out = splitInParts(b, loc, lo, parts / 2);
  out.append(splitInParts(b, loc, hi, parts / 2));
  return out;
}

/// The descriptor stores whose closest loop is `loop` become copies whose
/// buffers are made before it and waited for before their next write and
/// after the loop, if those buffers fit (the file's comment).
void keepLoopStoresInFlight(scf::ForOp loop, ArrayRef<DescriptorStoreOp> stores,
                            uint64_t limit) {
  // One buffer per block type: a store waits for every copy before it
  // writes, so stores of one type may share it. Where the buffers do not
  // fit, each store goes in parts along the block's last dimension (at
  // least a TMA box wide), one after another through a buffer of a part.
  SmallVector<MemDescType> types;
  llvm::MapVector<Type, Value> buffers;
  uint64_t bytes = 0;
  int64_t maxParts = std::numeric_limits<int64_t>::max();
  for (DescriptorStoreOp store : stores) {
    FailureOr<MemDescType> type = tmaBufferType(
        store, store.getDesc().getType(),
        cast<RankedTensorType>(store.getSrc().getType()).getElementType(),
        /*mutableMemory=*/true);
    if (failed(type))
      return; // the pattern reports it
    FailureOr<ttng::TMAPlan> plan = ttng::planTMACopies(
        type->getShape(), type->getElementType(), type->getEncoding());
    if (failed(plan))
      return;
    maxParts =
        std::min(maxParts, type->getShape().back() / plan->boxShape.back());
    types.push_back(*type);
    if (!buffers.count(*type)) {
      buffers[*type] = Value();
      bytes += type->getNumElements() * type->getElementTypeBitWidth() / 8;
    }
  }
  uint64_t live = sharedMemoryAcross(loop);
  int64_t parts = 1;
  while (live + bytes / parts > limit && parts * 2 <= maxParts)
    parts *= 2;
  if (live + bytes / parts > limit)
    return;
  for (DescriptorStoreOp store : stores)
    if (!splitsInRegisters(cast<RankedTensorType>(storedValue(store).getType()),
                           parts))
      return;
  auto partType = [&](MemDescType type) {
    SmallVector<int64_t> shape(type.getShape());
    shape.back() /= parts;
    return MemDescType::get(shape, type.getElementType(), type.getEncoding(),
                            type.getMemorySpace(), /*mutableMemory=*/true);
  };
  OpBuilder b(loop);
  for (auto &[type, buf] : buffers)
    buf = LocalAllocOp::create(b, loop.getLoc(),
                               partType(cast<MemDescType>(type)), Value(),
                               IntegerAttr());
  for (auto [i, constStore] : llvm::enumerate(stores)) {
    DescriptorStoreOp store = constStore;
    b.setInsertionPoint(store);
    Location loc = store.getLoc();
    Value buf = buffers[types[i]];
    int64_t width = types[i].getShape().back() / parts;
    for (auto [k, piece] :
         llvm::enumerate(splitInParts(b, loc, storedValue(store), parts))) {
      SmallVector<Value> coords(store.getIndices());
      if (k > 0)
        coords.back() = arith::AddIOp::create(
            b, loc, coords.back(),
            arith::ConstantIntOp::create(b, loc, k * width, 32));
      // The previous copies out of the buffer have read it.
      ttng::TMAStoreWaitOp::create(b, loc, 0);
      LocalStoreOp::create(b, loc, piece, buf);
      ttng::FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
      ttng::AsyncTMACopyLocalToGlobalOp::create(b, loc, store.getDesc(), coords,
                                                buf);
    }
    store.erase();
  }
  b.setInsertionPointAfter(loop);
  ttng::TMAStoreWaitOp::create(b, loop.getLoc(), 0);
}

class TMALoweringPass
    : public mlir::triton::impl::TritonNvidiaTMALoweringBase<TMALoweringPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    uint64_t limit =
        getSharedMemoryLimit(TritonGPUDialect::getComputeCapability(module));
    llvm::MapVector<Operation *, SmallVector<DescriptorStoreOp>> loopStores;
    module.walk([&](DescriptorStoreOp store) {
      if (auto loop = store->getParentOfType<scf::ForOp>())
        loopStores[loop].push_back(store);
    });
    for (auto &[loop, stores] : loopStores)
      keepLoopStoresInFlight(cast<scf::ForOp>(loop), stores, limit);

    RewritePatternSet patterns(&getContext());
    patterns
        .add<DescriptorLoadToTMA, DescriptorStoreToTMA, MakeTensorDescToTMA>(
            &getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    bool left = false;
    getOperation().walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, MakeTensorDescOp>(op))
        left = true;
    });
    if (left)
      signalPassFailure();
  }
};
} // namespace
