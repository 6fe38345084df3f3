// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm -o %t.mlir && triton-translate --triton-to-ptx %t.mlir -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.gather within warps needs no shared memory and no barrier.
//
// @warp_local: upstream's test_gather_warp_shuffle layouts. Each of the 4
// result registers reads, with shfl.sync.idx from the lane the layouts
// name, the 2 source registers it may need (the index's bit 1 picks the
// register: register basis [2, 0]) and keeps one by a select.
//
// @in_thread: the axis within each thread: a row's 16 registers, chosen by
// selects, no shuffle.
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-8: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: st.global.b32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-15: llvm.select {{.*}} : i1, i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#src = #ttg.linear<{register = [[0, 2], [2, 0]], lane = [[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]], warp = [[0, 1], [0, 4]], block = []}>
#idx = #ttg.linear<{register = [[2, 0], [0, 2]], lane = [[0, 8], [16, 0], [1, 0], [8, 0], [4, 0]], warp = [[0, 1], [0, 4]], block = []}>
#row = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gathers(%p: !tt.ptr<f32>, %q: !tt.ptr<i64>, %r: !tt.ptr<i32>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #src>
    %src = tt.load %ps : tensor<32x16x!tt.ptr<f32>, #src>
    %qs = tt.splat %q : !tt.ptr<i64> -> tensor<32x16x!tt.ptr<i64>, #idx>
    %idx = tt.load %qs : tensor<32x16x!tt.ptr<i64>, #idx>
    %g = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<32x16xf32, #src>, tensor<32x16xi64, #idx>) -> tensor<32x16xf32, #idx>
    %os = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #idx>
    tt.store %os, %g : tensor<32x16x!tt.ptr<f32>, #idx>
    %rs = tt.splat %r : !tt.ptr<i32> -> tensor<128x16x!tt.ptr<i32>, #row>
    %x = tt.load %rs : tensor<128x16x!tt.ptr<i32>, #row>
    %g2 = tt.gather %x[%x] {axis = 1 : i32} : (tensor<128x16xi32, #row>, tensor<128x16xi32, #row>) -> tensor<128x16xi32, #row>
    tt.store %rs, %g2 : tensor<128x16x!tt.ptr<i32>, #row>
    tt.return
  }
}
