// triton-translate --ttir-to-ptx (and compileModule under it) takes TTIR
// only: TTGIR and LLVM-dialect input get a diagnostic saying so.
// RUN: triton-translate --ttir-to-ptx --split-input-file --verify-diagnostics %s

// Already lowered: the PTX step alone is what it needs.
module {
  // expected-error @+1 {{'llvm.func' is already in the LLVM dialect: make PTX from it with translateToPTX (triton-translate --mlir-to-ptx)}}
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// TTGIR: layouts are assigned by the pipeline, not before it.
// expected-error @+1 {{the input is TTGIR (module attribute 'ttg.num-warps'): the Triton pipeline starts from TTIR}}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @k() {
    %c = arith.constant dense<0> : tensor<128xi32, #blocked>
    // expected-error @+1 {{'ttg.convert_layout' is TTGIR: the Triton pipeline starts from TTIR}}
    %0 = ttg.convert_layout %c : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked>
    tt.return
  }
}
