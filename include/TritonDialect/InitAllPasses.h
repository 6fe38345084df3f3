//===- InitAllPasses.h - Register every Triton pass and pipeline -*- C++ -*-===//

#ifndef TRITONDIALECT_INITALLPASSES_H
#define TRITONDIALECT_INITALLPASSES_H

#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"
#include "TritonDialect/Pipelines/Pipelines.h"

namespace mlir::triton {

/// test-print-alignment (lib/Analysis/TestAxisInfo.cpp).
void registerTestAxisInfoPass();

inline void registerTritonPasses() {
  registerTritonToTritonGPUPasses();
  gpu::registerTritonGPUPasses();
  registerTestAxisInfoPass();
  registerTritonPipelines();
}

} // namespace mlir::triton

#endif // TRITONDIALECT_INITALLPASSES_H
