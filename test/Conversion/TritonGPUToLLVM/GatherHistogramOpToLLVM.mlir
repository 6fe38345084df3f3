// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -o %t.mlir && triton-translate --triton-to-ptx %t.mlir -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.cat concatenates registers; tt.gather across warps goes through
// shared memory (source stored, barrier, one load per index); tt.histogram
// zeroes its bins, counts with red.shared.add, reads them back.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ops
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK: "@$0 st.shared.b32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 red.shared.add.u32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  tt.func public @ops(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
    %c127 = arith.constant dense<127> : tensor<128xi32, #b>
    %rev = arith.subi %c127, %i : tensor<128xi32, #b>
    %g = tt.gather %x[%rev] {axis = 0 : i32} : (tensor<128xf32, #b>, tensor<128xi32, #b>) -> tensor<128xf32, #b>
    %cat = tt.cat %g, %x : tensor<128xf32, #b> -> tensor<256xf32, #b2>
    %c7 = arith.constant dense<7> : tensor<128xi32, #b>
    %v = arith.andi %i, %c7 : tensor<128xi32, #b>
    %h = tt.histogram %v : tensor<128xi32, #b> -> tensor<8xi32, #b>
    tt.store %pp, %g : tensor<128x!tt.ptr<f32>, #b>
    %j = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %qp = tt.addptr %qs, %j : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    tt.store %qp, %h : tensor<8x!tt.ptr<i32>, #b>
    tt.return
  }
}
