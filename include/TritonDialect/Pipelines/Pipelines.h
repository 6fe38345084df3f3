//===- Pipelines.h - named pass pipelines -----------------------*- C++ -*-===//
//
// The whole TTIR -> optimized TTGIR flow as one C++ call, so another MLIR
// compiler can use it as its GPU backend:
//
//   mlir::PassManager pm(ctx);
//   mlir::triton::TritonToTritonGPUPipelineOptions options;
//   options.numWarps = 8;
//   options.target = "cuda:90";
//   mlir::triton::buildTritonToTritonGPUPipeline(pm, options);
//   if (failed(pm.run(module))) ...
//
// triton-opt registers it as --triton-to-tritongpu-pipeline="num-warps=4
// num-ctas=1 target=cuda:90".
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_PIPELINES_PIPELINES_H
#define TRITONDIALECT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::triton {

struct TritonToTritonGPUPipelineOptions
    : public PassPipelineOptions<TritonToTritonGPUPipelineOptions> {
  PassOptions::Option<int32_t> numWarps{*this, "num-warps",
                                        llvm::cl::desc("warps per program"),
                                        llvm::cl::init(4)};
  PassOptions::Option<int32_t> threadsPerWarp{
      *this, "threads-per-warp", llvm::cl::desc("threads per warp"),
      llvm::cl::init(32)};
  PassOptions::Option<int32_t> numCTAs{
      *this, "num-ctas", llvm::cl::desc("CTAs per cluster"), llvm::cl::init(1)};
  PassOptions::Option<std::string> target{
      *this, "target", llvm::cl::desc("the target, such as cuda:90"),
      llvm::cl::init("cuda:90")};
  PassOptions::Option<int32_t> numStages{
      *this, "num-stages",
      llvm::cl::desc("software-pipelining depth (tritongpu-pipeline)"),
      llvm::cl::init(3)};
  PassOptions::Option<int32_t> gridXMultiple{
      *this, "grid-x-multiple",
      llvm::cl::desc("the launch grid's x extent is a multiple of this (the "
                     "launcher's word; 2 lets tritongpu-plan-clusters group "
                     "blocks in pairs once shared memory is allocated)"),
      llvm::cl::init(1)};
  PassOptions::Option<bool> disableMMAv3{
      *this, "disable-mma-v3",
      llvm::cl::desc("tensor cores through mma.sync even where wgmma applies "
                     "(upstream's DISABLE_MMA_V3)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> automaticWarpSpecialization{
      *this, "automatic-warp-specialization",
      llvm::cl::desc("also warp-specialize unmarked attention loops where "
                     "that measured faster (tritongpu-automatic-warp-"
                     "specialization's automatic)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> tmaMulticast{
      *this, "tma-multicast",
      llvm::cl::desc("warp-specialized matmul loops over tensor descriptors "
                     "share the TMA copies two programs of a 2-block "
                     "cluster make alike, where grid-x-multiple is even "
                     "(tritongpu-automatic-warp-specialization's "
                     "`multicast`)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> enableFpFusion{
      *this, "enable-fp-fusion",
      llvm::cl::desc("products may contract with the additions that use "
                     "them (upstream's enable_fp_fusion; the lowering's "
                     "tritongpu-scale-after-max makes such fmas itself)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> tmaDescriptors{
      *this, "tma-descriptors",
      llvm::cl::desc("on sm_90 and later, kernel tensor-descriptor arguments "
                     "are tensor maps moved by TMA (upstream's launcher "
                     "makes them); off: they are taken apart into pointers, "
                     "as for older targets"),
      llvm::cl::init(true)};
};

/// The TTIR stage alone (upstream's make_ttir): inlining, block pointers and
/// tensor descriptors to pointer tensors, combines, canonicalization,
/// broadcast reordering, CSE, loop-invariant code motion, dead symbols and
/// unrolling. TTIR in, TTIR out; triton-opt registers it as
/// --triton-ttir-pipeline. With `tma` (sm_90 and later), descriptors TMA
/// moves stay descriptors.
void buildTritonTTIRPipeline(OpPassManager &pm, bool tma = false);

/// The TTIR stage above (buildTritonTTIRPipeline), the
/// conversion to TritonGPU, then the GPU optimizations (coalescing, layout
/// conversion removal) and a final clean-up, in upstream's order.
void buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const TritonToTritonGPUPipelineOptions &options);

/// TritonGPU IR to the LLVM and NVVM dialects: tritongpu-scale-after-max
/// (with `fpFusion`, upstream's enable_fp_fusion), allocate-shared-memory,
/// tritongpu-plan-clusters (with `gridXMultiple`, the launcher's word on
/// the grid; else the module's `ttg.grid-x-multiple`),
/// convert-triton-gpu-to-llvm and the NVVM and clean-up passes after it.
/// For IR whose layouts are already chosen (a .ttgir file).
void buildTritonGPUToLLVMPipeline(OpPassManager &pm, int gridXMultiple = 1,
                                  bool fpFusion = true);

/// TTIR to the LLVM and NVVM dialects: the pipeline above, then
/// allocate-shared-memory and convert-triton-gpu-to-llvm. Its output goes to
/// `triton-translate --triton-to-ptx` (or `translateToPTX`).
void buildTritonNvidiaPipeline(OpPassManager &pm,
                               const TritonToTritonGPUPipelineOptions &options);

/// Registers the pipelines with the pass registry (for triton-opt).
void registerTritonPipelines();

} // namespace mlir::triton

#endif // TRITONDIALECT_PIPELINES_PIPELINES_H
