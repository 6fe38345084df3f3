//===- InitAllPasses.h - Register every Triton pass and pipeline -*- C++ -*-===//

#ifndef TRITONDIALECT_INITALLPASSES_H
#define TRITONDIALECT_INITALLPASSES_H

#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/Triton/Transforms/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"
#include "TritonDialect/Pipelines/Pipelines.h"

namespace mlir::triton {

/// test-print-alignment (lib/Analysis/TestAxisInfo.cpp).
void registerTestAxisInfoPass();
/// test-print-membar (lib/Analysis/TestMembar.cpp).
void registerTestMembarPass();

/// Every Triton pass, test pass and pipeline.
inline void registerAllTritonPasses() {
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  registerTritonPasses();
  gpu::registerTritonGPUPasses();
  registerTestAxisInfoPass();
  registerTestMembarPass();
  registerTritonPipelines();
}

} // namespace mlir::triton

#endif // TRITONDIALECT_INITALLPASSES_H
