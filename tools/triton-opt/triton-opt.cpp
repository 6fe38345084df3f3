//===- triton-opt.cpp - The Triton optimizer driver -----------------------===//
//
// `mlir-opt` for Triton: parses, verifies, transforms and prints Triton IR.
// Registers the Triton dialects, the upstream dialects TTIR uses, MLIR's
// general transformations (canonicalize, cse, inline, licm, symbol-dce, ...)
// and every Triton pass and pipeline.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/InitAllPasses.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::registerTransformsPasses();
  mlir::triton::registerAllTritonPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Triton optimizer driver\n", registry));
}
