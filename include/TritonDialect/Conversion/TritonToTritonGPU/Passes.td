//===- Passes.td - Triton IR to TritonGPU IR ---------------*- tablegen -*-===//

#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES
#define TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "Give every tensor a GPU layout";
  let description = [{
    Sets the module attributes (`ttg.num-warps`, `ttg.threads-per-warp`,
    `ttg.num-ctas`, `ttg.target`) and gives every tensor the default blocked
    layout for its shape (one element per thread, the last dimension
    fastest). Reductions produce `#ttg.slice` of their operand's layout,
    `tt.expand_dims` consumes one, `tt.dot` operands become `#ttg.dot_op` of
    the accumulator's layout, and `tt.trans`/`join`/`split`/`reshape` produce
    the layout their operand implies; `ttg.convert_layout` joins values whose
    layouts differ. Function signatures, calls and `scf` regions follow.

    `tt.dot_scaled` is first decomposed into upcasts of its operands to
    bf16/f16, multiplications by their e8m0 scales (NaN where a scale is
    0xFF, unless `fastMath`) and a `tt.dot`, as no tensor core before
    Blackwell takes microscaled operands.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"numWarps", "num-warps", "int32_t", /*default*/"4",
           "number of warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default*/"32",
           "number of threads per warp">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default*/"1",
           "number of CTAs per cluster">,
    Option<"target", "target", "std::string", /*default*/"\"\"",
           "the target, such as cuda:90">
  ];
}

#endif
