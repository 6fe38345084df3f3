//===- FuncOpToLLVM.cpp - functions and calls -----------------------------===//
//
// tt.func -> llvm.func (public functions are kernels: nvvm.kernel,
// nvvm.reqntid and nvvm.minctasm, tensor-descriptor arguments as byval tensor
// maps; others internal device functions), tt.return -> llvm.return, tt.call ->
// llvm.call (several results as one struct).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The blocks per multiprocessor the module asks for (ttg.min-ctas-per-sm)
/// where its shared memory (ttg.shared) lets that many reside and it does
/// not also limit them to fewer (ttg.max-ctas-per-sm); else 0.
int residentBlocksAsked(ModuleOp module) {
  auto asked = module->getAttrOfType<IntegerAttr>(
      TritonGPUDialect::getMinCTAsPerSMAttrName());
  if (!asked)
    return 0;
  if (auto most = module->getAttrOfType<IntegerAttr>(
          TritonGPUDialect::getMaxCTAsPerSMAttrName());
      most && most.getInt() < asked.getInt())
    return 0;
  uint64_t perSM =
      getSharedMemoryPerSM(TritonGPUDialect::getComputeCapability(module));
  auto shared =
      module->getAttrOfType<IntegerAttr>(TritonGPUDialect::getSharedAttrName());
  uint64_t perBlock =
      (shared ? shared.getInt() : 0) + kSharedMemoryReservedPerBlock;
  return perSM / perBlock >= uint64_t(asked.getInt()) ? asked.getInt() : 0;
}

/// Whether a function's allocation (allocate-shared-memory) needs shared
/// memory: its own buffers and scratch, or its callees'.
bool usesSharedMemory(Operation *func) {
  auto size = func->getAttrOfType<IntegerAttr>("allocation.size");
  return size && size.getInt() > 0;
}

/// The LLVM result type of a function returning `results`: void, the one
/// result, or a struct of them (null if one does not convert).
Type resultTypeOf(const TypeConverter &converter, TypeRange results) {
  MLIRContext *ctx = nullptr;
  SmallVector<Type> converted;
  for (Type t : results) {
    ctx = t.getContext();
    Type c = converter.convertType(t);
    if (!c)
      return Type();
    converted.push_back(c);
  }
  if (converted.empty())
    return LLVM::LLVMVoidType::get(
        &static_cast<const LLVMTypeConverter &>(converter).getContext());
  if (converted.size() == 1)
    return converted.front();
  return LLVM::LLVMStructType::getLiteral(ctx, converted);
}

