//===- ReduceDataDuplication.cpp - tritongpu-reduce-data-duplication ------===//
//
// A dot operand layout holds each element in every thread that multiplies
// with it: many copies of each element, spread over warps. Converting a
// tensor into it is done by writing the tensor to shared memory once and
// having each thread read what it needs; this pass makes that explicit,
// turning such a ttg.convert_layout into ttg.local_alloc + ttg.local_load
// with a shared layout chosen for the operand (swizzled for tensor cores) so
// that later passes (pipelining, allocation, barriers) see the buffer.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// The CTA layout of a distributed encoding; null for multi-CTA layouts this
/// pass does not handle (a slice or operand of a layout split over CTAs).
CTALayoutAttr ctaLayoutOf(Attribute encoding) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(encoding))
    return b.getCTALayout();
  if (auto m = dyn_cast<NvidiaMmaEncodingAttr>(encoding))
    return m.getCTALayout();
  Attribute parent;
  if (auto s = dyn_cast<SliceEncodingAttr>(encoding))
    parent = s.getParent();
  else if (auto d = dyn_cast<DotOperandEncodingAttr>(encoding))
    parent = d.getParent();
  else if (isa<LinearEncodingAttr>(encoding))
    return CTALayoutAttr::getTrivial(encoding.getContext());
  if (!parent)
    return {};
  CTALayoutAttr p = ctaLayoutOf(parent);
  return p && p.isTrivial() ? p : CTALayoutAttr();
}

/// The dimensions of `type` fastest first, as its layout walks them.
SmallVector<unsigned> orderOf(RankedTensorType type) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(b.getOrder());
  SmallVector<unsigned> order;
  for (unsigned d = type.getRank(); d-- > 0;)
    order.push_back(d);
  return order;
}

class ReduceDataDuplicationPass
    : public mlir::triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplicationPass> {
public:
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](ConvertLayoutOp c) { converts.push_back(c); });
    for (ConvertLayoutOp c : converts)
      stage(c);
  }

private:
  void stage(ConvertLayoutOp c) {
    auto srcType = cast<RankedTensorType>(c.getSrc().getType());
    auto dstType = cast<RankedTensorType>(c.getType());
    auto operand = dyn_cast<DotOperandEncodingAttr>(dstType.getEncoding());
    if (!operand || !isDistributedEncoding(srcType.getEncoding()) ||
        !cvtNeedsSharedMemory(srcType, dstType))
      return;
    CTALayoutAttr cta = ctaLayoutOf(srcType.getEncoding());
    Type element = srcType.getElementType();
    if (!cta || !element.isIntOrFloat())
      return;
    auto shared = getSharedEncodingForDotOperand(
        operand, srcType.getShape(), orderOf(srcType), cta,
        element.getIntOrFloatBitWidth());
    auto bufferType =
        MemDescType::get(srcType.getShape(), element, shared,
                         SharedMemorySpaceAttr::get(c.getContext()));
    OpBuilder builder(c);
    auto buffer = LocalAllocOp::create(builder, c.getLoc(), bufferType,
                                       c.getSrc(), IntegerAttr());
    auto load = LocalLoadOp::create(builder, c.getLoc(), dstType,
                                    buffer.getResult(), Value());
    c.getResult().replaceAllUsesWith(load.getResult());
    c.erase();
    ++numStaged;
  }
};
} // namespace
