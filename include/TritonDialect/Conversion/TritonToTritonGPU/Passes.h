//===- Passes.h - Triton IR to TritonGPU IR ---------------------*- C++ -*-===//

#ifndef TRITONDIALECT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TRITONDIALECT_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

#endif
