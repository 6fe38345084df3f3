//===- PatternTritonGPUOpToLLVM.h - lowering patterns by family -*- C++ -*-===//
//
// convert-triton-gpu-to-llvm collects its patterns from one file per op
// family:
//   FuncOpToLLVM.cpp          tt.func, tt.return, tt.call
//   SPMDOpToLLVM.cpp          tt.get_program_id, tt.get_num_programs
//   MakeRangeOpToLLVM.cpp     tt.make_range
//   ViewOpToLLVM.cpp          splat, constants, expand_dims, broadcast,
//                             reshape, trans, join, split, cat (register
//                             permutations)
//   ElementwiseOpToLLVM.cpp   arith/math on tensors, addptr, fast exp,
//                             libdevice, precise div/sqrt, clampf, mulhiui
//   SoftmaxExp.cpp            which f32 exps take the FTZ ex2, log2(e)
//                             folded into their arguments' fma
//   LoadStoreOpToLLVM.cpp     tt.load, tt.store, tt.atomic_rmw, atomic_cas
//   ReduceOpToLLVM.cpp        tt.reduce
//   ScanOpToLLVM.cpp          tt.scan
//   ConvertLayoutOpToLLVM.cpp ttg.convert_layout (register permutations and
//                             through shared memory)
//   MemoryOpToLLVM.cpp        ttg.local_alloc, local_load, local_store,
//                             local_dealloc, memdesc views, async copies
//                             and their commit/wait groups
//   DotOpToLLVM/              tt.dot and ttng.warp_group_dot:
//     FMA.cpp                   on CUDA cores (blocked accumulators)
//     MMAv2.cpp                 mma.sync (nvidia_mma v2)
//     WGMMA.cpp                 wgmma (nvidia_mma v3), its waits and fences
//   TMAToLLVM.cpp             ttng mbarriers, TMA copies and their waits,
//                             tensor-map views and fences
//   PrintOpToLLVM.cpp         tt.print (vprintf)
//   AssertOpToLLVM.cpp        tt.assert (__assertfail)
//   GatherOpToLLVM.cpp        tt.gather
//   HistogramOpToLLVM.cpp     tt.histogram
//   WarpSpecializeToLLVM.cpp  ttg.warp_specialize (converted in place, then
//                             dispatched by lowerWarpSpecialize)
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "Utility.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::triton::gpu::lowering {

void populateFuncOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  unsigned numWarps);
void populateViewOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// The f32 exps of `module` whose subnormal results may be flushed to zero
/// (ElementwiseOpToLLVM.cpp says when); read on structured control flow,
/// before it is lowered, since a softmax's maximum may be an scf.if's.
DenseSet<Operation *> findFlushableExps(ModuleOp module);
/// The affine pointers of `module`'s loads, stores and cp.async copies, read
/// on structured control flow, before it is lowered, to follow loop-carried
/// pointers (AffinePointers.cpp).
AffinePointers findAffinePointers(ModuleOp module);
/// For a flushable exp of `count` elements a thread, exp2's argument per
/// element with log2(e) folded into one fma (or a contractable product and
/// sum) where the exp's argument is y * s - b with b a broadcast
/// (SoftmaxExp.cpp says when and why); nothing otherwise.
std::optional<SmallVector<Value>>
foldedLog2eArguments(math::ExpOp exp, size_t count,
                     ConversionPatternRewriter &rewriter, Location loc);
/// `flushableExps` (findFlushableExps) lower to the FTZ ex2.
void populateElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability, const DenseSet<Operation *> &flushableExps);
/// `computeCapability` (the SM version) decides the L2 cache hints of loads.
void populateLoadStoreOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const ModuleAxisInfoAnalysis &axis,
                                       const AffinePointers &affine,
                                       int computeCapability);
void populateReduceOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateScanOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateConvertLayoutOpToLLVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns);

void populateMemoryOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const ModuleAxisInfoAnalysis &axis,
                                    const AffinePointers &affine);
void populateDotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateFMADotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateMMAv2DotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);
void populateWGMMAOpToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);

void populateTMAToLLVMPatterns(LLVMTypeConverter &converter,
                               RewritePatternSet &patterns);
void populateSPMDOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateMakeRangeOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns);
void populatePrintOpToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateAssertOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateGatherOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateHistogramOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns);

void populateWarpSpecializeOpToLLVMPatterns(LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns);
/// Before it: partitions capture no tensors (a located error otherwise).
LogicalResult checkWarpSpecializeCaptures(ModuleOp module);
/// After the conversion: each kernel's ttg.warp_specialize ops become
/// branches that send the extra warps to their partitions.
LogicalResult lowerWarpSpecialize(ModuleOp module);

/// Block arguments carrying structs of f16/bf16 or 8-bit elements whose
/// elements are packed into 32-bit words where they are read (f16
/// tensor-core accumulators, prefetched 8-bit mma.sync operands carried by
/// a loop) carry the 32-bit words instead.
void carrySubwordBlockArgumentsInWords(Operation *root);

} // namespace mlir::triton::gpu::lowering

#endif
