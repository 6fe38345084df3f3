// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas && libdevice %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.extern_elementwise calls its symbol per element (libdevice linked by
// triton-translate); tt.elementwise_inline_asm runs once per packed group,
// narrow operands and results packed into one register.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.func @__nv_powif(f32, i32) -> f32
  // CHECK-LABEL: llvm.func @ext
  // CHECK-COUNT-4: llvm.call @__nv_powif(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: llvm.inline_asm asm_dialect = att "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK-NOT: prmt.b32
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
  tt.func public @ext(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %n: i32) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %i : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %x = tt.load %pp : tensor<512x!tt.ptr<f32>, #b>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
    %y = tt.extern_elementwise %x, %ns {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_powif"} : (tensor<512xf32, #b>, tensor<512xi32, #b>) -> tensor<512xf32, #b>
    tt.store %pp, %y : tensor<512x!tt.ptr<f32>, #b>
    %qs = tt.splat %q : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #b>
    %qp = tt.addptr %qs, %i : tensor<512x!tt.ptr<i8>, #b>, tensor<512xi32, #b>
    %c = tt.load %qp : tensor<512x!tt.ptr<i8>, #b>
    %r = tt.elementwise_inline_asm "prmt.b32 $0, $1, 0, 0x0123;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %c : tensor<512xi8, #b> -> tensor<512xi8, #b>
    %s = arith.addi %r, %c : tensor<512xi8, #b>
    tt.store %qp, %s : tensor<512x!tt.ptr<i8>, #b>
    tt.return
  }
}
