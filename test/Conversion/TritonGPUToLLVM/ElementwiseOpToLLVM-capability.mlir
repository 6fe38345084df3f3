// compute-capability, when given, overrides the module's ttg.target: fp8
// conversions refused for cuda:80 lower for compute-capability=89.
// RUN: not triton-opt %s --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: triton-opt %s --convert-triton-gpu-to-llvm="compute-capability=89" | FileCheck %s --check-prefix=CC89
// TARGET: error: fp8 conversions need sm_89 or newer
// CC89: cvt.rn.satfinite.e4m3x2.f32
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%x: tensor<512xf32, #b>) -> tensor<512xf8E4M3FN, #b> {
    %a = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b> -> tensor<512xf8E4M3FN, #b>
    tt.return %a : tensor<512xf8E4M3FN, #b>
  }
}
