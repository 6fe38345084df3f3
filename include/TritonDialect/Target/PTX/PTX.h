//===- PTX.h - LLVM-dialect modules to PTX ----------------------*- C++ -*-===//
//
// The last step of the compiler: a module in the LLVM and NVVM dialects (the
// output of the lowering) becomes LLVM IR, is linked with libdevice when it
// calls `__nv_*` functions, optimized at O3 and printed as PTX by LLVM's
// NVPTX backend. Also the launch metadata the conformance harness reads.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TARGET_PTX_PTX_H
#define TRITONDIALECT_TARGET_PTX_PTX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton {

struct PTXOptions {
  /// `sm_80`, `sm_90`, `sm_90a`, ...; empty: from the module's `ttg.target`
  /// (`cuda:90` gives sm_90), else sm_90.
  std::string chip;
  /// PTX ISA version as major * 10 + minor (84 is PTX 8.4); 0: the oldest
  /// that `chip` needs, at least 8.0.
  unsigned ptxVersion = 0;
  /// LLVM optimization level, 0 to 3.
  unsigned optLevel = 3;
  /// libdevice.10.bc; empty: $CUDA_HOME/nvvm/libdevice, then
  /// /usr/local/cuda/nvvm/libdevice. Only read when the module calls it.
  std::string libdevicePath;
  /// Source lines (`.file`/`.loc`) from the ops' file locations, as
  /// upstream emits by default (line tables only, no variables).
  bool lineInfo = true;
  /// Fuse a multiply and a dependent add into an fma (upstream's
  /// `enable_fp_fusion`, on by default): LLVM's FPOpFusion::Fast, so PTX
  /// has `add.f32`/`mul.f32` ptxas may contract. Off: `.rn` forms, never
  /// contracted.
  bool fpFusion = true;
  /// LLVM's straight-line strength reduction (`slsr`) in the NVPTX codegen
  /// pipeline. Off: LLVM 22's version takes 12-65% of the codegen time of
  /// the corpus kernels (two thirds of dropout_philox's, most of it page
  /// faults on the maps it makes per candidate) and changes the PTX of 3 of
  /// the 32 by two lines each (a multiply where it would shift and add,
  /// outside loops), with their kernel times unchanged (H200, session 33).
  bool straightLineStrengthReduction = false;
  /// At most this many registers per thread (upstream's `maxnreg`: the
  /// kernel's `.maxnreg`); 0 leaves it to ptxas.
  unsigned maxNumRegisters = 0;
};

/// Gives every llvm.func a debug-info scope so that the ops' file
/// locations become LLVM line tables (and PTX `.loc` lines).
LogicalResult addLineInfo(ModuleOp module);

/// What the harness needs to launch the kernel (`<name>.meta.json`).
struct KernelMetadata {
  std::string entry;
  unsigned numWarps = 4;
  /// Dynamic shared memory to launch with: `ttg.shared`, raised where
  /// `ttg.max-ctas-per-sm` asks for fewer resident blocks.
  unsigned sharedBytes = 0;
  /// Blocks per cluster (`ttg.cluster-dim-x/y/z`): the grid must be a
  /// multiple of it.
  std::array<unsigned, 3> clusterDims{1, 1, 1};
  /// The tensor map each tensor-descriptor argument must be, in order
  /// (upstream's `tensordesc_meta`): the launcher makes them.
  struct TensorMap {
    int swizzle = 0;  // 0 none, 1 32B, 2 64B, 3 128B
    int elemSize = 0; // bytes
    int elemType = 0; // tensormap.replace's encoding (TMA.h)
    SmallVector<int64_t> blockSize;
  };
  SmallVector<TensorMap> tensorMaps;
  /// Global scratch per program (`ttg.global_scratch_memory_size`) and its
  /// alignment: the launcher allocates it and passes it last.
  unsigned globalScratchSize = 0, globalScratchAlign = 1;
  /// `{"entry": "add", "num_warps": 4, "shared_bytes": 0}`, plus
  /// `"cluster_dims": [2, 1, 1]` when blocks are grouped and
  /// `"tensordesc_meta": [{"swizzle": 3, "elem_size": 2, "elem_type": 6,
  /// "block_size": [64, 64]}]` when the kernel takes tensor maps, and
  /// `"global_scratch_size": 128, "global_scratch_align": 128` when it
  /// uses global scratch.
  std::string toJSON() const;
};

/// Registers the LLVM IR translations of the dialects a lowered module may
/// contain (builtin, LLVM, NVVM).
void registerPTXTranslations(DialectRegistry &registry);

/// The PTX for `module` (LLVM and NVVM dialects only). Failures are emitted
/// as diagnostics on the module or the offending op. When `llvmIR` is given,
/// it receives the LLVM IR the PTX is made from (linked and optimized).
std::optional<std::string> translateToPTX(ModuleOp module,
                                          const PTXOptions &options,
                                          std::string *llvmIR = nullptr);

/// The module's kernel (the one `llvm.func` marked `nvvm.kernel`), its warps
/// (`ttg.num-warps`) and shared memory (`ttg.shared`). Emits an error and
/// returns nothing unless there is exactly one kernel.
std::optional<KernelMetadata> getKernelMetadata(ModuleOp module);

} // namespace mlir::triton

#endif // TRITONDIALECT_TARGET_PTX_PTX_H
