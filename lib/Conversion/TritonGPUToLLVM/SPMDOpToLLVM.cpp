//===- SPMDOpToLLVM.cpp - program ids and counts
//----------------------------===//
//
// tt.get_program_id and tt.get_num_programs: the block's index in the grid
// (%ctaid) and the grid's extent (%nctaid) along the axis, as i32.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
template <typename SourceOp, bool IsCount>
struct ProgramIdConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxisAsInt()) {
    case 0:
      v = IsCount ? NVVM::GridDimXOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdXOp::create(rewriter, loc, i32).getResult();
      break;
    case 1:
      v = IsCount ? NVVM::GridDimYOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdYOp::create(rewriter, loc, i32).getResult();
      break;
    default:
      v = IsCount ? NVVM::GridDimZOp::create(rewriter, loc, i32).getResult()
                  : NVVM::BlockIdZOp::create(rewriter, loc, i32).getResult();
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateSPMDOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ProgramIdConversion<GetProgramIdOp, false>,
               ProgramIdConversion<GetNumProgramsOp, true>>(converter);
}
