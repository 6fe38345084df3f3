//===- Allocation.cpp - Shared-memory buffer sizes ------------------------===//

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Analysis/GatherLowering.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Tools/SharedExchange.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
uint64_t elementBytes(Type type) {
  if (isa<PointerType>(type))
    return 8;
  if (type.isIntOrFloat())
    return std::max<uint64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 8;
}

uint64_t tensorBytes(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return elementBytes(type);
  return tensor.getNumElements() * elementBytes(tensor.getElementType());
}

/// How many warps (times CTAs) hold different parts of `type` along `axis`.
uint64_t warpsAlong(RankedTensorType type, unsigned axis) {
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return 1;
  uint64_t count = 1;
  for (const char *dim : {layout_dims::kWarp, layout_dims::kBlock}) {
    if (!layout->hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(dim); ++bit)
      if (layout->getBasis(dim, bit)[axis] != 0)
        count *= 2;
  }
  return count;
}
} // namespace

ScratchRegions mlir::triton::getReduceScanScratch(Operation *op) {
  ScratchRegions regions;
  auto reduce = dyn_cast<ReduceOp>(op);
  auto scan = dyn_cast<ScanOp>(op);
  if (!reduce && !scan)
    return regions;
  unsigned axis = reduce ? reduce.getAxis() : scan.getAxis();
  ValueRange srcs = reduce ? reduce.getSrcs() : scan.getSrcs();
  for (Value operand : srcs) {
    auto type = cast<RankedTensorType>(operand.getType());
    uint64_t warps = warpsAlong(type, axis);
    if (warps <= 1)
      return ScratchRegions();
    // Each operand's region starts at a multiple of its element size: an
    // i32 region after an i8 one (argmin/argmax over i8 values) would
    // otherwise be read at a misaligned address.
    uint64_t size = elementBytes(type.getElementType());
    regions.bytes = llvm::alignTo(regions.bytes, std::max<uint64_t>(size, 1));
    regions.offsets.push_back(regions.bytes);
    uint64_t values =
        reduce ? warps * (type.getNumElements() / type.getShape()[axis])
               : type.getNumElements();
    regions.bytes += values * size;
  }
  return regions;
}

unsigned mlir::triton::getConvertLayoutRounds(Operation *op) {
  auto cvt = dyn_cast<ConvertLayoutOp>(op);
  if (!cvt)
    return 1;
  auto src = cast<RankedTensorType>(cvt.getSrc().getType());
  auto dst = cast<RankedTensorType>(cvt.getType());
  if (!cvtMovesDataAcrossThreads(src, dst))
    return 1;
  std::optional<LinearLayout> srcLayout =
      toLinearLayout(src.getShape(), src.getEncoding());
  std::optional<LinearLayout> dstLayout =
      toLinearLayout(dst.getShape(), dst.getEncoding());
  if (!srcLayout || !dstLayout)
    return 1;
  return gpu::findExchangeRounds(*srcLayout, *dstLayout).count();
}

uint64_t mlir::triton::getScratchSizeInBytes(Operation *op) {
  // A tensor map is assembled in shared memory, then copied out.
  if (isa<nvidia_gpu::TensormapCreateOp>(op))
    return 128;
  // The default warps hand each explicit capture to the partitions' warps
  // through shared memory, one 8-byte slot each.
  if (auto ws = dyn_cast<WarpSpecializeOp>(op))
    return 8 * ws.getExplicitCaptures().size();
  if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
    auto src = cast<RankedTensorType>(cvt.getSrc().getType());
    auto dst = cast<RankedTensorType>(cvt.getType());
    // Data crossing lanes goes through shared memory too (no shuffle path),
    // in rounds where allocate-shared-memory asked for them.
    if (!cvtMovesDataAcrossThreads(src, dst))
      return 0;
    return tensorBytes(src) / (op->hasAttr(kExchangeInRoundsAttr)
                                   ? getConvertLayoutRounds(op)
                                   : 1);
  }
  if (isa<ReduceOp, ScanOp>(op))
    return getReduceScanScratch(op).bytes;
  if (auto gather = dyn_cast<GatherOp>(op)) {
    // Through shared memory unless each warp holds what it gathers.
    if (warpLocalGatherMap(gather))
      return 0;
    return tensorBytes(cast<RankedTensorType>(gather.getSrc().getType()));
  }
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return tensorBytes(histogram.getType());
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    Value result = op->getResult(0);
    if (result.use_empty())
      return 0;
    auto tensor = dyn_cast<RankedTensorType>(result.getType());
    if (!tensor)
      return elementBytes(result.getType());
    // A layout holding elements twice: only one copy acts, the old values
    // go to every holder through shared memory.
    std::optional<LinearLayout> layout =
        toLinearLayout(tensor.getShape(), tensor.getEncoding());
    bool replicated = false;
    if (layout)
      for (const char *dim :
           {layout_dims::kRegister, layout_dims::kLane, layout_dims::kWarp})
        if (layout->hasInDim(dim))
          for (int32_t bit = 0; bit < layout->getInDimSizeLog2(dim); ++bit)
            if (llvm::all_of(layout->getBasis(dim, bit),
                             [](int32_t v) { return v == 0; }))
              replicated = true;
    return replicated ? tensorBytes(tensor) : 0;
  }
  return 0;
}

uint64_t mlir::triton::getAllocationSizeInBytes(Operation *localAlloc) {
  auto type = cast<MemDescType>(localAlloc->getResult(0).getType());
  uint64_t elements = 1;
  for (int64_t d : type.getAllocShape())
    elements *= d;
  return elements * elementBytes(type.getElementType());
}

uint64_t mlir::triton::getAllocationAlignment(Operation *localAlloc) {
  auto type = cast<MemDescType>(localAlloc->getResult(0).getType());
  if (auto shared = dyn_cast<SharedEncodingTrait>(type.getEncoding()))
    return shared.getAlignment();
  return 16;
}

SmallVector<Value> mlir::triton::sharedBuffersReadDirectly(Operation *op) {
  SmallVector<Value> buffers;
  auto dot = dyn_cast<DotOp>(op);
  if (!dot || isa<NvidiaMmaEncodingAttr>(
                  cast<RankedTensorType>(dot.getType()).getEncoding()))
    return buffers;
  for (Value operand : {dot.getA(), dot.getB()})
    if (auto load = operand.getDefiningOp<LocalLoadOp>())
      buffers.push_back(load.getSrc());
  return buffers;
}
