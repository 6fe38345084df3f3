//===- Passes.td - Triton IR passes ---------------------------------------*- tablegen -*-===//
//
// The Triton IR (tt) passes of lib/Transforms/Triton: clean-ups before layouts.
// Lowerings to other dialects are conversions (TritonDialect/Conversion).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TRANSFORMS_TRITON_PASSES
#define TRITONDIALECT_TRANSFORMS_TRITON_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Triton IR (tt)
//===----------------------------------------------------------------------===//

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "Combine Triton ops the frontend leaves apart";
  let description = [{
    - `addptr(addptr(p, a), b)` -> `addptr(p, a + b)`;
    - `select(m, load(p, m), other)` -> `load(p, m, other)`;
    - `dot(a, b, 0) + d` -> `dot(a, b, d)` (a float or integer accumulator);
    - `sum(x[:, :, None] * y[None, :, :], axis=1)` -> `dot(x, y, 0)` (float
      sums of at most 32 bits, every dimension at least 16);
    plus the tt canonicalizations.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "Compute elementwise ops before splat and broadcast";
  let description = [{
    `op(splat a, splat b)` -> `splat(op(a, b))` and
    `op(broadcast a, broadcast b)` -> `broadcast(op(a, b))` when the
    broadcast operands share a shape: the op then runs on fewer elements.
  }];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "Unroll scf.for loops marked with tt.loop_unroll_factor";
  let description = [{
    `tl.range(..., loop_unroll_factor=N)` marks its loop with
    `tt.loop_unroll_factor = N`; the loop is unrolled N times (with an
    epilogue loop for leftover iterations) and the mark removed.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def TritonGuardTileMasks : Pass<"triton-guard-tile-masks", "mlir::ModuleOp"> {
  let summary = "Compute a tl.where mask only on the tiles where it is not all true";
  let description = [{
    In an `scf.for` whose body has a `tt.dot` or `ttng.warp_group_dot`, an
    `arith.select` on a tensor whose condition (used by it alone) compares
    two index ranges (`splat(x) + make_range`, through `expand_dims`,
    `broadcast` and `ttg.convert_layout`, one side moving with the
    induction variable), such as causal attention's
    `tl.where(rm[:, None] >= rn[None, :], qk, -inf)`, is true on every
    element of the tile for a prefix or a suffix of the iterations. The
    select, with its comparison, goes into an `scf.if` on that range (a
    scalar test of the induction variable, the same for every thread): the
    tiles where the mask is all true take the true value without comparing
    or selecting. Ranges are taken as exact, without wrapping, as Triton's
    index arithmetic is. It works on Triton IR and TritonGPU IR alike; the
    pipeline runs it once the layouts are chosen, so that the `scf.if`
    yields the select's own layout. `remarks` says which loops were changed
    and why others were not.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "report which masks were guarded and why others were not">
  ];
}

def TritonRewriteTensorPointer : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "Lower block pointers to tensors of pointers with masks";
  let description = [{
    `tt.make_tensor_ptr` and `tt.advance` become per-dimension offsets; a
    load or store through a block pointer becomes one through
    `base + sum((offset_d + range_d) * stride_d)`, masked by
    `0 <= index_d < shape_d` on the dimensions in `boundaryCheck`, with
    `padding` (zero or NaN) as the value of masked-off loads. Block pointers
    carried through `scf.for` become their offsets there.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "Lower tensor descriptors to tensors of pointers with masks";
  let description = [{
    A tensor descriptor (`tt.make_tensor_descriptor`, or a kernel argument of
    type `!tt.tensordesc` followed by its shape and strides, as the frontend
    flattens it) names (base, shape, strides). `tt.descriptor_load`,
    `descriptor_store`, `descriptor_reduce`, `descriptor_gather` and
    `descriptor_scatter` become `tt.load`/`tt.store`/`tt.atomic_rmw` through
    `base + sum((index_d + range_d) * stride_d)`, masked to the tensor on
    every dimension; loads read 0 (NaN with `padding = nan`) outside it.
    A descriptor argument becomes its base pointer (16-byte aligned, with
    strides multiples of 16 bytes but the last, which is 1, as the host
    checks), which is the ABI `triton_stub`'s launcher passes.

    With `tma` (Hopper, as upstream skips this pass from sm_90), a module
    whose descriptors TMA can move is left as it is, for
    triton-nvidia-tma-lowering and the pipeliner: every descriptor is a
    kernel argument (a tensor map the launcher makes) or made by
    `tt.make_tensor_descriptor` (a tensor map the kernel writes), used only
    by `tt.descriptor_load`/`descriptor_store`, with blocks
    `isTMACompatible` accepts. Anything else (reductions, gathers,
    scatters, descriptors carried by loops or passed to calls) still
    becomes pointers.
  }];
  let options = [
    Option<"tma", "tma", "bool", /*default*/"false",
           "keep descriptors TMA can move (sm_90 and later)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // TRITONDIALECT_TRANSFORMS_TRITON_PASSES
