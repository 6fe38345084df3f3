//===- Passes.td - TritonGPU optimization passes -----------*- tablegen -*-===//

#ifndef TRITONGPU_TRANSFORMS_PASSES
#define TRITONGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give each memory access the layout of the widest coalesced vectors";
  let description = [{
    For every load, store and atomic through a tensor of pointers, picks a
    blocked layout whose fastest dimension is the one the pointers are most
    contiguous along, each thread holding a vector as wide as is safe: at
    most 128 bits, limited by the pointers' contiguity and alignment
    (AxisInfo), the mask's constancy, and the elements per
    thread. Consecutive lanes take consecutive vectors. Values are moved to
    and from that layout with ttg.convert_layout, which later passes remove.

    With `remarks`, each access reports the vector width it got and, below
    128 bits, what limited it.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "report each access's vector width and what limited it">
  ];
  let statistics = [
    Statistic<"numAccesses", "accesses", "memory accesses given a layout">,
    Statistic<"num128", "vector-128-bit", "accesses with 128-bit vectors">,
    Statistic<"limitedByContiguity", "limited-by-contiguity",
              "accesses whose vector is limited by pointer contiguity">,
    Statistic<"limitedByAlignment", "limited-by-alignment",
              "accesses whose vector is limited by pointer alignment">,
    Statistic<"limitedByMask", "limited-by-mask",
              "accesses whose vector is limited by the mask">,
    Statistic<"limitedBySize", "limited-by-size",
              "accesses whose vector is limited by elements per thread">
  ];
}

def TritonGPURemoveLayoutConversions : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Remove, hoist and sink ttg.convert_layout";
  let description = [{
    Rewrites chains of layout-agnostic ops (elementwise ops, broadcast,
    splat, constants, ranges, loads with their operands) so that values are
    produced directly in the layout their users need, folds conversions of
    conversions, and removes conversions to the same layout. A conversion
    stays only where producing the value in the other layout would cost more
    (it feeds a reduction, a dot, or several users with different needs).
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReduceDataDuplication : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "Stage conversions into dot operand layouts through shared memory";
  let description = [{
    A conversion into a `#ttg.dot_op` layout that moves elements between
    warps becomes `ttg.local_alloc` of the source (in a shared layout chosen
    for the operand: 16-byte vectors XOR-swizzled against ldmatrix bank
    conflicts for tensor-core operands, unswizzled for FMA operands) and a
    `ttg.local_load` into the operand layout. Conversions that stay within
    warps are left to the conversion lowering.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let statistics = [
    Statistic<"numStaged", "staged-conversions",
              "conversions to dot operands staged through shared memory">
  ];
}

#endif
