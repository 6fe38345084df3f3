// tt's shape ops on TritonGPU tensors: the result encoding must be the one
// the layout algebra infers, or any encoding placing every element in the
// same register, lane and warp (here a #ttg.linear spelling of a blocked
// layout).
// RUN: triton-opt %s -split-input-file -verify-diagnostics | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked_t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#pair = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#half = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// #blocked_t over 32x64, written out as bases.
#linear_t = #ttg.linear<{register = [[1, 0], [2, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @infer
  tt.func @infer(%x: tensor<64x32xf32, #blocked>, %f: tensor<2048xf32, #flat>) {
    // CHECK: tt.trans {{.*}} -> tensor<32x64xf32, #blocked{{[0-9]}}>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked_t>
    // CHECK: tt.trans {{.*}} -> tensor<32x64xf32, #linear>
    %t2 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #linear_t>
    // Row-major reshape keeps each element with its thread.
    // CHECK: tt.reshape {{.*}} -> tensor<64x32xf32, #blocked>
    %r = tt.reshape %f : tensor<2048xf32, #flat> -> tensor<64x32xf32, #blocked>
    // CHECK: tt.reshape {{.*}} -> tensor<1024x2xf32, #blocked{{[0-9]}}>
    %p = tt.reshape %f : tensor<2048xf32, #flat> -> tensor<1024x2xf32, #pair>
    // CHECK: tt.split {{.*}} -> tensor<1024xf32, #blocked{{[0-9]}}>
    %a, %b = tt.split %p : tensor<1024x2xf32, #pair> -> tensor<1024xf32, #half>
    // CHECK: tt.join {{.*}} -> tensor<1024x2xf32, #blocked{{[0-9]}}>
    %j = tt.join %b, %a : tensor<1024xf32, #half> -> tensor<1024x2xf32, #pair>
    // CHECK: "tt.reduce"
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %w = arith.addf %u, %v : f32
      tt.reduce.return %w : f32
    }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // CHECK: tt.expand_dims {{.*}} -> tensor<64x1xf32, #blocked>
    %e = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xf32, #blocked>
    tt.return
  }
}

// -----

#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_moves_elements(%f: tensor<2048xf32, #flat>) {
    // The row-major reshape of #flat is a blocked layout, found by the
    // inference and named in the message.
    // expected-error @+1 {{should be #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}}}
    %r = tt.reshape %f : tensor<2048xf32, #flat> -> tensor<64x32xf32, #other>
    tt.return
  }
}

// -----

#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_reorder_ok(%f: tensor<2048xf32, #flat>) {
    // With allow_reorder any layout is fine.
    %r = tt.reshape %f allow_reorder : tensor<2048xf32, #flat> -> tensor<64x32xf32, #other>
    tt.return
  }
}
