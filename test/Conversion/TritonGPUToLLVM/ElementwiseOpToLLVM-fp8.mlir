// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.fp_to_fp: fp8 in pairs through PTX's packed conversions (saturating,
// round to nearest even), f32 to f16/bf16 with the op's rounding mode.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @casts
  // CHECK-COUNT-2: "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f"
  // CHECK-COUNT-2: "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"
  // CHECK-COUNT-2: "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;"
  // CHECK-COUNT-2: "cvt.rn.f16x2.e5m2x2 $0, $1;"
  // CHECK-COUNT-4: "cvt.rz.bf16.f32 $0, $1;", "=h,f"
  // CHECK-COUNT-4: "cvt.rn.f16.f32 $0, $1;", "=h,f"
  tt.func public @casts(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %r: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #b>
    %qp = tt.addptr %qs, %i : tensor<512x!tt.ptr<f16>, #b>, tensor<512xi32, #b>
    %rs = tt.splat %r : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>, #b>
    %rp = tt.addptr %rs, %i : tensor<512x!tt.ptr<bf16>, #b>, tensor<512xi32, #b>
    %x = tt.load %pp : tensor<512x!tt.ptr<f32>, #b>
    %a = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b> -> tensor<512xf8E4M3FN, #b>
    %b = tt.fp_to_fp %a : tensor<512xf8E4M3FN, #b> -> tensor<512xf32, #b>
    %c = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b> -> tensor<512xf8E5M2, #b>
    %d = tt.fp_to_fp %c : tensor<512xf8E5M2, #b> -> tensor<512xf16, #b>
    %e = tt.fp_to_fp %x, rounding = rtz : tensor<512xf32, #b> -> tensor<512xbf16, #b>
    %f = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b> -> tensor<512xf16, #b>
    tt.store %pp, %b : tensor<512x!tt.ptr<f32>, #b>
    tt.store %qp, %d : tensor<512x!tt.ptr<f16>, #b>
    tt.store %rp, %e : tensor<512x!tt.ptr<bf16>, #b>
    %g = arith.addf %d, %f : tensor<512xf16, #b>
    tt.store %qp, %g : tensor<512x!tt.ptr<f16>, #b>
    tt.return
  }
}
