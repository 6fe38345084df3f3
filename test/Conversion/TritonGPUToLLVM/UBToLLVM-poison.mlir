// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// ub.poison, which the frontend returns from a function whose only return a
// static condition skipped (as upstream's), lowers to llvm.mlir.poison: a
// scalar, or a tensor's register struct. The store stays.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @poison
  // CHECK-DAG: llvm.mlir.poison : i32
  // CHECK-DAG: llvm.mlir.poison : !llvm.struct<(f32, f32)>
  // CHECK-NOT: ub.poison
  // CHECK: st.global
  tt.func public @poison(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = ub.poison : i32
    tt.store %p, %0 : !tt.ptr<i32>
    %1 = ub.poison : tensor<256xf32, #b>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %s = tt.splat %q : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %a = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    tt.store %a, %1 : tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }
}
