//===- TritonTypes.td - Types of the `tt` dialect ----------*- tablegen -*-===//
//
// `!tt.ptr<T[, addrspace]>` (a pointer to a scalar, or to a whole tensor for
// block pointers) and `!tt.tensordesc<tensor<...>>` (a TMA-style tensor
// descriptor), plus the type constraints the ops use.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TYPES_TD
#define TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "TritonDialect/Dialect/Triton/IR/TritonDialect.td"

class TritonTypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Element types Triton computes with.
def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_PtrType : TritonTypeDef<"Pointer", "ptr"> {
  let summary = "Pointer to a scalar or to a tensor, in an address space";
  let description = [{
    `!tt.ptr<f32>` points to one f32 in global memory (address space 1, the
    default, which is not printed); `!tt.ptr<f16, 3>` names another address
    space. `!tt.ptr<tensor<64x64xf16>>` is a block pointer made by
    `tt.make_tensor_ptr`.
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TT_TensorDescType : TritonTypeDef<"TensorDesc", "tensordesc"> {
  let summary = "Descriptor of a tiled view of a tensor in global memory";
  let description = [{
    `!tt.tensordesc<tensor<64x64xf16>>` describes a global tensor (base,
    shape, strides) that is read and written block by block, each block of the
    given tensor type.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

// A scalar pointer: !tt.ptr<T> with T not a tensor.
def TT_Ptr : DialectType<Triton_Dialect,
    CPred<"::mlir::triton::isScalarPointer($_self)">, "ptr",
    "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : AnyTypeOf<[TT_FloatTensor, TT_IntTensor]>;
def TT_Tensor : AnyTypeOf<[TT_FpIntTensor, TT_PtrTensor]>;

// A block pointer: !tt.ptr<tensor<...>>.
def TT_TensorPtr : DialectType<Triton_Dialect,
    CPred<"::mlir::triton::isTensorPointer($_self)">, "ptr<tensor>",
    "::mlir::triton::PointerType">;

// Any value Triton IR computes with.
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

#endif // TRITON_TYPES_TD
