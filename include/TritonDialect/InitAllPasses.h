//===- InitAllPasses.h - Register every Triton pass and pipeline -*- C++ -*-===//

#ifndef TRITONDIALECT_INITALLPASSES_H
#define TRITONDIALECT_INITALLPASSES_H

#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"

namespace mlir::triton {

inline void registerTritonPasses() {
  registerTritonToTritonGPUPasses();
}

} // namespace mlir::triton

#endif // TRITONDIALECT_INITALLPASSES_H
