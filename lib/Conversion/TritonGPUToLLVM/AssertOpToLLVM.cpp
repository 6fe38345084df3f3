//===- AssertOpToLLVM.cpp - tt.assert
//---------------------------------------===//
//
// tt.assert: a thread any of whose elements is false calls the CUDA
// runtime's `__assertfail` with the message, file, line and function (the
// kernel traps, the host sees the error).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct AssertOpConversion : public ConvertOpToLLVMPattern<AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    MLIRContext *ctx = rewriter.getContext();
    // All of the thread's elements hold.
    Value ok;
    if (isa<LLVM::LLVMStructType>(adaptor.getCondition().getType())) {
      for (Value v : unpack(rewriter, loc, adaptor.getCondition()))
        ok = ok ? lb.and_(ok, v).getResult() : v;
    } else {
      ok = adaptor.getCondition();
    }
    StringRef file = "unknown";
    unsigned line = 0;
    Location l = loc;
    while (true) {
      if (auto site = dyn_cast<CallSiteLoc>(l)) {
        l = site.getCallee();
        continue;
      }
      if (auto name = dyn_cast<NameLoc>(l)) {
        l = name.getChildLoc();
        continue;
      }
      break;
    }
    if (auto fileLoc = dyn_cast<FileLineColLoc>(l)) {
      file = fileLoc.getFilename();
      line = fileLoc.getLine();
    }
    std::string func = "unknown";
    if (auto f = op->getParentOfType<FunctionOpInterface>())
      func = f.getName().str();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto assertfail = declareFunction(
        rewriter, loc, op, "__assertfail",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                    {ptrType, ptrType, rewriter.getI32Type(),
                                     ptrType, rewriter.getI64Type()}));
    Block *before = op->getBlock();
    Block *after = rewriter.splitBlock(before, op->getIterator());
    Block *fail = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(fail);
    Value msg =
        globalString(rewriter, loc, op, "assertMessage", op.getMessage());
    Value fileName = globalString(rewriter, loc, op, "assertFile", file);
    Value funcName = globalString(rewriter, loc, op, "assertFunc", func);
    lb.call(assertfail, ValueRange{msg, fileName, lb.i32(line), funcName,
                                   lb.constant(rewriter.getI64Type(),
                                               rewriter.getI64IntegerAttr(1))});
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, ok, after, fail);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateAssertOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AssertOpConversion>(converter);
}
