//===- Passes.h - TritonGPU optimization passes -----------------*- C++ -*-===//

#ifndef TRITONDIALECT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRITONDIALECT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DECL
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

#endif
