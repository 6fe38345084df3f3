//===- Dialect.h - The Triton (`tt`) dialect --------------------*- C++ -*-===//
//
// One include for users of the `tt` dialect: the dialect, its types, enums,
// traits, interfaces and ops.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITON_IR_DIALECT_H
#define TRITONDIALECT_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TritonDialect/Dialect/Triton/IR/Interfaces.h"
#include "TritonDialect/Dialect/Triton/IR/Traits.h"
#include "TritonDialect/Dialect/Triton/IR/Types.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h.inc"
#include "TritonDialect/Dialect/Triton/IR/OpsEnums.h.inc"

namespace mlir::triton {
/// The resource global-memory effects are attributed to.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "TritonDialect/Dialect/Triton/IR/Ops.h.inc"

namespace mlir::triton {
/// What every element of a splat tensor holds: the scalar a tt.splat
/// spreads, or a splat constant's element (both null where the tensor is
/// neither). Two splats hold the same value where these compare equal
/// (constants bit for bit, whatever their shapes).
struct SplatValue {
  Value scalar;
  Attribute constant;
  explicit operator bool() const { return scalar || constant; }
  bool operator==(const SplatValue &other) const {
    return scalar == other.scalar && constant == other.constant;
  }
  bool operator!=(const SplatValue &other) const { return !(*this == other); }
};
SplatValue getSplatValue(Value tensor);
} // namespace mlir::triton

#endif // TRITONDIALECT_DIALECT_TRITON_IR_DIALECT_H
