// A block too large for the warps: refused at the op that makes it, with
// what to change, instead of minutes of compile time and a kernel that
// spills (a 64x8192 f32 accumulator over 4 warps is 4096 registers a
// thread; a thread has 255). 2048 registers a thread is still accepted:
// upstream's own tests index 32x32x32 i32 blocks with one warp (2048
// pointer registers a thread), which compile in well under a second.
// RUN: triton-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" --verify-diagnostics

tt.func public @too_big(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tensor<64x8192xf32>' needs 4096 registers per thread with 128 threads (a thread has at most 255; past 2048 the kernel would spill nearly all of it and take minutes to compile): use more warps (num_warps) or a smaller block}}
  %z = arith.constant dense<0.0> : tensor<64x8192xf32>
  tt.return
}

// -----

// Pointers take two registers each.
tt.func public @pointers(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tensor<262144x!tt.ptr<f32>>' needs 4096 registers per thread}}
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<262144x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func public @at_the_limit(%p: !tt.ptr<f32>) {
  %z = arith.constant dense<0.0> : tensor<262144xf32>
  tt.return
}
