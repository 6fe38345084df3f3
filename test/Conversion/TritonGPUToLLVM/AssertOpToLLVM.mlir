// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a -c %t.ptx -o /dev/null %}
// tt.assert: a thread any of whose elements is false calls __assertfail
// with the message, file, line and function; the others go on.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be small\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00")
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
  // CHECK-LABEL: llvm.func @check
  // CHECK: llvm.cond_br %{{.*}}, ^[[OK:.*]], ^[[FAIL:.*]]
  // CHECK: ^[[FAIL]]:
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(12 : i32) : i32
  // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}})
  // CHECK: llvm.br ^[[OK]]
  tt.func public @check(%p: !tt.ptr<f32>) {
    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    %x = tt.load %pp : tensor<256x!tt.ptr<f32>, #b>
    %c = arith.constant dense<1.0e+03> : tensor<256xf32, #b>
    %ok = arith.cmpf olt, %x, %c : tensor<256xf32, #b>
    tt.assert %ok, "x must be small" : tensor<256xi1, #b> loc(#l)
    tt.return
  }
}
#l = loc("kernel.py":12:4)
