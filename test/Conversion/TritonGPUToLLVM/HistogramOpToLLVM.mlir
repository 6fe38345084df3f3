// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm -o %t.mlir && triton-translate --triton-to-ptx %t.mlir -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.histogram zeroes its bins in shared memory, counts each element once
// with red.shared.add, and reads the bins back in the result's layout.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @bins
  // CHECK: "@$0 st.shared.b32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 red.shared.add.u32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  tt.func public @bins(%q: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %c7 = arith.constant dense<7> : tensor<128xi32, #b>
    %v = arith.andi %i, %c7 : tensor<128xi32, #b>
    %h = tt.histogram %v : tensor<128xi32, #b> -> tensor<8xi32, #b>
    %j = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %qp = tt.addptr %qs, %j : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    tt.store %qp, %h : tensor<8x!tt.ptr<i32>, #b>
    tt.return
  }
}
