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

#endif
