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
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
class ReduceDataDuplicationPass
    : public mlir::triton::impl::TritonGPUReduceDataDuplicationBase<
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
    OpBuilder builder(c);
    if (!stageDotOperand(builder, c))
      return;
    ++numStaged;
  }
};
} // namespace
