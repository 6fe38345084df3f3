// f32 exp with and without flushing subnormal results (ElementwiseOpToLLVM.cpp).
// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// An f32 exp whose subnormal results no use can tell from zero takes the FTZ
// ex2 (exp2 of x * log2(e)): every use rounds it to f16 or fp8 (where a
// subnormal f32 is zero anyway), goes through a layout conversion, or is
// summed by an add-reduction, as attention's probabilities are. Any other use
// (here a bf16 cast, whose subnormals reach f32's, a max-reduction, a
// multiplication, a return, an f16 cast rounding upward, which takes a
// subnormal to f16's smallest value) keeps upstream's ex2.approx.f32.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @softmax_probabilities
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.return
  tt.func @softmax_probabilities(%a: tensor<256xf32, #b1>) -> (tensor<256xf16, #b2>, tensor<256xf8E4M3FN, #b1>, f32) {
    %p = math.exp %a : tensor<256xf32, #b1>
    %c = ttg.convert_layout %p : tensor<256xf32, #b1> -> tensor<256xf32, #b2>
    %h = arith.truncf %c : tensor<256xf32, #b2> to tensor<256xf16, #b2>
    %q = tt.fp_to_fp %p, rounding = rtne : tensor<256xf32, #b1> -> tensor<256xf8E4M3FN, #b1>
    %s = "tt.reduce"(%p) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      tt.reduce.return %t : f32
    }) : (tensor<256xf32, #b1>) -> f32
    tt.return %h, %q, %s : tensor<256xf16, #b2>, tensor<256xf8E4M3FN, #b1>, f32
  }

  // CHECK-LABEL: llvm.func @observable_subnormals
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: "ex2.approx.f32 $0, $1;"
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: llvm.return
  tt.func @observable_subnormals(%a: tensor<256xf32, #b1>) -> (tensor<256xbf16, #b1>, f32, tensor<256xf32, #b1>, tensor<256xf16, #b1>, tensor<256xf32, #b1>, tensor<256xf16, #b1>) {
    %p = math.exp %a : tensor<256xf32, #b1>
    %h = arith.truncf %p : tensor<256xf32, #b1> to tensor<256xbf16, #b1>
    %r = math.exp %a : tensor<256xf32, #b1>
    %m = "tt.reduce"(%r) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.maxnumf %x, %y : f32
      tt.reduce.return %t : f32
    }) : (tensor<256xf32, #b1>) -> f32
    %u = math.exp %a : tensor<256xf32, #b1>
    %v = arith.mulf %u, %a : tensor<256xf32, #b1>
    %w = math.exp %a : tensor<256xf32, #b1>
    %f = arith.truncf %w : tensor<256xf32, #b1> to tensor<256xf16, #b1>
    %x = math.exp %a : tensor<256xf32, #b1>
    %g = arith.truncf %x upward : tensor<256xf32, #b1> to tensor<256xf16, #b1>
    tt.return %h, %m, %v, %f, %w, %g : tensor<256xbf16, #b1>, f32, tensor<256xf32, #b1>, tensor<256xf16, #b1>, tensor<256xf32, #b1>, tensor<256xf16, #b1>
  }
}
