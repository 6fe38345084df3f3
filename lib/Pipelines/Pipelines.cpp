//===- Pipelines.cpp - Named pass pipelines -------------------------------===//

#include "TritonDialect/Pipelines/Pipelines.h"

#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Transforms/Passes.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::triton::buildTritonTTIRPipeline(OpPassManager &pm, bool tma) {
  // Inline device functions (noinline ones stay calls), block pointers and
  // descriptors to pointer tensors (descriptors TMA moves stay, with
  // `tma`), combine and simplify, unroll marked loops. The inliner runs no
  // pipeline of its own on each function (its default is canonicalize,
  // whose patterns it would rebuild on every compilation): the canonicalize
  // below sees every function after inlining.
  pm.addPass(
      createInlinerPass(/*opPipelines=*/{},
                        /*defaultPipelineBuilder=*/[](OpPassManager &) {}));
  TritonRewriteTensorDescriptorToPointerOptions descriptors;
  descriptors.tma = tma;
  pm.addPass(createTritonRewriteTensorDescriptorToPointer(descriptors));
  pm.addPass(createTritonRewriteTensorPointer());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

void mlir::triton::buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const TritonToTritonGPUPipelineOptions &options) {
  // TMA from sm_90 on (cuda:90, cuda:100, ...).
  StringRef target = options.target;
  int capability = 0;
  bool tma = options.tmaDescriptors && target.consume_front("cuda:") &&
             !target.getAsInteger(10, capability) && capability >= 90;
  buildTritonTTIRPipeline(pm, tma);

  // Layouts.
  ConvertTritonToTritonGPUOptions convert;
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = options.threadsPerWarp;
  convert.numCTAs = options.numCTAs;
  convert.target = options.target;
  pm.addPass(createConvertTritonToTritonGPU(convert));

  // TTGIR optimizations.
  pm.addPass(createTritonGPUCoalesce());
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUF32DotTC());
  // Gathers in layouts that keep them within warps, loop-carried reductions
  // split into per-thread partials (upstream's place for it).
  pm.addPass(createTritonGPUOptimizeThreadLocality());
  TritonGPUAccelerateMatmulOptions accelerate;
  accelerate.disableMMAv3 = options.disableMMAv3;
  pm.addPass(createTritonGPUAccelerateMatmul(accelerate));
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTritonGPURemoveLayoutConversions());
  pm.addPass(createTritonGPUReduceDataDuplication());
  pm.addPass(createTritonGPUOptimizeDotOperands());
  // The online softmax's row sums (l = l * alpha + sum(p)) kept per thread
  // across the loop, now that P has the dot's layout.
  TritonGPUOptimizeThreadLocalityOptions scaledSums;
  scaledSums.scaledAccumulators = true;
  pm.addPass(createTritonGPUOptimizeThreadLocality(scaledSums));
  // A dot loop's mask computed only on the tiles where it is not all true
  // (causal attention's), now that the layouts are chosen.
  pm.addPass(createTritonGuardTileMasks());
  // Software pipelining: loop nests marked tt.flatten made one loop (a
  // persistent kernel pipelines across its tiles), which loads go ahead and
  // how far, the schedule, then the rewrite.
  pm.addPass(createTritonGPUFuseNestedLoops());
  // Loops marked tt.warp_specialize (and, unless turned off, attention loops
  // where it measured faster): a TMA producer warp group.
  TritonGPUAutomaticWarpSpecializationOptions warpSpecialization;
  warpSpecialization.numStages = options.numStages;
  warpSpecialization.automatic = options.automaticWarpSpecialization;
  warpSpecialization.multicast = options.tmaMulticast;
  warpSpecialization.gridXMultiple = options.gridXMultiple;
  pm.addPass(createTritonGPUAutomaticWarpSpecialization(warpSpecialization));
  TritonGPUAssignLatenciesOptions latencies;
  latencies.numStages = options.numStages;
  pm.addPass(createTritonGPUAssignLatencies(latencies));
  pm.addPass(createTritonGPUScheduleLoops());
  TritonGPUPipelineOptions pipeline;
  pipeline.numStages = options.numStages;
  pm.addPass(createTritonGPUPipeline(pipeline));
  // mma.sync: the next k-slice of the operands read while this one computes.
  pm.addPass(createTritonGPUPrefetch());
  // Descriptor loads and stores left over: TMA copies.
  pm.addPass(createTritonNvidiaTMALowering());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonGPUCheckAsyncSlots());
  pm.addPass(createSymbolDCEPass());
}

void mlir::triton::buildTritonGPUToLLVMPipeline(OpPassManager &pm,
                                                int gridXMultiple,
                                                bool fpFusion) {
  // Softmax's max(x * s) as max(x) * s, on the loops as they will run.
  TritonGPUScaleAfterMaxOptions scaleAfterMax;
  scaleAfterMax.fpFusion = fpFusion;
  pm.addPass(createTritonGPUScaleAfterMax(scaleAfterMax));
  // Shared memory is placed before the lowering reads its offsets.
  pm.addPass(createAllocateSharedMemory());
  // Blocks of tensor-core loops in 2-block clusters, where the launch allows
  // and several blocks fit on a multiprocessor.
  TritonGPUPlanClustersOptions clusters;
  clusters.gridXMultiple = gridXMultiple;
  pm.addPass(createTritonGPUPlanClusters(clusters));
  pm.addPass(createConvertTritonGPUToLLVM());
  // NVVM ops that are PTX templates (wgmma.mma_async) to inline PTX.
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

void mlir::triton::buildTritonNvidiaPipeline(
    OpPassManager &pm, const TritonToTritonGPUPipelineOptions &options) {
  buildTritonToTritonGPUPipeline(pm, options);
  buildTritonGPUToLLVMPipeline(pm, options.gridXMultiple,
                               options.enableFpFusion);
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<>(
      "triton-ttir-pipeline",
      "The TTIR clean-ups alone (upstream's make_ttir stage): TTIR in, TTIR "
      "out, as triton.compile's asm[\"ttir\"]",
      [](OpPassManager &pm) { buildTritonTTIRPipeline(pm); });
  PassPipelineRegistration<TritonToTritonGPUPipelineOptions>(
      "triton-nvidia-pipeline",
      "TTIR to the LLVM and NVVM dialects: the TTGIR pipeline, shared-memory "
      "allocation and the lowering (then triton-translate --triton-to-ptx)",
      buildTritonNvidiaPipeline);
  PassPipelineRegistration<TritonToTritonGPUPipelineOptions>(
      "triton-to-tritongpu-pipeline",
      "TTIR clean-ups, layout assignment and GPU optimizations: TTIR in, "
      "optimized TritonGPU IR out",
      buildTritonToTritonGPUPipeline);
  PassPipelineRegistration<>(
      "tritongpu-to-llvm-pipeline",
      "TritonGPU IR (layouts already chosen, as upstream's triton.compile "
      "takes a .ttgir file) to the LLVM and NVVM dialects",
      [](OpPassManager &pm) { buildTritonGPUToLLVMPipeline(pm); });
}
