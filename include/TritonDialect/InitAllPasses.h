//===- InitAllPasses.h - every pass and pipeline ----------------*- C++ -*-===//

#ifndef TRITONDIALECT_INITALLPASSES_H
#define TRITONDIALECT_INITALLPASSES_H

#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Pipelines/Pipelines.h"
#include "TritonDialect/Transforms/Passes.h"

namespace mlir::triton {

/// Every Triton pass and pipeline. (The test passes live in test/lib and
/// are registered by triton-opt alone.)
inline void registerAllTritonPasses() {
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  registerTritonPasses();
  registerTritonGPUPasses();
  registerTritonPipelines();
}

} // namespace mlir::triton

#endif // TRITONDIALECT_INITALLPASSES_H
