//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout ---------------------===//
//
// ttg.convert_layout between distributed layouts. When every thread already
// holds the elements it needs, the register-permutation pattern of
// ViewOpToLLVM.cpp applies. Otherwise the data goes through the scratch
// shared memory allocate-shared-memory assigned to the op.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {} // namespace

void mlir::triton::gpu::lowering::populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {}
