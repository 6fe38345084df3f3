//===- PrintOpToLLVM.cpp - tt.print
//-----------------------------------------===//
//
// tt.print: one device printf (`vprintf`) per element a thread holds, as
// upstream: "pid (x, y, z) idx (i, j)<prefix>: <value>" (the prefix brings
// its own leading space), floats as %f, integers signed or not as
// `isSigned` says (hex with `hex`), pointers %p.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
struct PrintOpConversion : public ConvertOpToLLVMPattern<PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto vprintf =
        declareFunction(rewriter, loc, op, "vprintf",
                        LLVM::LLVMFunctionType::get(i32, {ptrType, ptrType}));
    Value pid[3] = {NVVM::BlockIdXOp::create(rewriter, loc, i32),
                    NVVM::BlockIdYOp::create(rewriter, loc, i32),
                    NVVM::BlockIdZOp::create(rewriter, loc, i32)};
    unsigned numOperands = op.getArgs().size();
    if (numOperands == 0) {
      Value fmt =
          globalString(rewriter, loc, op, "printfFormat",
                       "pid (%u, %u, %u)" + op.getPrefix().str() + "\n");
      Value buf = argsBuffer(rewriter, loc, {pid[0], pid[1], pid[2]});
      lb.call(vprintf, ValueRange{fmt, buf});
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [k, pair] :
         llvm::enumerate(llvm::zip(op.getArgs(), adaptor.getArgs()))) {
      auto [orig, converted] = pair;
      bool isSigned = k < op.getIsSigned().size() ? op.getIsSigned()[k] : true;
      auto tensor = dyn_cast<RankedTensorType>(orig.getType());
      SmallVector<Value> values;
      SmallVector<SmallVector<Value>> coords;
      if (tensor) {
        std::optional<LinearLayout> layout = layoutOf(tensor);
        if (!layout)
          return rewriter.notifyMatchFailure(op, "no layout");
        values = unpack(rewriter, loc, converted);
        coords = emitIndices(rewriter, loc, *layout);
      } else {
        values = {converted};
        coords = {{}};
      }
      for (auto [v, idx] : llvm::zip(values, coords)) {
        std::string fmt = "pid (%u, %u, %u)";
        SmallVector<Value> args{pid[0], pid[1], pid[2]};
        if (!idx.empty()) {
          fmt += " idx (";
          for (auto [d, c] : llvm::enumerate(idx)) {
            fmt += d ? ", %d" : "%d";
            args.push_back(c);
          }
          fmt += ")";
        }
        fmt += op.getPrefix().str();
        if (numOperands > 1)
          fmt += " (operand " + std::to_string(k) + ")";
        fmt += ": ";
        Type t = v.getType();
        if (isa<LLVM::LLVMPointerType>(t)) {
          fmt += "%p";
          args.push_back(v);
        } else if (isa<FloatType>(t)) {
          fmt += "%f";
          args.push_back(lb.fpext(rewriter.getF64Type(), v));
        } else {
          unsigned bits = t.getIntOrFloatBitWidth();
          bool wide = bits > 32;
          fmt += op.getHex() ? (wide ? "0x%llx" : "0x%x")
                             : (wide ? (isSigned ? "%lld" : "%llu")
                                     : (isSigned ? "%d" : "%u"));
          Type to = wide ? i64 : i32;
          if (bits < to.getIntOrFloatBitWidth())
            v = isSigned && bits > 1 ? lb.sext(to, v).getResult()
                                     : lb.zext(to, v).getResult();
          args.push_back(v);
        }
        fmt += "\n";
        Value fmtPtr = globalString(rewriter, loc, op, "printfFormat", fmt);
        lb.call(vprintf, ValueRange{fmtPtr, argsBuffer(rewriter, loc, args)});
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// The values laid out as vprintf expects (a struct on the stack).
  static Value argsBuffer(OpBuilder &b, Location loc, ArrayRef<Value> values) {
    LLVMBuilder lb(b, loc);
    SmallVector<Type> types;
    for (Value v : values)
      types.push_back(v.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
    Value one = lb.constant(b.getI32Type(), b.getI32IntegerAttr(1));
    Value buf = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), structType, one);
    for (auto [i, v] : llvm::enumerate(values)) {
      Value field =
          lb.gep(LLVM::LLVMPointerType::get(b.getContext()), structType, buf,
                 ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
      lb.store(v, field);
    }
    return buf;
  }
};
} // namespace

void mlir::triton::gpu::lowering::populatePrintOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PrintOpConversion>(converter);
}
