//===- Passes.td - Triton IR clean-ups ---------------------*- tablegen -*-===//

#ifndef TRITON_TRANSFORMS_PASSES
#define TRITON_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "Combine Triton ops the frontend leaves apart";
  let description = [{
    - `addptr(addptr(p, a), b)` -> `addptr(p, a + b)`;
    - `select(m, load(p, m), other)` -> `load(p, m, other)`;
    - `dot(a, b, 0) + d` -> `dot(a, b, d)` (a float or integer accumulator);
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

#endif
