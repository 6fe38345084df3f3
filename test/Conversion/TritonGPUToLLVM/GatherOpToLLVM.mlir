// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm -o %t.mlir && triton-translate --triton-to-ptx %t.mlir -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.gather across warps (a reversal of 128 elements over 4 warps) goes
// through shared memory: the source stored, a barrier, one load per index.
// (Within warps: GatherOpToLLVM-warp-local.mlir.)
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reverse
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: nvvm.shfl
  tt.func public @reverse(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
    %c127 = arith.constant dense<127> : tensor<128xi32, #b>
    %rev = arith.subi %c127, %i : tensor<128xi32, #b>
    %g = tt.gather %x[%rev] {axis = 0 : i32} : (tensor<128xf32, #b>, tensor<128xi32, #b>) -> tensor<128xf32, #b>
    tt.store %pp, %g : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}
