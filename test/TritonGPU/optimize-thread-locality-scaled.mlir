// RUN: triton-opt %s -split-input-file --tritongpu-optimize-thread-locality=scaled-accumulators=true | FileCheck %s
// RUN: triton-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s --check-prefix=PLAIN

// The online softmax's row sum, l = l * alpha + sum(p), with P in the
// wgmma accumulator's layout (128 x 64, one warp group): a row's 64
// elements lie over the four lanes of a quad, 16 in each thread's
// registers (column bit 0 and bits 3-5). Each iteration sums those 16
// (p reshaped to 128 x 8 x 4 x 2, reduced along its last and its second
// axis: registers only), multiplies the loop-carried 128 x 4 partials
// (one per lane of the quad) by alpha, broadcast along the four (a
// conversion between layouts that put the same rows in the same threads),
// and adds. The partials start at l's zero; after the loop they are summed
// across the quad once and are l. Without the option the loop keeps its
// sum, shuffles and all (PLAIN).
// CHECK-LABEL: @softmax_sum
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x4xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 3, parent = #[[L:linear[0-9]*]]}>}>>
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[PART:.*]] = %[[ZERO]])
// CHECK: %[[P:.*]] = math.exp
// CHECK: %[[ALPHA:.*]] = math.exp
// CHECK: %[[R:.*]] = tt.reshape %[[P]] : tensor<128x64xf32, #mma> -> tensor<128x8x4x2xf32, #[[L]]>
// CHECK: %[[LOW:.*]] = "tt.reduce"(%[[R]]) <{axis = 3 : i32}>
// CHECK: arith.addf
// CHECK: %[[T:.*]] = "tt.reduce"(%[[LOW]]) <{axis = 1 : i32}>
// CHECK: arith.addf
// CHECK: %[[A:.*]] = ttg.convert_layout %[[ALPHA]] : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32
// CHECK-NEXT: %[[AE:.*]] = tt.expand_dims %[[A]] {axis = 1 : i32}
// CHECK-NEXT: %[[AB:.*]] = tt.broadcast %[[AE]] {{.*}} -> tensor<128x4xf32
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[PART]], %[[AB]] : tensor<128x4xf32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[SCALED]], %[[T]] : tensor<128x4xf32
// CHECK-NEXT: scf.yield %{{.*}}, %[[NEXT]]
// CHECK: %[[SUM:.*]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
// CHECK: %[[LSUM:.*]] = ttg.convert_layout %[[SUM]] {{.*}} -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: tt.return %[[LSUM]]
// PLAIN-LABEL: @softmax_sum
// PLAIN-NOT: tt.reshape
// PLAIN: arith.mulf %{{.*}}, %{{.*}} : tensor<128xf32
// PLAIN: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
// PLAIN: scf.yield
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#row = #ttg.slice<{dim = 1, parent = #mma}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @softmax_sum(%s: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32, #row>
    %ninf = arith.constant dense<0xFF800000> : tensor<128xf32, #row>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%l = %zero, %m = %ninf) -> (tensor<128xf32, #row>, tensor<128xf32, #row>) : i32 {
      %mx = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %mn = arith.maxnumf %m, %mx : tensor<128xf32, #row>
      %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #mma>
      %bc = tt.broadcast %e : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %d = arith.subf %s, %bc : tensor<128x64xf32, #mma>
      %p = math.exp %d : tensor<128x64xf32, #mma>
      %dm = arith.subf %m, %mn : tensor<128xf32, #row>
      %alpha = math.exp %dm : tensor<128xf32, #row>
      %ls = arith.mulf %l, %alpha : tensor<128xf32, #row>
      %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %ln = arith.addf %ls, %sum : tensor<128xf32, #row>
      scf.yield %ln, %mn : tensor<128xf32, #row>, tensor<128xf32, #row>
    }
    tt.return %r#0 : tensor<128xf32, #row>
  }
}

// -----

// Left alone: a scaled sum from a nonzero start (the start would need every
// factor's product), one whose accumulator the loop also reads elsewhere,
// and a scaled maximum (only sums distribute a product).
// CHECK-LABEL: @not_split
// CHECK-NOT: tt.reshape
// CHECK: scf.for
// CHECK-COUNT-3: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
// CHECK: scf.yield
// CHECK-NOT: "tt.reduce"
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#row = #ttg.slice<{dim = 1, parent = #mma}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_split(%s: tensor<128x64xf32, #mma>, %f: tensor<128xf32, #row>, %n: i32) -> (tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32, #row>
    %one = arith.constant dense<1.0> : tensor<128xf32, #row>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %one, %b0 = %zero, %c0v = %zero, %o = %zero) -> (tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>) : i32 {
      %sum = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %as = arith.mulf %a0, %f : tensor<128xf32, #row>
      %an = arith.addf %as, %sum : tensor<128xf32, #row>
      %sum2 = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %bs = arith.mulf %b0, %f : tensor<128xf32, #row>
      %bn = arith.addf %bs, %sum2 : tensor<128xf32, #row>
      %ob = arith.addf %o, %b0 : tensor<128xf32, #row>
      %mx = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maximumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #row>
      %cs = arith.mulf %c0v, %f : tensor<128xf32, #row>
      %cn = arith.maximumf %cs, %mx : tensor<128xf32, #row>
      scf.yield %an, %bn, %cn, %ob : tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>
    }
    tt.return %r#0, %r#1, %r#2, %r#3 : tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>, tensor<128xf32, #row>
  }
}
