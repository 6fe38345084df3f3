// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// tt.make_range: each register holds start plus its coordinate in the
// layout: with two elements a thread of 256 over 4 warps, thread t holds
// start + 2t and start + 2t + 1.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[S0:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[A0:.*]] = llvm.add %{{.*}}, %[[S0]] : i32
  // CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[A1:.*]] = llvm.add %{{.*}}, %[[S1]] : i32
  // CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.*}}[1]
  tt.func public @range(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 272 : i32, start = 16 : i32} : tensor<256xi32, #b>
    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #b>
    %a = tt.addptr %s, %i : tensor<256x!tt.ptr<i32>, #b>, tensor<256xi32, #b>
    tt.store %a, %r : tensor<256x!tt.ptr<i32>, #b>
    tt.return
  }
}
