//===- Pipelines.cpp - Named pass pipelines -------------------------------===//

#include "TritonDialect/Pipelines/Pipelines.h"

#include "TritonDialect/Conversion/TritonToTritonGPU/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::triton::buildTritonToTritonGPUPipeline(
    OpPassManager &pm, const TritonToTritonGPUPipelineOptions &options) {
  // TTIR: inline device functions (noinline ones stay calls), simplify.
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());

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
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<TritonToTritonGPUPipelineOptions>(
      "triton-to-tritongpu-pipeline",
      "TTIR clean-ups, layout assignment and GPU optimizations: TTIR in, "
      "optimized TritonGPU IR out",
      buildTritonToTritonGPUPipeline);
}
