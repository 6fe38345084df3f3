//===- TritonComputeOps.td - dots, reductions, scans -------*- tablegen -*-===//
//
// Block-level computations: matrix products (`dot`, `dot_scaled`) and
// reductions and scans with a combiner region.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_COMPUTE_OPS_TD
#define TRITON_COMPUTE_OPS_TD

include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"

def TT_DotOp : TT_Op<"dot", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "d = a * b + c, for [B x] M x K times [B x] K x N";
  let description = [{
    `inputPrecision` says how f32 inputs use tensor cores: `tf32`, `tf32x3`,
    `bf16x3`, `bf16x6`, or `ieee` (no tensor cores). It does not matter for
    other input types. `maxNumImpreciseAcc` bounds the number of fp8 products
    accumulated at reduced precision before promoting to the accumulator.
  }];
  let arguments = (ins TT_FpIntTensor:$a, TT_FpIntTensor:$b, TT_FpIntTensor:$c,
      DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
      DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "Matrix product of microscaled (mx) operands";
  let description = [{
    d = scale(a, a_scale) * scale(b, b_scale) + c, where each scale element
    applies to a block of 32 elements along K. fp4 (`e2m1`) operands are
    packed two per i8, along K unless `lhs_k_pack`/`rhs_k_pack` is false.
  }];
  let arguments = (ins RankedTensorOf<[TT_Float, I8]>:$a,
      RankedTensorOf<[TT_Float, I8]>:$b, TT_FloatTensor:$c,
      Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
      Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
      TT_ScaleDotElemTypeAttr:$a_elem_type, TT_ScaleDotElemTypeAttr:$b_elem_type,
      BoolAttr:$fastMath,
      DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
      DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape,
    SameOperandsEncoding, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Reduce tensors along `axis` with a combiner region";
  let description = [{
    The combiner takes (acc_0..acc_{n-1}, x_0..x_{n-1}) scalars and returns
    the combined n scalars through `tt.reduce.return`. Reducing a 1-D tensor
    gives scalars; otherwise `axis` is removed from the shape. Upstream prints
    this op in generic form, and so do we.
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "ValueRange":$srcs, "int":$axis)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::RankedTensorType> getInputTypes();
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
    /// The single op combining the arguments, if the region is just that op
    /// and the terminator (for example `arith.addf`); null otherwise.
    ::mlir::Operation *getSingleCombiner();
  }];
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
    Terminator, ReturnLike]> {
  let summary = "Terminator of tt.reduce";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultEncoding,
    SameOperandsAndResultShape, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Inclusive associative scan along `axis` with a combiner region";
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "ValueRange":$srcs, "int":$axis,
                                 "bool":$reverse)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::RankedTensorType> getInputTypes();
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
  }];
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
    Terminator, ReturnLike]> {
  let summary = "Terminator of tt.scan";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

#endif // TRITON_COMPUTE_OPS_TD
