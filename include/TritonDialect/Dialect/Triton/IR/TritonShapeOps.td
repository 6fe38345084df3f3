//===- TritonShapeOps.td - Ranges and shape manipulation ---*- tablegen -*-===//
//
// Ops that make blocks and move elements between positions without touching
// memory: make_range, splat/unsplat, broadcast, expand_dims, reshape, trans,
// cat, join/split, gather and histogram.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_SHAPE_OPS_TD
#define TRITON_SHAPE_OPS_TD

include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "The 1-D i32 tensor [start, end)";
  let description = [{
    `end - start` must equal the result length, which is a power of two.
    `start` and `end` are signed 32-bit values.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
                                 SameOperandsAndResultEncoding]> {
  let summary = "Make a tensor with every element equal to a scalar";
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The only element of a one-element tensor, as a scalar";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure,
    SameOperandsAndResultElementType, SameOperandsAndResultEncoding]> {
  let summary = "Stretch size-1 dimensions to a larger size";
  let description = [{
    `tensor<1x32x1xf32> -> tensor<2x32x4xf32>`: only dimensions of size 1 may
    change; the rank stays the same.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    SameOperandsAndResultElementType]> {
  let summary = "Insert a dimension of size 1 at `axis`";
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Reinterpret a tensor with another shape of the same size";
  let description = [{
    Row-major order is kept unless `allow_reorder` is set, in which case the
    compiler may permute elements. `efficient_layout` asks later passes to
    keep the result's layout.
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Permute the dimensions of a tensor (tl.trans / tl.permute)";
  let description = [{
    Result dimension i is source dimension `order[i]`: a tensor of shape
    [1,2,4] with order [2,0,1] becomes [4,1,2].
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

// Not Pure: the order in which cat places elements is unspecified.
def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "Concatenate two tensors (element order unspecified)";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands,
                               SameOperandsAndResultElementType]> {
  let summary = "Join two tensors along a new minor dimension of size 2";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_SplitOp : TT_Op<"split", [Pure,
    TypesMatchWith<"outLHS and outRHS types match", "outLHS", "outRHS",
                   "$_self">]> {
  let summary = "Split a tensor along its last dimension, of size 2";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

def TT_GatherOp : TT_Op<"gather", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Gather elements of src along `axis` at the given indices";
  let description = [{
    The result has the shape of `indices`; each dimension of `indices` other
    than `axis` is at most the matching dimension of `src`.
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    OptionalTypesMatchWith<"mask type matches src type", "src", "mask",
                           "::mlir::triton::getI1SameShape($_self)">]> {
  let summary = "Histogram of a 1-D integer tensor, one bin per result element";
  let description = [{
    Bins have width 1 and start at 0; values outside [0, bins) are not
    counted, nor are elements whose mask is false.
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TRITON_SHAPE_OPS_TD
