//===- Traits.cpp - Native traits shared by Triton ops --------------------===//

#include "TritonDialect/Dialect/Triton/IR/Traits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

LogicalResult mlir::triton::verifyTensorSize(Operation *op) {
  auto check = [&](Type type, StringRef what) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    if (!tensor.hasStaticShape())
      return op->emitOpError()
             << what << " " << type << " must have a static shape";
    int64_t n = tensor.getNumElements();
    if (n > kMaxTensorNumElements)
      return op->emitOpError()
             << what << " " << type << " has " << n
             << " elements, more than the maximum of " << kMaxTensorNumElements;
    if (!llvm::isPowerOf2_64(n))
      return op->emitOpError() << what << " " << type << " has " << n
                               << " elements; Triton tensors hold a "
                                  "power-of-two number of elements";
    return success();
  };
  for (Type t : op->getOperandTypes())
    if (failed(check(t, "operand")))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(check(t, "result")))
      return failure();
  return success();
}

static Attribute getEncoding(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

/// All tensor types in `types` share one encoding; scalars are ignored.
static LogicalResult verifySameEncoding(Operation *op, TypeRange types,
                                        StringRef what) {
  std::optional<Attribute> first;
  for (Type t : types) {
    if (!isa<RankedTensorType>(t))
      continue;
    Attribute enc = getEncoding(t);
    if (!first) {
      first = enc;
      continue;
    }
    if (enc != *first)
      return op->emitOpError() << "requires the same encoding for all " << what;
  }
  return success();
}

LogicalResult mlir::triton::verifySameOperandsEncoding(Operation *op) {
  return verifySameEncoding(op, op->getOperandTypes(), "operands");
}

LogicalResult mlir::triton::verifySameOperandsAndResultEncoding(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifySameEncoding(op, types, "operands and results");
}
