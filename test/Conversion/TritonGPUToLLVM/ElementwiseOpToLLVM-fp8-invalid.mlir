// RUN: not triton-opt %s -split-input-file --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// fp8 conversions need sm_89+, and narrowing to fp8 rounds to nearest even
// only: a clear error with the location, exit 1.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @old_gpu(%x: tensor<512xf32, #b>) {
    // CHECK: ElementwiseOpToLLVM-fp8-invalid.mlir:[[# @LINE + 1]]:10: error: fp8 conversions need sm_89 or newer
    %a = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b> -> tensor<512xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz(%x: tensor<512xf32, #b>) {
    // CHECK: ElementwiseOpToLLVM-fp8-invalid.mlir:[[# @LINE + 1]]:10: error: conversions to fp8 round to nearest even only
    %a = tt.fp_to_fp %x, rounding = rtz : tensor<512xf32, #b> -> tensor<512xf8E5M2, #b>
    tt.return
  }
}


// -----

// fp8 values have no arithmetic: an error at the op, not invalid LLVM IR.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_add(%x: tensor<512xf8E4M3FN, #b>) -> tensor<512xf8E4M3FN, #b> {
    // CHECK: ElementwiseOpToLLVM-fp8-invalid.mlir:[[# @LINE + 1]]:10: error: 'arith.addf' on 'f8E4M3FN': fp8 values have no arithmetic; convert them to f16, bf16 or f32 first
    %a = arith.addf %x, %x : tensor<512xf8E4M3FN, #b>
    tt.return %a : tensor<512xf8E4M3FN, #b>
  }
}
