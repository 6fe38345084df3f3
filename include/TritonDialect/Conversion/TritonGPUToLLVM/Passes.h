//===- Passes.h - TritonGPU IR to LLVM --------------------------*- C++ -*-===//

#ifndef TRITONDIALECT_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRITONDIALECT_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DECL
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

#endif
