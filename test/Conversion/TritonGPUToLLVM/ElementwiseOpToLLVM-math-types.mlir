// Math on the types NVPTX has no instruction or libcall for, and
// arith.select with a scalar condition over tensors (what
// `if c: acc = tl.zeros(...)` canonicalizes to; it used to crash the
// lowering).
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm | FileCheck %s
// Through the PTX step and ptxas: nothing LLVM cannot select.
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm -o %t.mlir
// RUN: triton-translate --mlir-to-ptx --split-input-file %t.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // f16 and bf16 sin, cos, exp: computed in f32 and rounded back.
  // CHECK-LABEL: llvm.func @half_math
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.call @__nv_sinf
  // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
  // CHECK: llvm.fpext %{{.*}} : bf16 to f32
  // CHECK: llvm.call @__nv_cosf
  // CHECK: llvm.fptrunc %{{.*}} : f32 to bf16
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: ex2.approx.f32
  // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
  // PTX: .entry half_math
  // PTX: cvt.f32.f16
  // PTX: cvt.rn.f16.f32
  tt.func public @half_math(%a: tensor<128xf16, #b>, %b: tensor<128xbf16, #b>) -> (tensor<128xf16, #b>, tensor<128xbf16, #b>, tensor<128xf16, #b>) {
    %s = math.sin %a : tensor<128xf16, #b>
    %c = math.cos %b : tensor<128xbf16, #b>
    %e = math.exp %a : tensor<128xf16, #b>
    tt.return %s, %c, %e : tensor<128xf16, #b>, tensor<128xbf16, #b>, tensor<128xf16, #b>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // f64 exp and exp2: libdevice (NVPTX has no libcall for llvm.exp on f64).
  // CHECK-LABEL: llvm.func @f64_exp
  // CHECK: llvm.call @__nv_exp(
  // CHECK: llvm.call @__nv_exp2(
  // PTX: .entry f64_exp
  tt.func public @f64_exp(%a: tensor<128xf64, #b>) -> (tensor<128xf64, #b>, tensor<128xf64, #b>) {
    %e = math.exp %a : tensor<128xf64, #b>
    %e2 = math.exp2 %a : tensor<128xf64, #b>
    tt.return %e, %e2 : tensor<128xf64, #b>, tensor<128xf64, #b>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A scalar i1 condition selects between whole tensors: the same
  // condition for every element.
  // CHECK-LABEL: llvm.func @select_scalar_condition(
  // CHECK-SAME: %[[C:[^:]*]]: i1
  // CHECK-COUNT-4: llvm.select %[[C]], %{{.*}}, %{{.*}} : i1, f32
  // PTX: .entry select_scalar_condition
  tt.func public @select_scalar_condition(%c: i1, %x: tensor<512xf32, #b>) -> tensor<512xf32, #b> {
    %z = arith.constant dense<0.0> : tensor<512xf32, #b>
    %s = arith.select %c, %z, %x : tensor<512xf32, #b>
    tt.return %s : tensor<512xf32, #b>
  }
}
