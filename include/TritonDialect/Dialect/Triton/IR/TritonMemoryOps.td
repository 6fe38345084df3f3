//===- TritonMemoryOps.td - pointers, loads, stores --------*- tablegen -*-===//
//
// Pointer arithmetic, block pointers, loads and stores (masked, cached,
// volatile), atomics, and the tensor-descriptor (TMA-style) ops. Each op
// declares the global-memory effects it has so CSE/LICM/DCE stay correct.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_MEMORY_OPS_TD
#define TRITON_MEMORY_OPS_TD

include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "Offset pointers by a number of elements";
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "Move a block pointer by per-dimension offsets";
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base pointer matches the block's element type", "result",
                   "base", "::mlir::triton::getTensorPointerBaseType($_self)">]> {
  let summary = "Make a block pointer into a strided global tensor";
  let description = [{
    `%p = tt.make_tensor_ptr %base, [%M, %N], [%sM, %sN], [%o0, %o1]
    {order = array<i32: 1, 0>} : <tensor<64x64xf16>>` points at the 64x64
    block at offsets (o0, o1) of the M x N tensor at `%base` with the given
    strides; `order` lists dimensions from fastest to slowest varying.
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def TT_LoadOp : TT_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">,
    OptionalTypesMatchWith<"mask type matches ptr type", "ptr", "mask",
        "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))">,
    OptionalTypesMatchWith<"other matches ptr type", "ptr", "other",
                           "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "Load through a pointer, a tensor of pointers or a block pointer";
  let description = [{
    Lanes whose `mask` is false read `other` (undefined without it). A block
    pointer load checks bounds on the dimensions in `boundaryCheck` and reads
    `padding` out of bounds. `cacheModifier`/`evictionPolicy` are cache hints;
    a volatile load is never removed or merged.
  }];
  let arguments = (ins AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
      Optional<TT_BoolLike>:$mask, Optional<TT_Type>:$other,
      DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
      OptionalAttr<TT_PaddingOptionAttr>:$padding,
      DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
      DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let builders = [
    OpBuilder<(ins "Value":$ptr, "Value":$mask, "Value":$other,
                   CArg<"::mlir::triton::CacheModifier", "::mlir::triton::CacheModifier::NONE">:$cache,
                   CArg<"::mlir::triton::EvictionPolicy", "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
                   CArg<"bool", "false">:$isVolatile)>
  ];
  // No commas between the cache and eviction clauses: oilist clauses must
  // start with distinct keywords. This is upstream's printed form.
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def TT_StoreOp : TT_Op<"store", [
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "::mlir::triton::getPointeeType($_self)">,
    OptionalTypesMatchWith<"mask type matches ptr type", "ptr", "mask",
        "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))">]> {
  let summary = "Store through a pointer, a tensor of pointers or a block pointer";
  let arguments = (ins
      Arg<AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>, "", [MemWrite<GlobalMemory>]>:$ptr,
      TT_Type:$value, Optional<TT_BoolLike>:$mask,
      DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
      DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    OptionalTypesMatchWith<"mask type matches value type", "val", "mask",
                           "::mlir::triton::getI1SameShape($_self)">,
    TypesMatchWith<"result type matches value type", "val", "result", "$_self">]> {
  let summary = "Atomic read-modify-write; returns the old value";
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op,
      Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
      TT_Type:$val, Optional<TT_BoolLike>:$mask,
      TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr type matches cmp type", "cmp", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"result type matches value type", "val", "result", "$_self">]> {
  let summary = "Atomic compare-and-swap; returns the old value";
  let description = [{
    Reads `old` at `ptr`; if `old == cmp` stores `val`. Returns `old`.
  }];
  let arguments = (ins
      Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
      TT_Type:$cmp, TT_Type:$val,
      TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize]> {
  let summary = "Describe a strided global tensor read block by block";
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape,
      Variadic<I64>:$strides,
      DefaultValuedAttr<TT_PaddingOptionAttr, "::mlir::triton::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load"> {
  let summary = "Load the block at `indices` through a tensor descriptor";
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
      Variadic<I32>:$indices,
      DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store"> {
  let summary = "Store a block at `indices` through a tensor descriptor";
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
      TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce"> {
  let summary = "Reduce a block into memory at `indices` (TMA reduce)";
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
      TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather"> {
  let summary = "Gather rows `x_offsets` (from column `y_offset`) of a descriptor";
  let description = [{
    The descriptor's block has one row; the result stacks one such row per
    element of the 1-D `x_offsets`.
  }];
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
      RankedTensorOf<[I16, I32]>:$x_offsets, I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter"> {
  let summary = "Scatter the rows of `src` to rows `x_offsets` of a descriptor";
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
      RankedTensorOf<[I16, I32]>:$x_offsets, I32:$y_offset, TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

#endif // TRITON_MEMORY_OPS_TD
