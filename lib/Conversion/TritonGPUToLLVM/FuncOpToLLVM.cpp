//===- FuncOpToLLVM.cpp - functions and calls
//---------------------------------===//
//
// tt.func -> llvm.func (public functions are kernels: nvvm.kernel and
// nvvm.reqntid), tt.return -> llvm.return.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct FuncOpConversion : public ConvertOpToLLVMPattern<FuncOp> {
  FuncOpConversion(LLVMTypeConverter &converter, unsigned numWarps)
      : ConvertOpToLLVMPattern(converter), numWarps(numWarps) {}

  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (type.getNumResults() != 0)
      return rewriter.notifyMatchFailure(
          op, "functions with results are not lowered yet");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> argTypes;
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "argument type not lowered");
      signature.addInputs(i, converted);
      argTypes.push_back(converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(op.getContext()), argTypes);
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                         llvmType);
    if (op.isPublic()) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      func->setAttr(
          NVVM::NVVMDialect::getReqntidAttrName(),
          rewriter.getDenseI32ArrayAttr({int32_t(numWarps * kWarpSize), 1, 1}));
    } else {
      func.setLinkage(LLVM::Linkage::Internal);
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(),
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  unsigned numWarps;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getNumOperands())
      return rewriter.notifyMatchFailure(op,
                                         "returning values is not lowered yet");
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateFuncOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    unsigned numWarps) {
  patterns.add<FuncOpConversion>(converter, numWarps);
  patterns.add<ReturnOpConversion>(converter);
}
