//===- OptimizeDotOperands.cpp - tritongpu-optimize-dot-operands ----------===//
//
// Dot operands reach shared memory through ttg.local_alloc. When the value
// stored is a tt.trans of another tensor (a dot with `tl.trans(b)`), the
// transposition is a property of how the buffer is read, not of the data:
// the pass stores the untransposed tensor, in the shared layout that makes
// the original buffer's layout its transpose, and views it through
// ttg.memdesc_trans:
//
//   %t = tt.trans %x {order = [1, 0]}          %a = ttg.local_alloc %x : #S'
//   %a = ttg.local_alloc %t : #S          =>   %t = ttg.memdesc_trans %a
//                                                   {order = [1, 0]} : #S
//
// The bytes in shared memory are the same; the store now walks the tensor
// in its own (load) layout. Conversions of a dot's result into the
// register operand of the next dot (attention's P) are kept in registers by
// tritongpu-accelerate-matmul and tritongpu-remove-layout-conversions.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Interfaces.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// local_alloc(trans(x)) -> memdesc_trans(local_alloc(x)).
struct FoldTransIntoLocalAlloc : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    Value src = alloc.getSrc();
    auto trans = src ? src.getDefiningOp<TransOp>() : TransOp();
    if (!trans)
      return rewriter.notifyMatchFailure(alloc, "not an alloc of a tt.trans");
    MemDescType type = alloc.getType();
    ArrayRef<int32_t> order = trans.getOrder();
    SmallVector<int32_t> inverse(order.size());
    for (auto [i, d] : llvm::enumerate(order))
      inverse[d] = i;
    // The source buffer's encoding: the alloc's, transposed back.
    auto *infer =
        cast<DialectInferLayoutInterface>(&type.getEncoding().getDialect());
    Attribute srcEncoding;
    if (failed(infer->inferTransOpEncoding(type.getEncoding(), type.getShape(),
                                           inverse, srcEncoding, std::nullopt)))
      return rewriter.notifyMatchFailure(alloc, "encoding not transposable");
    auto xType = cast<RankedTensorType>(trans.getSrc().getType());
    auto bufferType =
        MemDescType::get(xType.getShape(), xType.getElementType(), srcEncoding,
                         type.getMemorySpace(), type.getMutableMemory());
    auto buffer = LocalAllocOp::create(rewriter, alloc.getLoc(), bufferType,
                                       trans.getSrc());
    rewriter.replaceOpWithNewOp<MemDescTransOp>(
        alloc, type, buffer, rewriter.getDenseI32ArrayAttr(order));
    return success();
  }
};

class OptimizeDotOperandsPass
    : public mlir::triton::impl::TritonGPUOptimizeDotOperandsBase<
          OptimizeDotOperandsPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldTransIntoLocalAlloc>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
