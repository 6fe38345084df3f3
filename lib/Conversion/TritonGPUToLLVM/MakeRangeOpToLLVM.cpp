//===- MakeRangeOpToLLVM.cpp - tt.make_range
//--------------------------------===//
//
// tt.make_range: each register holds start plus its coordinate in the
// result's layout (emitIndices).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<MakeRangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> layout = layoutOf(type);
    Type structType = getTypeConverter()->convertType(type);
    if (!layout || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    SmallVector<Value> values;
    for (auto &coords : emitIndices(rewriter, loc, *layout))
      values.push_back(lb.add(coords[0], lb.i32(op.getStart())));
    rewriter.replaceOp(op, pack(rewriter, loc, structType, values));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateMakeRangeOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MakeRangeOpConversion>(converter);
}
