// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// math.absf on fp8 (upstream's tl.abs of an fp8 tensor): the sign bit of
// each byte cleared, with no conversion; the only fp8 arithmetic allowed.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @abs_fp8
  // CHECK: %[[MASK:.*]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK: llvm.and %{{.*}}, %[[MASK]] : i8
  // CHECK-NOT: math.absf
  // CHECK-NOT: llvm.intr.fabs
  tt.func public @abs_fp8(%p: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>, #b>
    %pp = tt.addptr %ps, %i : tensor<512x!tt.ptr<f8E4M3FN>, #b>, tensor<512xi32, #b>
    %qs = tt.splat %q : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>, #b>
    %qp = tt.addptr %qs, %i : tensor<512x!tt.ptr<f8E5M2>, #b>, tensor<512xi32, #b>
    %x = tt.load %pp : tensor<512x!tt.ptr<f8E4M3FN>, #b>
    %y = tt.load %qp : tensor<512x!tt.ptr<f8E5M2>, #b>
    %ax = math.absf %x : tensor<512xf8E4M3FN, #b>
    %ay = math.absf %y : tensor<512xf8E5M2, #b>
    tt.store %pp, %ax : tensor<512x!tt.ptr<f8E4M3FN>, #b>
    tt.store %qp, %ay : tensor<512x!tt.ptr<f8E5M2>, #b>
    tt.return
  }
}
