//===- TritonElementwiseOps.td - Casts, math, asm ----------*- tablegen -*-===//
//
// Elementwise ops that arith/math cannot express: pointer casts, custom float
// conversions with rounding modes, precise math, external library calls,
// inline assembly and `map_elementwise` regions.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_ELEMENTWISE_OPS_TD
#define TRITON_ELEMENTWISE_OPS_TD

include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"

class TT_ElementwiseOp<string mnemonic, list<Trait> traits = []>
    : TT_Op<mnemonic, !listconcat(traits, [Elementwise])>;

def TT_IntToPtrOp : TT_ElementwiseOp<"int_to_ptr", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding]> {
  let summary = "Cast an int64 (or tensor of int64) to a pointer";
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
}

def TT_PtrToIntOp : TT_ElementwiseOp<"ptr_to_int", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding]> {
  let summary = "Cast a pointer (or tensor of pointers) to int64";
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

// arith.bitcast does not accept pointers; this one does.
def TT_BitcastOp : TT_ElementwiseOp<"bitcast", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding]> {
  let summary = "Reinterpret bits as another type of the same width";
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_FpToFpOp : TT_ElementwiseOp<"fp_to_fp", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding]> {
  let summary = "Float conversion for fp8 types and explicit rounding modes";
  let description = [{
    Converts between fp8 (e4m3, e5m2, ...) and fp16/bf16/fp32/fp64. A
    narrowing conversion names its rounding mode (`rtne` or `rtz`); a
    widening one is exact and takes none.
  }];
  let arguments = (ins TT_FloatLike:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict  (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_ClampFOp : TT_ElementwiseOp<"clampf", [Pure,
    SameOperandsAndResultType]> {
  let summary = "Clamp x into [min, max], with a NaN propagation mode";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp : TT_ElementwiseOp<"precise_sqrt", [Pure,
    SameOperandsAndResultType]> {
  let summary = "IEEE-rounded square root";
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_ElementwiseOp<"precise_divf", [Pure,
    SameOperandsAndResultType]> {
  let summary = "IEEE-rounded division";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_ElementwiseOp<"mulhiui", [Pure,
    SameOperandsAndResultType]> {
  let summary = "High N bits of the unsigned 2N-bit product";
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
  let hasFolder = 1;
}

def TT_ExternElementwiseOp : TT_ElementwiseOp<"extern_elementwise", [
    SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Call a function of an external library elementwise";
  let description = [{
    Calls `$symbol` from `$libpath`/`$libname` (libdevice, for example) on
    each element. A call that is not `pure` reads and writes memory.
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
  let hasVerifier = 1;
}

def TT_ElementwiseInlineAsmOp : TT_ElementwiseOp<"elementwise_inline_asm", [
    SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Inline assembly applied to groups of packed elements";
  let description = [{
    Runs `$asm_string` on `$packed_element` elements of every argument at a
    time; which elements form a group is unspecified.
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<TT_Type>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [
    SameOperandsAndResultEncoding, SameOperandsAndResultShape,
    RecursiveMemoryEffects]> {
  let summary = "Apply a scalar region to every element (in packs)";
  let description = [{
    The region takes `pack` consecutive elements of every operand (operand 0's
    pack first) and yields `pack` elements of every result through
    `tt.map_elementwise.return`.
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [
    HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "Terminator of tt.map_elementwise";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

#endif // TRITON_ELEMENTWISE_OPS_TD
