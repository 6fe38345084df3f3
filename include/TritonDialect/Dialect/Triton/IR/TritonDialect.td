//===- TritonDialect.td - The Triton (`tt`) dialect --------*- tablegen -*-===//
//
// The `tt` dialect is Triton IR: block programs over tensors of values and
// pointers, before any GPU layout is chosen. Its textual form is the one that
// upstream Triton 3.6 prints, so TTIR from upstream's frontend parses here
// unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TD
#define TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton IR: block programs over tensors of values and pointers";
  let description = [{
    Triton IR describes a kernel as a single-threaded program over blocks
    (tensors). Pointers are `!tt.ptr<T>`; a tensor of pointers addresses a block
    of memory, and `tt.load`/`tt.store` move blocks between memory and values.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 0;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif // TRITON_DIALECT_TD
