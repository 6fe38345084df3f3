//===- Traits.h - Native traits shared by Triton ops ------------*- C++ -*-===//
//
// Tensor size rules and encoding equality. The encoding traits are trivially
// true before layouts are assigned and keep TritonGPU IR consistent after.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITON_IR_TRAITS_H
#define TRITONDIALECT_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::triton {
/// Triton tensors hold at most this many elements (upstream's limit).
constexpr int64_t kMaxTensorNumElements = 1 << 20;

LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
} // namespace mlir::triton

namespace mlir::OpTrait {

/// Every ranked tensor operand and result has a power-of-two number of
/// elements, at most kMaxTensorNumElements.
template <typename ConcreteType>
class TensorSizeTrait : public TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return triton::verifyTensorSize(op);
  }
};

/// All tensor operands carry the same encoding (or none).
template <typename ConcreteType>
class SameOperandsEncoding
    : public TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return triton::verifySameOperandsEncoding(op);
  }
};

/// All tensor operands and results carry the same encoding (or none).
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return triton::verifySameOperandsAndResultEncoding(op);
  }
};

} // namespace mlir::OpTrait

#endif // TRITONDIALECT_DIALECT_TRITON_IR_TRAITS_H
