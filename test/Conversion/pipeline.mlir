// The named pipeline: TTIR in, optimized TTGIR out, in one flag.
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 num-ctas=1 target=cuda:90" | FileCheck %s
// Its TTIR stage alone (upstream's make_ttir): the helper inlined, no layouts.
// RUN: triton-opt %s --triton-ttir-pipeline | FileCheck %s --check-prefix=TTIR

// TTIR: module {
// TTIR-LABEL: tt.func public @add
// TTIR-NOT: #ttg
// TTIR: arith.mulf %{{.*}}, %{{.*}} : tensor<1024xf32>
// TTIR-NOT: tt.call
// TTIR-NOT: @scale

// CHECK: #[[V:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func public @add
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[V]]>
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[V]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<1024xf32, #[[V]]>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[V]]>
// The scale helper was inlined.
// CHECK-NOT: tt.call
// CHECK-NOT: @scale
module {
  tt.func private @scale(%x: tensor<1024xf32>) -> tensor<1024xf32> {
    %c = arith.constant dense<2.0> : tensor<1024xf32>
    %y = arith.mulf %x, %c : tensor<1024xf32>
    tt.return %y : tensor<1024xf32>
  }
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %z: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %o = arith.addi %s, %r : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %o, %ns : tensor<1024xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %xv = tt.load %xp, %m : tensor<1024x!tt.ptr<f32>>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %yv = tt.load %yp, %m : tensor<1024x!tt.ptr<f32>>
    %xs2 = tt.call @scale(%xv) : (tensor<1024xf32>) -> tensor<1024xf32>
    %sum = arith.addf %xs2, %yv : tensor<1024xf32>
    %zs = tt.splat %z : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %zp = tt.addptr %zs, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %zp, %sum, %m : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
