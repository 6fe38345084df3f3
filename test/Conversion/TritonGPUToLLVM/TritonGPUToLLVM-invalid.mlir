// RUN: not triton-opt %s --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// An op not lowered yet fails the conversion with its location and exit 1.
// CHECK: TritonGPUToLLVM-invalid.mlir:8:10: error: failed to legalize operation 'tt.reduce'
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce(%x: !tt.ptr<f32>) {
    %v = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b1>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>):
      tt.reduce.return %a : !tt.ptr<f32>
    }) : (tensor<128x!tt.ptr<f32>, #b1>) -> !tt.ptr<f32>
    tt.return
  }
}
