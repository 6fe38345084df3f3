//===- TritonGPUTypes.td - Types of the `ttg` dialect ------*- tablegen -*-===//
//
// `!ttg.memdesc<shape x elem, encoding, space[, mutable][, allocShape]>`, a
// view of a buffer in shared memory, and `!ttg.async.token`.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_TYPES_TD
#define TRITONGPU_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc",
    [ShapedTypeInterface]> {
  let summary = "A view of a buffer in shared memory";
  let description = [{
    `!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>`: the shape and
    element type of the view, its shared encoding, the memory space, whether
    it may be written, and (printed when it differs from the shape) the shape
    of the whole allocation the view lies in.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding,
        "::mlir::Attribute":$memorySpace, CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>
  ];
  let extraClassDeclaration = [{
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      return MemDescType::get(getContext(), shape.value_or(getShape()),
                              elementType, getEncoding(), getMemorySpace(),
                              getMutableMemory(), getAllocShape());
    }
    bool hasRank() const { return true; }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "Token of an asynchronous copy group";
}

#endif // TRITONGPU_TYPES_TD
