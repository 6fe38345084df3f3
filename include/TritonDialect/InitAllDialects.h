//===- InitAllDialects.h - every dialect Triton uses ------------*- C++ -*-===//
//
// One call for embedders and tools: the Triton dialects plus the upstream
// dialects that TTIR and later lowering stages contain.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_INITALLDIALECTS_H
#define TRITONDIALECT_INITALLDIALECTS_H

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::triton {

inline void registerTritonDialects(DialectRegistry &registry) {
  registry.insert<TritonDialect, gpu::TritonGPUDialect,
                  nvidia_gpu::TritonNvidiaGPUDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  func::FuncDialect, ub::UBDialect, LLVM::LLVMDialect,
                  NVVM::NVVMDialect, ::mlir::gpu::GPUDialect>();
  func::registerInlinerExtension(registry);
}

} // namespace mlir::triton

#endif // TRITONDIALECT_INITALLDIALECTS_H
