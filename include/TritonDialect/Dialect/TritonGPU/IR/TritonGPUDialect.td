//===- TritonGPUDialect.td - The TritonGPU (`ttg`) dialect -*- tablegen -*-===//
//
// TritonGPU IR: Triton IR in which every tensor carries a GPU layout (how its
// elements spread over registers, lanes, warps and CTAs), plus shared-memory
// buffers (`!ttg.memdesc`) and the ops that move data between them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_DIALECT_TD
#define TRITONGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton IR with GPU layouts and shared memory";
  let description = [{
    Distributed encodings (`#ttg.blocked`, `#ttg.slice`, `#ttg.dot_op`,
    `#ttg.nvidia_mma`, `#ttg.linear`) say which (register, lane, warp, block)
    holds each tensor element; shared encodings (`#ttg.swizzled_shared`,
    `#ttg.nvmma_shared`, `#ttg.padded_shared`, `#ttg.shared_linear`) say where
    each element sits in shared memory. Each has a meaning as a linear layout
    (`TritonDialect/Tools/LinearLayout.h`).

    Module attributes: `ttg.num-warps`, `ttg.num-ctas`,
    `ttg.threads-per-warp`, `ttg.target`, once memory is planned,
    `ttg.shared`, `ttg.max-ctas-per-sm` where the pipeliner found that
    more resident blocks cannot help (the launch then asks for enough
    shared memory that no more fit on a multiprocessor),
    `ttg.min-ctas-per-sm` where it found that more would help and their
    registers would fit (the kernel then asks ptxas, through
    `.minnctapersm`, for as many as shared memory lets reside),
    `ttg.grid-x-multiple` (a fact the launcher states: the grid's x extent
    is a multiple of it) and `ttg.cluster-dim-x`/`-y`/`-z`, the shape of the
    clusters consecutive blocks are grouped into (each block still one
    program; tritongpu-plan-clusters).
  }];
  let dependentDialects = ["triton::TritonDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  // Folders (ttg.convert_layout of a splat constant) make arith.constant.
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();

    static constexpr llvm::StringLiteral getNumWarpsAttrName() { return "ttg.num-warps"; }
    static constexpr llvm::StringLiteral getNumCTAsAttrName() { return "ttg.num-ctas"; }
    static constexpr llvm::StringLiteral getThreadsPerWarpAttrName() { return "ttg.threads-per-warp"; }
    static constexpr llvm::StringLiteral getTargetAttrName() { return "ttg.target"; }
    static constexpr llvm::StringLiteral getSharedAttrName() { return "ttg.shared"; }
    static constexpr llvm::StringLiteral getMaxCTAsPerSMAttrName() { return "ttg.max-ctas-per-sm"; }
    static constexpr llvm::StringLiteral getMinCTAsPerSMAttrName() { return "ttg.min-ctas-per-sm"; }
    static constexpr llvm::StringLiteral getGridXMultipleAttrName() { return "ttg.grid-x-multiple"; }
    static constexpr llvm::StringLiteral getClusterDimXAttrName() { return "ttg.cluster-dim-x"; }
    static constexpr llvm::StringLiteral getClusterDimYAttrName() { return "ttg.cluster-dim-y"; }
    static constexpr llvm::StringLiteral getClusterDimZAttrName() { return "ttg.cluster-dim-z"; }

    /// The module's `ttg.num-warps` (4 when absent).
    static int getNumWarps(ModuleOp module);
    /// The module's `ttg.threads-per-warp` (32 when absent).
    static int getThreadsPerWarp(ModuleOp module);
    /// The module's `ttg.num-ctas` (1 when absent).
    static int getNumCTAs(ModuleOp module);
    /// The module's cluster shape, `ttg.cluster-dim-x/y/z` (1 when absent).
    static std::array<int, 3> getClusterDims(ModuleOp module);
    /// The compute capability of a `ttg.target = "cuda:NN"` (0 when the
    /// module has no CUDA target).
    static int getComputeCapability(ModuleOp module);
    /// Whether the module says how many warps it has (`ttg.num-warps`).
    static bool hasNumWarps(ModuleOp module) {
      return module->hasAttr(getNumWarpsAttrName());
    }
  }];
}

#endif // TRITONGPU_DIALECT_TD
