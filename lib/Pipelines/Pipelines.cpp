//===- Pipelines.cpp - Named pass pipelines -------------------------------===//

#include "TritonDialect/Pipelines/Pipelines.h"

#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/Triton/Transforms/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::triton::buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const TritonToTritonGPUPipelineOptions &options) {
  // TTIR: inline device functions (noinline ones stay calls), combine and
  // simplify, unroll marked loops.
  pm.addPass(createInlinerPass());
  pm.addPass(createTritonRewriteTensorPointer());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());

  // Layouts.
  ConvertTritonToTritonGPUOptions convert;
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = options.threadsPerWarp;
  convert.numCTAs = options.numCTAs;
  convert.target = options.target;
  pm.addPass(createConvertTritonToTritonGPU(convert));

  // TTGIR optimizations.
  pm.addPass(gpu::createTritonGPUCoalesce());
  pm.addPass(gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(createSymbolDCEPass());
  // Not here yet, unlike upstream's pipeline:
  //  - tritongpu-optimize-thread-locality: a performance rewrite of
  //    reductions accumulated in loops; correctness does not need it and
  //    the corpus comparison (vector widths, conversions) does not either.
  //  - tritongpu-reduce-data-duplication: it stages dot operands through
  //    shared memory, so it belongs with the tensor-core passes (tt.dot).
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<TritonToTritonGPUPipelineOptions>(
      "triton-to-tritongpu-pipeline",
      "TTIR clean-ups, layout assignment and GPU optimizations: TTIR in, "
      "optimized TritonGPU IR out",
      buildTritonToTritonGPUPipeline);
}
