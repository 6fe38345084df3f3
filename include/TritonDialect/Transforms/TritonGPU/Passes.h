//===- Passes.h - Every TritonGPU IR (ttg, ttng) pass -----------*- C++ -*-===//

#ifndef TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES_H
#define TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

#endif // TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES_H
