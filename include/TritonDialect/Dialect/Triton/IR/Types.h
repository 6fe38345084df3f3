//===- Types.h - Types of the `tt` dialect and helpers ----------*- C++ -*-===//
//
// `!tt.ptr` and `!tt.tensordesc`, and the small type functions the ops'
// constraints and verifiers use (pointee of a pointer tensor, i1 tensor of
// the same shape, and so on).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITON_IR_TYPES_H
#define TRITONDIALECT_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "TritonDialect/Dialect/Triton/IR/Types.h.inc"

namespace mlir::triton {

/// The address space of global memory, the default of `!tt.ptr`.
constexpr int kGlobalAddressSpace = 1;

/// `!tt.ptr<T>` with T not a tensor.
bool isScalarPointer(Type type);
/// `!tt.ptr<tensor<...>>`, a block pointer.
bool isTensorPointer(Type type);

/// The type a load through `ptrLike` yields: T for `!tt.ptr<T>`, the tensor
/// for a block pointer, `tensor<S x T>` (same encoding) for `tensor<S x
/// !tt.ptr<T>>`. Returns `ptrLike` unchanged when it is not a pointer.
Type getPointeeType(Type ptrLike);

/// `i1`, or a tensor of `i1` with the shape and encoding of `type`.
Type getI1SameShape(Type type);

/// `!tt.ptr<T>` for T, or `tensor<S x !tt.ptr<T>>` for `tensor<S x T>`.
Type getPointerTypeSameShape(Type type);

/// The scalar pointer a block pointer `!tt.ptr<tensor<S x T>, as>` starts
/// from: `!tt.ptr<T, as>`.
Type getTensorPointerBaseType(Type tensorPtr);

/// Bit width of a scalar type; pointers count 64 bits.
unsigned getScalarBitWidth(Type type);

} // namespace mlir::triton

#endif // TRITONDIALECT_DIALECT_TRITON_IR_TYPES_H
