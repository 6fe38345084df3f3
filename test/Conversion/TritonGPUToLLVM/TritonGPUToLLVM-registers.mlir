// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm -verify-diagnostics
// RUN: not triton-opt %s -split-input-file --tritongpu-to-llvm-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: error: {{.*}} needs 4096 registers per thread with 256 threads
// PIPE: error: {{.*}} needs 4096 registers per thread with 32 threads
// The TTIR path's register budget, on TTGIR input: a tensor whose layout
// gives a thread thousands of registers is refused at the op that makes it,
// before the lowering unrolls it (a 1M-element row of a layernorm over 8
// warps took 131 s to lower). The count is the layout's: copies included.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @layernorm_row(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    // expected-error @+1 {{needs 4096 registers per thread with 256 threads (a thread has at most 255; past 2048 the kernel would spill nearly all of it and take minutes to compile): use more warps (num_warps) or a smaller block}}
    %r = tt.make_range {end = 1048576 : i32, start = 0 : i32} : tensor<1048576xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1048576x!tt.ptr<f32>, #blocked>
    %ax = tt.addptr %px, %r : tensor<1048576x!tt.ptr<f32>, #blocked>, tensor<1048576xi32, #blocked>
    %v = tt.load %ax : tensor<1048576x!tt.ptr<f32>, #blocked>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1048576x!tt.ptr<f32>, #blocked>
    %ay = tt.addptr %py, %r : tensor<1048576x!tt.ptr<f32>, #blocked>, tensor<1048576xi32, #blocked>
    tt.store %ay, %v : tensor<1048576x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Registers a layout repeats count: 64 x 64 f32 over one warp whose layout
// covers only 32 x 32 of it holds 128 registers a thread (accepted); the
// same layout over 2048 x 64 holds 4096 (refused).
#one = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @repeats() {
    %ok = arith.constant dense<0.0> : tensor<64x64xf32, #one>
    // expected-error @+1 {{2048x64xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>' needs 4096 registers per thread with 32 threads}}
    %big = arith.constant dense<0.0> : tensor<2048x64xf32, #one>
    tt.return
  }
}
