//===- triton-opt.cpp - The Triton optimizer driver -----------------------===//
//
// `mlir-opt` for Triton: parses, verifies, transforms and prints Triton IR.
// Registers the Triton dialects, the upstream dialects TTIR uses, MLIR's
// general transformations (canonicalize, cse, inline, licm, symbol-dce, ...),
// convert-nvvm-to-llvm, every Triton pass and pipeline, and the test passes of
// test/lib.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/InitAllPasses.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::triton::test {
/// test-print-alignment (test/lib/Analysis/TestAxisInfo.cpp).
void registerTestAxisInfoPass();
/// test-print-membar (test/lib/Analysis/TestMembar.cpp).
void registerTestMembarPass();
} // namespace mlir::triton::test

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::registerTransformsPasses();
  // The pipeline's last conversion, also on its own (NVVM ops that lower
  // to inline PTX).
  mlir::registerConvertNVVMToLLVMPass();
  mlir::triton::registerAllTritonPasses();
  mlir::triton::test::registerTestAxisInfoPass();
  mlir::triton::test::registerTestMembarPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Triton optimizer driver\n", registry));
}
