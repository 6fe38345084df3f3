//===- TritonOpBase.td - Base class and traits of `tt` ops -*- tablegen -*-===//
//
// The base op class and the native traits every `tt` op shares: tensors hold
// a power-of-two number of elements (at most 2^20), and ops that keep a
// layout keep their operands' and results' encodings equal.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_OP_BASE_TD
#define TRITON_OP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "TritonDialect/Dialect/Triton/IR/TritonDialect.td"
include "TritonDialect/Dialect/Triton/IR/TritonTypes.td"
include "TritonDialect/Dialect/Triton/IR/TritonAttrDefs.td"

// Global memory, the resource loads, stores, atomics and prints touch.
def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

def TensorSizeTrait : NativeOpTrait<"TensorSizeTrait"> {
  let cppNamespace = "::mlir::OpTrait";
}
def SameOperandsAndResultEncoding
    : NativeOpTrait<"SameOperandsAndResultEncoding"> {
  let cppNamespace = "::mlir::OpTrait";
}
def SameOperandsEncoding : NativeOpTrait<"SameOperandsEncoding"> {
  let cppNamespace = "::mlir::OpTrait";
}

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic, !listconcat(traits, [TensorSizeTrait])>;

#endif // TRITON_OP_BASE_TD
