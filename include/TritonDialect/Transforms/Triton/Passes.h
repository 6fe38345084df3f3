//===- Passes.h - Every Triton IR (tt) pass ---------------------*- C++ -*-===//

#ifndef TRITONDIALECT_TRANSFORMS_TRITON_PASSES_H
#define TRITONDIALECT_TRANSFORMS_TRITON_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

#endif // TRITONDIALECT_TRANSFORMS_TRITON_PASSES_H
