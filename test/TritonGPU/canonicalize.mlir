// Folds of TritonGPU ops under the canonicalizer.
// RUN: triton-opt %s -canonicalize | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A splat constant is the same constant in any layout: the conversion
  // (a round trip through shared memory once lowered) folds away, here after
  // truncf of a zero accumulator folded into a constant (the epilogue of a
  // matmul loop that runs no iteration).
  // CHECK-LABEL: @splat_constant
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
  // CHECK: tt.store %{{.*}}, %[[C]]
  tt.func @splat_constant(%p: tensor<64x64x!tt.ptr<f16>, #blocked>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %h = arith.truncf %zero : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %c = ttg.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.store %p, %c : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }

  // A constant that is not a splat, and a value that is not a constant,
  // keep their conversions.
  // CHECK-LABEL: @not_splat
  // CHECK-COUNT-2: ttg.convert_layout
  tt.func @not_splat(%p: tensor<2x2x!tt.ptr<f16>, #blocked>, %x: tensor<2x2xf16, #mma>) {
    %k = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16, #mma>
    %c = ttg.convert_layout %k : tensor<2x2xf16, #mma> -> tensor<2x2xf16, #blocked>
    tt.store %p, %c : tensor<2x2x!tt.ptr<f16>, #blocked>
    %d = ttg.convert_layout %x : tensor<2x2xf16, #mma> -> tensor<2x2xf16, #blocked>
    tt.store %p, %d : tensor<2x2x!tt.ptr<f16>, #blocked>
    tt.return
  }

  // Two conversions in a row become one.
  // CHECK-LABEL: @chain
  // CHECK: ttg.convert_layout %arg1 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
  // CHECK-NOT: ttg.convert_layout
  tt.func @chain(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %x: tensor<64x64xf16, #mma>) {
    %a = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>}>>
    %b = ttg.convert_layout %a : tensor<64x64xf16, #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>}>> -> tensor<64x64xf16, #blocked>
    tt.store %p, %b : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
