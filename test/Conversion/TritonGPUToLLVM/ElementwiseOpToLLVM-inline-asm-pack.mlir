// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// tt.elementwise_inline_asm with mixed widths in one packed group of 4
// (upstream's test_inline_asm_packed_multiple_outputs): four i8 share one
// register, four f32 operands and the four i32 and four f32 results take
// one register each, results in order.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mixed
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: llvm.inline_asm asm_dialect = att "{{.*}}", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i32, f32, f32, f32, f32) -> !llvm.struct<(i32, i32, i32, i32, f32, f32, f32, f32)>
  tt.func public @mixed(%pa: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %px: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %as = tt.splat %pa : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #b>
    %ap = tt.addptr %as, %i : tensor<512x!tt.ptr<i8>, #b>, tensor<512xi32, #b>
    %xs = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %xp = tt.addptr %xs, %i : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %cs = tt.splat %pc : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b>
    %cp = tt.addptr %cs, %i : tensor<512x!tt.ptr<i32>, #b>, tensor<512xi32, #b>
    %a = tt.load %ap : tensor<512x!tt.ptr<i8>, #b>
    %x = tt.load %xp : tensor<512x!tt.ptr<f32>, #b>
    %c, %d = tt.elementwise_inline_asm "{ .reg .b8 t<4>; mov.b32 {t0, t1, t2, t3}, $8; cvt.u32.u8 $0, t0; cvt.u32.u8 $1, t1; cvt.u32.u8 $2, t2; cvt.u32.u8 $3, t3; } cvt.rn.f32.s32 $4, $0; cvt.rn.f32.s32 $5, $1; cvt.rn.f32.s32 $6, $2; cvt.rn.f32.s32 $7, $3; max.f32 $4, $4, $9; max.f32 $5, $5, $10; max.f32 $6, $6, $11; max.f32 $7, $7, $12;" {constraints = "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %a, %x : tensor<512xi8, #b>, tensor<512xf32, #b> -> tensor<512xi32, #b>, tensor<512xf32, #b>
    tt.store %cp, %c : tensor<512x!tt.ptr<i32>, #b>
    tt.store %xp, %d : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }
}
