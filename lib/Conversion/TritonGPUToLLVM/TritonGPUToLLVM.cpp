//===- TritonGPUToLLVM.cpp - convert-triton-gpu-to-llvm -------------------===//
//
// TritonGPU IR to the LLVM and NVVM dialects. A tensor becomes, in each
// thread, an LLVM struct of the elements that thread holds: element i is the
// tensor element the layout maps register i (and the thread's lane and warp)
// to. The patterns, one file per op family, are listed in
// PatternTritonGPUOpToLLVM.h; this file runs them: structured control flow
// to branches first, then every op to LLVM/NVVM in one partial conversion.
// An op no pattern lowers fails the conversion with its name and location.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "TritonDialect/Analysis/Membar.h"
#include "TritonDialect/Analysis/RegisterBudget.h"
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// fp8 values are storage: loads, stores, conversions (tt.fp_to_fp),
/// math.absf (the sign bit cleared) and dots take them, arithmetic does not
/// (PTX has none; upstream's frontend converts first). An arith or math op
/// computing on fp8 is an error at its location, not invalid LLVM IR.
LogicalResult checkNoFp8Arithmetic(ModuleOp module) {
  auto isFp8 = [](Type t) {
    auto f = dyn_cast<FloatType>(getElementTypeOrSelf(t));
    return f && f.getWidth() == 8;
  };
  WalkResult result = module.walk([&](Operation *op) {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp, arith::BitcastOp, arith::SelectOp, math::AbsFOp>(
            op))
      return WalkResult::advance();
    for (Type t :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isFp8(t)) {
        op->emitError("'")
            << op->getName() << "' on " << getElementTypeOrSelf(t)
            << ": fp8 values have no arithmetic; convert them to f16, bf16 "
               "or f32 first (tt.fp_to_fp, `.to(tl.float16)`)";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

class ConvertTritonGPUToLLVMPass
    : public mlir::triton::impl::ConvertTritonGPUToLLVMBase<
          ConvertTritonGPUToLLVMPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The layouts were made for the module's warp count: lowering without
    // it would guess the block size, and a wrong guess leaves part of every
    // tensor unloaded and unstored.
    if (!TritonGPUDialect::hasNumWarps(module)) {
      module.emitError("the module has no 'ttg.num-warps': the lowering needs "
                       "the warp count its layouts were made for");
      return signalPassFailure();
    }
    if (failed(checkNoFp8Arithmetic(module)) ||
        failed(checkWarpSpecializeCaptures(module)))
      return signalPassFailure();
    unsigned numWarps = TritonGPUDialect::getNumWarps(module);
    // The registers its layouts give a thread, before anything walks them.
    if (failed(checkRegistersPerThread(
            module, numWarps * TritonGPUDialect::getThreadsPerWarp(module))))
      return signalPassFailure();
    if (TritonGPUDialect::getThreadsPerWarp(module) != int(kWarpSize)) {
      module.emitError("only 32 threads per warp are supported");
      return signalPassFailure();
    }
    ModuleAxisInfoAnalysis axis(module);
    // Barriers between shared-memory accesses that could race (gpu.barrier,
    // lowered to bar.sync below). Ops that use scratch put the barrier
    // between their own writes and reads themselves.
    insertSharedMemoryBarriers(module);
    DenseSet<Operation *> flushableExps = findFlushableExps(module);
    AffinePointers affine = findAffinePointers(module);
    // Structured control flow to branches first (tensor-typed block
    // arguments are converted with everything else below).
    {
      RewritePatternSet scfPatterns(ctx);
      populateSCFToControlFlowConversionPatterns(scfPatterns);
      ConversionTarget scfTarget(*ctx);
      scfTarget.addIllegalOp<scf::ForOp, scf::IfOp, scf::WhileOp,
                             scf::ExecuteRegionOp, scf::IndexSwitchOp>();
      scfTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, scfTarget,
                                        std::move(scfPatterns))))
        return signalPassFailure();
    }
    // Warp specialization launches the partitions' warps too.
    int totalWarps = numWarps;
    module.walk([&](WarpSpecializeOp ws) {
      totalWarps = std::max(totalWarps, int(ws.getTotalWarps()));
    });
    if (totalWarps != int(numWarps))
      module->setAttr("ttg.total-num-warps",
                      IntegerAttr::get(IntegerType::get(ctx, 32), totalWarps));
    TritonLLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateFuncOpToLLVMPatterns(converter, patterns, totalWarps);
    populateSPMDOpToLLVMPatterns(converter, patterns);
    populateMakeRangeOpToLLVMPatterns(converter, patterns);
    populateViewOpToLLVMPatterns(converter, patterns);
    // The SM version: the option when given, else the module's target.
    int capability = computeCapability.hasValue()
                         ? int(computeCapability)
                         : TritonGPUDialect::getComputeCapability(module);
    populateElementwiseOpToLLVMPatterns(converter, patterns, capability,
                                        flushableExps);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, axis, affine,
                                      capability);
    populateReduceOpToLLVMPatterns(converter, patterns);
    populateScanOpToLLVMPatterns(converter, patterns);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns);
    populateMemoryOpToLLVMPatterns(converter, patterns, axis, affine);
    populateDotOpToLLVMPatterns(converter, patterns);
    populateTMAToLLVMPatterns(converter, patterns);
    populatePrintOpToLLVMPatterns(converter, patterns);
    populateAssertOpToLLVMPatterns(converter, patterns);
    populateGatherOpToLLVMPatterns(converter, patterns);
    populateHistogramOpToLLVMPatterns(converter, patterns);
    populateWarpSpecializeOpToLLVMPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // ub.poison (a function whose only return a static condition skipped):
    // llvm.mlir.poison of the converted type, tensors included.
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<
        mlir::gpu::GPUDialect, TritonDialect, TritonGPUDialect,
        nvidia_gpu::TritonNvidiaGPUDialect, arith::ArithDialect,
        math::MathDialect, cf::ControlFlowDialect, scf::SCFDialect,
        ub::UBDialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp, WarpReturnOp>();
    // Converted in place (lowerWarpSpecialize dispatches them below).
    target.addDynamicallyLegalOp<WarpSpecializeOp, WarpYieldOp>(
        [&](Operation *op) {
          return converter.isLegal(op) &&
                 llvm::all_of(op->getRegions(), [&](Region &region) {
                   return converter.isLegal(&region);
                 });
        });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Casts left between converted values fold away (MLIR's reconciliation):
    // round trips (i8 to fp8 and back, around an op built on the original
    // scalar type) and those nothing uses.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk(
        [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts);
    // f16 accumulators and 8-bit operands carried by loops travel in the
    // words the tensor cores take (no repacking of registers an async wgmma
    // still writes, no byte shuffles every iteration).
    carrySubwordBlockArgumentsInWords(module);
    if (failed(lowerWarpSpecialize(module)))
      return signalPassFailure();
  }
};

} // namespace
