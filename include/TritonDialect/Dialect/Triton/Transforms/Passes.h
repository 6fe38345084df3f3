//===- Passes.h - Triton IR clean-ups ---------------------------*- C++ -*-===//

#ifndef TRITONDIALECT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TRITONDIALECT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Dialect/Triton/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

#endif
