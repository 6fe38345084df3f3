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

#endif
