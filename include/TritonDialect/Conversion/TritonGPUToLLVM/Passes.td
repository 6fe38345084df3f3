//===- Passes.td - TritonGPU IR to LLVM passes -------------*- tablegen -*-===//

#ifndef TRITONGPU_TO_LLVM_PASSES
#define TRITONGPU_TO_LLVM_PASSES

include "mlir/Pass/PassBase.td"

def AllocateSharedMemory : Pass<"allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "Give every shared-memory buffer an offset";
  let description = [{
    Buffers: each `ttg.local_alloc`, and the scratch an op needs while it
    runs (a `ttg.convert_layout` that moves elements between warps, a
    reduction or scan across warps, a gather across warps, an atomic on a
    scalar pointer whose result every thread reads, and a call: its callee's
    whole allocation). A buffer is live from its definition to its last use;
    a use inside a loop or branch keeps it live for the whole region. Buffers
    live at the same time get disjoint, aligned offsets (largest first, first
    fit). Each buffer's op gets `allocation.offset`, each function
    `allocation.size` (its peak, callees included) and the module `ttg.shared`
    (the largest of its functions'), which the launch uses as the dynamic
    shared memory size.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def ConvertTritonGPUToLLVM : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "TritonGPU IR to the LLVM and NVVM dialects";
  let description = [{
    Each tensor becomes, per thread, an LLVM struct of the elements the
    thread holds (register i of the layout); ops are lowered per thread from
    the layout algebra (one file per op family, listed in
    lib/Conversion/TritonGPUToLLVM/PatternTritonGPUOpToLLVM.h). Barriers
    between racing shared-memory accesses are inserted first (the membar
    analysis of Analysis/Membar.h, on the offsets allocate-shared-memory
    assigned). An op no pattern lowers fails the conversion with its
    location.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::cf::ControlFlowDialect",
                           "mlir::gpu::GPUDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "90",
           "the SM version the code is for">,
    Option<"ptxVersion", "ptx-version", "int32_t", "80",
           "the PTX ISA version (major*10+minor)">
  ];
}

#endif
