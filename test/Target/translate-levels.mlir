// triton-translate runs on MLIR's translation driver: each translation
// refuses input at the wrong level with a diagnostic at the first op (or the
// module attribute) that shows it, naming what to run instead. Every case is
// checked with --verify-diagnostics, split by --split-input-file; the
// --ttir-to-ptx cases are in ttir-to-ptx-levels.mlir.
// RUN: triton-translate --mlir-to-ptx --split-input-file --verify-diagnostics %s

// TTIR to the PTX step.
module {
  // expected-error @+1 {{'tt.func' is not in the LLVM or NVVM dialect (the input is TTIR): PTX is made from the Triton pipeline's output; run the pipeline first (triton-opt --triton-nvidia-pipeline, or triton-translate --ttir-to-ptx for TTIR)}}
  tt.func @k(%p: !tt.ptr<f32>) {
    tt.return
  }
}

// -----

// TTGIR (layouts assigned, not lowered) to the PTX step.
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error @+1 {{'tt.func' is not in the LLVM or NVVM dialect (the input is TTGIR)}}
  tt.func @k() {
    tt.return
  }
}

// -----

// An unlowered op inside an otherwise lowered kernel.
module {
  llvm.func @k() attributes {nvvm.kernel} {
    // expected-error @+1 {{'arith.constant' is not in the LLVM or NVVM dialect: PTX is made from}}
    %0 = arith.constant 0 : i32
    llvm.return
  }
}
