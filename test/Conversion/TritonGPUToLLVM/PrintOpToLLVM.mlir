// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a -c %t.ptx -o /dev/null %}
// tt.print: a vprintf per element a thread holds (two here), with the
// program id and the element's coordinates; floats widened to f64, one
// format string per distinct text.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%d) x: %f\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx (%d) i: %u\0A\00")
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-LABEL: llvm.func @print
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.call @vprintf
  // CHECK-NOT: llvm.fpext
  // CHECK-COUNT-2: llvm.call @vprintf
  // CHECK-NOT: llvm.call @vprintf
  tt.func public @print(%p: !tt.ptr<f32>) {
    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    %x = tt.load %pp : tensor<256x!tt.ptr<f32>, #b>
    tt.print " x" {hex = false, isSigned = array<i32: 0>} : %x : tensor<256xf32, #b>
    tt.print " i" {hex = false, isSigned = array<i32: 0>} : %i : tensor<256xi32, #b>
    tt.return
  }
}
