//===- Passes.h - Triton IR to TritonGPU IR ---------------------*- C++ -*-===//

#ifndef TRITONDIALECT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TRITONDIALECT_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::triton {
/// tt.dot_scaled -> upcasts, scaling and tt.dot (no tensor core before
/// Blackwell takes microscaled operands). Run before layout assignment.
void populateDecomposeScaledDotPatterns(RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

#endif
