//===- TMALowering.cpp - triton-nvidia-tma-lowering -----------------------===//
//
// Tensor-descriptor loads and stores the pipeliner left become TMA copies
// through a shared buffer (Passes.td has the IR). The buffer is laid out as
// TMA writes it (TMA.h: getTMAEncoding); the load's value is read from it
// into the load's own layout, and a store's value written to it.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    // Any distributed layout writes the buffer: a layout conversion right
    // before (a matmul's accumulator converted for the store) is skipped.
    Value src = op.getSrc();
    if (auto cvt = src.getDefiningOp<ConvertLayoutOp>())
      src = cvt.getSrc();
    auto buf =
        LocalAllocOp::create(rewriter, loc, *bufType, src, IntegerAttr());
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

class TMALoweringPass
    : public mlir::triton::impl::TritonNvidiaTMALoweringBase<TMALoweringPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DescriptorLoadToTMA, DescriptorStoreToTMA>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    bool left = false;
    getOperation().walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp>(op))
        left = true;
    });
    if (left)
      signalPassFailure();
  }
};
} // namespace
