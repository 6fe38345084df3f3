// A slice of a linear encoding: the parent's layout over a shape with the
// sliced dimension 1, whose bases in that dimension point past it. They
// become copies (0), as upstream does; this crashed (an invalid linear
// layout dereferenced) in shared-memory allocation and the lowering.
// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// CHECK: llvm.func @slice_of_linear
// CHECK: nvvm.barrier0
#linear = #ttg.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [[0, 2], [0, 0]], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @slice_of_linear(%x: tensor<16x4xf32, #linear>) -> tensor<4xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<16x4xf32, #linear>) -> tensor<4xf32, #ttg.slice<{dim = 0, parent = #linear}>>
    %c = ttg.convert_layout %s : tensor<4xf32, #ttg.slice<{dim = 0, parent = #linear}>> -> tensor<4xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %c : tensor<4xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}
