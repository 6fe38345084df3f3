//===- Passes.h - Every TTIR and TTGIR pass ---------------------*- C++ -*-===//

#ifndef TRITONDIALECT_TRANSFORMS_PASSES_H
#define TRITONDIALECT_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Transforms/Passes.h.inc"
} // namespace mlir::triton

#endif
