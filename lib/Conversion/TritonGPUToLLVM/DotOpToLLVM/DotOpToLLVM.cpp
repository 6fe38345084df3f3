//===- DotOpToLLVM.cpp - tt.dot and ttng.warp_group_dot -------------------===//
//
// The dot lowerings, one file per instruction family: FMA.cpp (CUDA cores,
// blocked accumulators), MMAv2.cpp (mma.sync, nvidia_mma v2), WGMMA.cpp
// (wgmma, nvidia_mma v3). Each pattern matches only its accumulator layout.
//
//===----------------------------------------------------------------------===//

#include "../PatternTritonGPUOpToLLVM.h"

void mlir::triton::gpu::lowering::populateDotOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  populateFMADotOpToLLVMPatterns(converter, patterns);
  populateMMAv2DotOpToLLVMPatterns(converter, patterns);
  populateWGMMAOpToLLVMPatterns(converter, patterns);
}
