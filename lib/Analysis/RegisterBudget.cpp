//===- RegisterBudget.cpp - Tensors too large for a thread's registers ----===//

#include "TritonDialect/Analysis/RegisterBudget.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

int64_t triton::registersPerThread(RankedTensorType type, int64_t threads) {
  Type elem = type.getElementType();
  int64_t bits =
      isa<triton::PointerType>(elem) ? 64 : elem.getIntOrFloatBitWidth();
  int64_t words = std::max<int64_t>(1, bits / 32);
  if (Attribute encoding = type.getEncoding()) {
    std::optional<LinearLayout> layout =
        gpu::toLinearLayout(type.getShape(), encoding);
    if (layout && layout->hasInDim(layout_dims::kRegister))
      return layout->getInDimSize(layout_dims::kRegister) * words;
  }
  return llvm::divideCeil(type.getNumElements() * words,
                          std::max<int64_t>(1, threads));
}

LogicalResult triton::checkRegistersPerThread(ModuleOp module,
                                              int64_t threads) {
  // Values share few types: each type's count (a linear layout to build)
  // once.
  llvm::DenseMap<Type, int64_t> counted;
  WalkResult walk = module.walk([&](Operation *op) {
    for (Value v : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      if (!type || !type.hasStaticShape() ||
          !type.getElementType().isIntOrFloat() &&
              !isa<triton::PointerType>(type.getElementType()))
        continue;
      // A dot operand's layout repeats the operand for every thread that
      // computes with it; the dot lowering reads it a slice at a time.
      if (isa_and_nonnull<gpu::DotOperandEncodingAttr>(type.getEncoding()))
        continue;
      auto [it, inserted] = counted.try_emplace(type, 0);
      if (inserted)
        it->second = registersPerThread(type, threads);
      int64_t registers = it->second;
      if (registers <= kMaxTensorRegistersPerThread)
        continue;
      op->emitError() << type << " needs " << registers
                      << " registers per thread with " << threads
                      << " threads (a thread has at most 255; past "
                      << kMaxTensorRegistersPerThread
                      << " the kernel would spill nearly all of it and take "
                         "minutes to compile): use more warps (num_warps) or "
                         "a smaller block";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
