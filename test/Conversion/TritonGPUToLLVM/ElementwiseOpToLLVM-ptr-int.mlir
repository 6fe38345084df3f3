// tt.int_to_ptr and tt.ptr_to_int lower to inttoptr / ptrtoint, on
// scalars and element by element on tensors (they did not legalize).
// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ptr_int
  // CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  // CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  // CHECK-COUNT-2: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  tt.func public @ptr_int(%a: i64, %p: !tt.ptr<f32>, %t: tensor<256xi64, #b>) -> (!tt.ptr<f32>, i64, tensor<256xi64, #b>) {
    %q = tt.int_to_ptr %a : i64 -> !tt.ptr<f32>
    %i = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
    %tp = tt.int_to_ptr %t : tensor<256xi64, #b> -> tensor<256x!tt.ptr<f32>, #b>
    %ti = tt.ptr_to_int %tp : tensor<256x!tt.ptr<f32>, #b> -> tensor<256xi64, #b>
    tt.return %q, %i, %ti : !tt.ptr<f32>, i64, tensor<256xi64, #b>
  }
}