struct FuncOpConversion : public ConvertOpToLLVMPattern<FuncOp> {
  FuncOpConversion(LLVMTypeConverter &converter, unsigned numWarps)
      : ConvertOpToLLVMPattern(converter), numWarps(numWarps) {}

  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    bool sharedArg = !op.isPublic() && usesSharedMemory(op);
    Type resultType = resultTypeOf(*getTypeConverter(), type.getResults());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> argTypes;
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "argument type not lowered");
      signature.addInputs(i, converted);
      argTypes.push_back(converted);
    }
    // A device function using shared memory takes its base last.
    if (sharedArg) {
      auto ptr3 = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
      signature.addInputs(ptr3);
      argTypes.push_back(ptr3);
    }
    // A kernel using global scratch takes the base of every program's
    // slices last, where upstream's launcher passes it.
    bool scratchArg = op.isPublic() && op->getParentOfType<ModuleOp>()->hasAttr(
                                           kGlobalScratchSizeAttr);
    if (scratchArg) {
      auto ptr1 = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
      signature.addInputs(ptr1);
      argTypes.push_back(ptr1);
    }
    if (!op.isPublic()) {
      bool usesScratch = false;
      op.walk([&](GlobalScratchAllocOp) { usesScratch = true; });
      if (usesScratch)
        return op.emitError("global scratch (a tensor map made in a device "
                            "function) is only supported in kernels");
    }
    auto llvmType = LLVM::LLVMFunctionType::get(resultType, argTypes);
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                         llvmType);
    if (op.isPublic()) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      func->setAttr(
          NVVM::NVVMDialect::getReqntidAttrName(),
          rewriter.getDenseI32ArrayAttr({int32_t(numWarps * kWarpSize), 1, 1}));
      // The pipeliner's request for resident blocks (ttg.min-ctas-per-sm),
      // where shared memory holds them: .minnctapersm, so ptxas keeps each
      // thread's registers to what that many blocks leave.
      if (int blocks = residentBlocksAsked(op->getParentOfType<ModuleOp>()))
        func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      rewriter.getI32IntegerAttr(blocks));
      // Blocks grouped into clusters (tritongpu-plan-clusters):
      // .reqnctapercluster.
      std::array<int, 3> cluster =
          TritonGPUDialect::getClusterDims(op->getParentOfType<ModuleOp>());
      if (cluster[0] * cluster[1] * cluster[2] > 1)
        func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                      rewriter.getDenseI32ArrayAttr(cluster));
      // A tensor-descriptor argument is its 128-byte tensor map, passed by
      // value (upstream's launcher passes a CUtensorMap): a grid-constant
      // byval parameter, 64-byte aligned, whose address TMA reads.
      SmallVector<Attribute> tensorMaps;
      for (auto [i, t] : llvm::enumerate(type.getInputs())) {
        auto desc = dyn_cast<TensorDescType>(t);
        if (!desc)
          continue;
        // The tensor map the launcher makes for it (upstream's
        // tensordesc_meta): TMA.h's layout and box for the block.
        RankedTensorType block = desc.getBlockType();
        NVMMASharedEncodingAttr encoding = nvidia_gpu::getTMAEncoding(block);
        std::optional<int> elemType =
            nvidia_gpu::getTMAElementType(block.getElementType());
        FailureOr<nvidia_gpu::TMAPlan> plan = nvidia_gpu::planTMACopies(
            block.getShape(), block.getElementType(), encoding);
        if (!elemType || failed(plan))
          return op.emitError("argument ")
                 << i << ": TMA cannot move blocks of " << block;
        tensorMaps.push_back(rewriter.getDictionaryAttr({
            rewriter.getNamedAttr(
                "swizzle",
                rewriter.getI32IntegerAttr(nvidia_gpu::getTMASwizzleMode(
                    encoding.getSwizzlingByteWidth()))),
            rewriter.getNamedAttr(
                "elem_size",
                rewriter.getI32IntegerAttr(block.getElementTypeBitWidth() / 8)),
            rewriter.getNamedAttr("elem_type",
                                  rewriter.getI32IntegerAttr(*elemType)),
            rewriter.getNamedAttr(
                "block_size", rewriter.getDenseI64ArrayAttr(plan->boxShape)),
        }));
        func.setArgAttr(
            i, LLVM::LLVMDialect::getByValAttrName(),
            TypeAttr::get(LLVM::LLVMArrayType::get(rewriter.getI8Type(), 128)));
        func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                        rewriter.getUnitAttr());
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        rewriter.getI64IntegerAttr(64));
      }
      if (!tensorMaps.empty())
        func->setAttr("ttg.tensordesc_meta", rewriter.getArrayAttr(tensorMaps));
      if (scratchArg)
        func->setAttr(kGlobalScratchArgAttr, rewriter.getUnitAttr());
    } else {
      func.setLinkage(LLVM::Linkage::Internal);
      if (sharedArg)
        func->setAttr(kSharedBaseArgAttr, rewriter.getUnitAttr());
      if (auto noinline = op->getAttrOfType<BoolAttr>("noinline"))
        if (noinline.getValue())
          func.setNoInline(true);
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
    ValueRange values = adaptor.getOperands();
    if (values.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, values);
      return success();
    }
    Type structType = resultTypeOf(*getTypeConverter(), op.getOperandTypes());
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(
        op, pack(rewriter, op.getLoc(), structType, values));
    return success();
  }
};

/// tt.call of a (noinline) device function: llvm.call; several results
/// travel as one struct.
struct CallOpConversion : public ConvertOpToLLVMPattern<CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = resultTypeOf(*getTypeConverter(), op.getResultTypes());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    SmallVector<Value> operands(adaptor.getOperands());
    // A callee using shared memory gets the part of the caller's that the
    // allocation gave the call.
    // (The callee may be converted already: an llvm.func marked for it.)
    Operation *callee =
        SymbolTable::lookupNearestSymbolFrom(op, op.getCalleeAttr());
    if (callee && (isa<FuncOp>(callee) ? usesSharedMemory(callee)
                                       : callee->hasAttr(kSharedBaseArgAttr))) {
      auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
      if (!offset)
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated (run allocate-shared-memory)");
      operands.push_back(sharedPtr(rewriter, loc, op, offset.getInt()));
    }
    auto call =
        lb.call(isa<LLVM::LLVMVoidType>(resultType) ? TypeRange()
                                                    : TypeRange(resultType),
                op.getCallee(), operands);
    if (op.getNumResults() <= 1) {
      rewriter.replaceOp(op, call->getResults());
      return success();
    }
    rewriter.replaceOp(op, unpack(rewriter, loc, call.getResult()));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateFuncOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    unsigned numWarps) {
  patterns.add<FuncOpConversion>(converter, numWarps);
  patterns.add<ReturnOpConversion, CallOpConversion>(converter);
}
