// The lowering of f32 arithmetic and math (ElementwiseOpToLLVM.cpp).
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm | FileCheck %s

// Division and square root: Triton's `/` on f32 (arith.divf) is the
// full-range approximate division upstream uses (`llvm.nvvm.div.full`,
// div.full.f32) and `tl.sqrt` (math.sqrt) the fast square root
// (sqrt.approx.ftz.f32); IEEE division and square root are tt.precise_divf and
// tt.precise_sqrt, and f64 stays IEEE.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @divisions
  // CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  // CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f64
  // CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  // CHECK: llvm.intr.sqrt(%{{.*}}) : (f64) -> f64
  // CHECK-NOT: llvm.nvvm.div.full
  // CHECK-NOT: llvm.nvvm.sqrt.approx
  // CHECK: llvm.return
  tt.func @divisions(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>, %c: tensor<128xf64, #b1>, %d: tensor<128xf64, #b1>) -> (tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>) {
    %q = arith.divf %a, %b : tensor<128xf32, #b1>
    %p = tt.precise_divf %a, %b : tensor<128xf32, #b1>
    %r = arith.divf %c, %d : tensor<128xf64, #b1>
    %s = math.sqrt %a : tensor<128xf32, #b1>
    %t = tt.precise_sqrt %a : tensor<128xf32, #b1>
    %u = math.sqrt %c : tensor<128xf64, #b1>
    tt.return %q, %p, %r, %s, %t, %u : tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>
  }
}

// -----

// exp2, floor and ceil on f32 are the FTZ instructions upstream's libdevice
// calls become (ex2.approx.ftz, cvt.rmi.ftz, cvt.rpi.ftz); exp stays
// ex2.approx.f32 after a multiplication by log2(e), as upstream lowers it,
// where its subnormal results might be observed
// (ElementwiseOpToLLVM-exp-ftz.mlir); f64 keeps the generic intrinsics.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @exp_floor_ceil
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.floor.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ceil.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK: "ex2.approx.f32 $0, $1;"
  // CHECK: llvm.intr.floor(%{{.*}}) : (f64) -> f64
  // CHECK: llvm.return
  tt.func @exp_floor_ceil(%a: tensor<128xf32, #b1>, %c: tensor<128xf64, #b1>) -> (tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>) {
    %e2 = math.exp2 %a : tensor<128xf32, #b1>
    %f = math.floor %a : tensor<128xf32, #b1>
    %g = math.ceil %a : tensor<128xf32, #b1>
    %e = math.exp %a : tensor<128xf32, #b1>
    %h = math.floor %c : tensor<128xf64, #b1>
    tt.return %e2, %f, %g, %e, %h : tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf32, #b1>, tensor<128xf64, #b1>
  }
}
