// The lowering of tt.reduce (ReduceOpToLLVM.cpp).
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm | FileCheck %s

// A reduction across lanes and warps: in-thread combines, butterfly
// shuffles over the lane bits on the axis, then partial results through
// shared memory (at the allocated offset) with a barrier between the
// writes and the reads (none before: nothing used the memory earlier; none
// after: nothing uses it later).
#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 16 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @sum
  // CHECK: llvm.fadd
  // CHECK-COUNT-5: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: st.global.b32
  tt.func public @sum(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b1>
    %p = tt.addptr %xs, %r : tensor<256x!tt.ptr<f32>, #b1>, tensor<256xi32, #b1>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>, #b1>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) {allocation.offset = 0 : i32} : (tensor<256xf32, #b1>) -> f32
    tt.store %x, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A #ttg.linear reaching past a 16x16 tensor repeats elements in registers
// (its [0, 16] and [16, 0] register bases become zero): each element is
// combined once. Each thread holds 16 rows of one column, the columns are
// in 16 lanes: 16 rows x 4 shuffle rounds = 64 adds and shuffles, none in
// the thread (the replicas would add 48 more and count each element four
// times).
#lin = #ttg.linear<{register = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[32, 0], [0, 32]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @replicas
  // CHECK-COUNT-64: llvm.fadd
  // CHECK-NOT: llvm.fadd
  // CHECK: llvm.return
  tt.func public @replicas(%x: tensor<16x16xf32, #lin>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>> {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %b : f32
      tt.reduce.return %v : f32
    }) : (tensor<16x16xf32, #lin>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>>
    tt.return %s : tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>>
  }
}
