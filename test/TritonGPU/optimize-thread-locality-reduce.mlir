// RUN: triton-opt %s -split-input-file --tritongpu-optimize-thread-locality --canonicalize | FileCheck %s

// acc += sum(x, axis=1) in a loop: each iteration sums the 4 elements a
// thread holds along the axis (a reshape to 16x8x4 that moves nothing,
// reduced along its last axis: registers only) and adds that to a
// loop-carried 16x8 partial started at -0.0 (the identity of addf); the
// partials are summed across threads once after the loop, converted to the
// original result's layout, and the initial value is added last.
// CHECK-LABEL: @rowsum
// CHECK-DAG: %[[INIT:.*]] = arith.constant dense<1.500000e+00> : tensor<16xf32
// CHECK-DAG: %[[NEUTRAL:.*]] = arith.constant dense<-0.000000e+00> : tensor<16x8xf32, #ttg.slice<{dim = 2, parent = #[[B3:.*]]}>>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[PART:.*]] = %[[NEUTRAL]])
// CHECK-NEXT: %[[X:.*]] = tt.load
// CHECK-NEXT: %[[R:.*]] = tt.reshape %[[X]] : tensor<16x32xf32, #blocked> -> tensor<16x8x4xf32, #[[B3]]>
// CHECK-NEXT: %[[T:.*]] = "tt.reduce"(%[[R]]) <{axis = 2 : i32}>
// CHECK: %[[NEXT:.*]] = arith.addf %[[PART]], %[[T]] : tensor<16x8xf32
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK: %[[SUM:.*]] = "tt.reduce"(%[[LOOP]]) <{axis = 1 : i32}>
// CHECK: %[[CVT:.*]] = ttg.convert_layout %[[SUM]] {{.*}} -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %[[RES:.*]] = arith.addf %[[CVT]], %[[INIT]]
// CHECK: tt.return %[[RES]]
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #bl}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rowsum(%x: tensor<16x32x!tt.ptr<f32>, #bl>, %n: i32) -> tensor<16xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<1.5> : tensor<16xf32, #row>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16xf32, #row>) : i32 {
      %v = tt.load %x : tensor<16x32x!tt.ptr<f32>, #bl>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<16x32xf32, #bl>) -> tensor<16xf32, #row>
      %next = arith.addf %acc, %s : tensor<16xf32, #row>
      scf.yield %next : tensor<16xf32, #row>
    }
    tt.return %r : tensor<16xf32, #row>
  }
}

// -----

// A GEMV's row: the reduced value is a product (upstream's pass takes only
// a reduction of a load); the update has the reduction first and keeps
// that order after the loop. Scalar accumulators over 1-D reductions of
// one element a thread (nothing to combine in registers: the partial is
// the tensor itself), a maximumf (identity -inf), an integer max (identity
// INT_MIN) and a maxnumf (identity NaN), go the same way, the initial
// value an argument.
// CHECK-LABEL: @variants
// CHECK-DAG: arith.constant dense<-0.000000e+00> : tensor<16x8xf32
// CHECK-DAG: arith.constant dense<0xFF800000> : tensor<128xf32
// CHECK-DAG: arith.constant dense<-2147483648> : tensor<128xi32
// CHECK-DAG: arith.constant dense<0x7FC00000> : tensor<128xf32
// CHECK: scf.for
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: %[[PR:.*]] = tt.reshape %[[P]]
// CHECK: %[[PT:.*]] = "tt.reduce"(%[[PR]]) <{axis = 2 : i32}>
// CHECK: arith.addf %{{.*}}, %[[PT]] : tensor<16x8xf32
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : tensor<128xf32
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : tensor<128xi32
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : tensor<128xf32
// CHECK: scf.yield
// CHECK-DAG: arith.addf %{{.*}}, %arg2 : tensor<16xf32
// CHECK-DAG: arith.maximumf %arg3, %{{.*}} : f32
// CHECK-DAG: arith.maxsi %arg4, %{{.*}} : i32
// CHECK-DAG: arith.maxnumf %arg3, %{{.*}} : f32
// CHECK: tt.return
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #bl}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @variants(%a: tensor<16x32xf32, #bl>, %n: i32, %init: tensor<16xf32, #row>, %m0: f32, %i0: i32, %f: tensor<128xf32, #flat>, %g: tensor<128xi32, #flat>) -> (tensor<16xf32, #row>, f32, i32, f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %m = %m0, %k = %i0, %q = %m0) -> (tensor<16xf32, #row>, f32, i32, f32) : i32 {
      %p = arith.mulf %a, %a : tensor<16x32xf32, #bl>
      %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %t = arith.addf %x, %y : f32
        tt.reduce.return %t : f32
      }) : (tensor<16x32xf32, #bl>) -> tensor<16xf32, #row>
      %next = arith.addf %s, %acc : tensor<16xf32, #row>
      %fm = "tt.reduce"(%f) <{axis = 0 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %t = arith.maximumf %x, %y : f32
        tt.reduce.return %t : f32
      }) : (tensor<128xf32, #flat>) -> f32
      %m2 = arith.maximumf %m, %fm : f32
      %gm = "tt.reduce"(%g) <{axis = 0 : i32}> ({
      ^bb0(%x: i32, %y: i32):
        %t = arith.maxsi %x, %y : i32
        tt.reduce.return %t : i32
      }) : (tensor<128xi32, #flat>) -> i32
      %k2 = arith.maxsi %k, %gm : i32
      %qm = "tt.reduce"(%f) <{axis = 0 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %t = arith.maxnumf %x, %y : f32
        tt.reduce.return %t : f32
      }) : (tensor<128xf32, #flat>) -> f32
      %q2 = arith.maxnumf %q, %qm : f32
      scf.yield %next, %m2, %k2, %q2 : tensor<16xf32, #row>, f32, i32, f32
    }
    tt.return %r#0, %r#1, %r#2, %r#3 : tensor<16xf32, #row>, f32, i32, f32
  }
}

// -----

// Repetitions at the high end of the axis: 32 columns over 8 lanes, each
// thread holding columns c, c+8, c+16, c+24 (the two highest bits in its
// registers): a reshape to 16x4x8 and a reduction along the 4 give the
// 16x8 partial.
// CHECK-LABEL: @high
// CHECK: scf.for {{.*}} -> (tensor<16x8xi32
// CHECK: tt.reshape {{.*}} -> tensor<16x4x8xi32
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK: arith.maxsi {{.*}} : tensor<16x8xi32
// CHECK: scf.yield
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK: ttg.convert_layout
// CHECK: arith.maxsi
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #bl}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @high(%x: tensor<16x32xi32, #bl>, %n: i32, %init: tensor<16xi32, #row>) -> tensor<16xi32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16xi32, #row>) : i32 {
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %t = arith.maxsi %a, %b : i32
        tt.reduce.return %t : i32
      }) : (tensor<16x32xi32, #bl>) -> tensor<16xi32, #row>
      %next = arith.maxsi %acc, %s : tensor<16xi32, #row>
      scf.yield %next : tensor<16xi32, #row>
    }
    tt.return %r : tensor<16xi32, #row>
  }
}

// -----

// Left alone:
// - the reduction stays in each thread (the rows are in one thread);
// - the accumulator is read again in the loop (the running value is used);
// - the update is not the combiner (acc * sum(x));
// - the reduced value is used twice;
// - 128 registers a thread (more than 64) of partials: 128 rows in each
//   thread, and no element of the axis to combine in registers first.
// CHECK-LABEL: @kept
// CHECK-NOT: dense<-0.000000e+00>
// CHECK: scf.for
// CHECK-COUNT-5: "tt.reduce"
// CHECK: scf.yield
#inthread = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #bl}>
#big = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%t: tensor<128x32xf32, #inthread>, %a: tensor<16x32xf32, #bl>, %b: tensor<128x128xf32, #big>, %n: i32, %p: !tt.ptr<f32>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>
    %zr = arith.constant dense<0.0> : tensor<16xf32, #row>
    %zb = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>
    %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %z, %a1 = %zr, %a2 = %zr, %a3 = %zr, %a4 = %zb) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>) : i32 {
      %s0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %u = arith.addf %x, %y : f32
        tt.reduce.return %u : f32
      }) : (tensor<128x32xf32, #inthread>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>
      %n0 = arith.addf %a0, %s0 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>
      %s1 = "tt.reduce"(%a) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %u = arith.addf %x, %y : f32
        tt.reduce.return %u : f32
      }) : (tensor<16x32xf32, #bl>) -> tensor<16xf32, #row>
      %n1 = arith.addf %a1, %s1 : tensor<16xf32, #row>
      %e = tt.expand_dims %a1 {axis = 1 : i32} : tensor<16xf32, #row> -> tensor<16x1xf32, #bl>
      %s2 = "tt.reduce"(%a) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %u = arith.addf %x, %y : f32
        tt.reduce.return %u : f32
      }) : (tensor<16x32xf32, #bl>) -> tensor<16xf32, #row>
      %n2 = arith.mulf %a2, %s2 : tensor<16xf32, #row>
      %s3 = "tt.reduce"(%a) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %u = arith.addf %x, %y : f32
        tt.reduce.return %u : f32
      }) : (tensor<16x32xf32, #bl>) -> tensor<16xf32, #row>
      %n3 = arith.addf %a3, %s3 : tensor<16xf32, #row>
      %n3b = arith.addf %n3, %s3 : tensor<16xf32, #row>
      %s4 = "tt.reduce"(%b) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %u = arith.addf %x, %y : f32
        tt.reduce.return %u : f32
      }) : (tensor<128x128xf32, #big>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>
      %n4 = arith.addf %a4, %s4 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>
      %e2 = tt.expand_dims %n1 {axis = 1 : i32} : tensor<16xf32, #row> -> tensor<16x1xf32, #bl>
      %ptr = tt.splat %p : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #bl>
      tt.store %ptr, %e : tensor<16x1x!tt.ptr<f32>, #bl>
      scf.yield %n0, %n1, %n2, %n3b, %n4 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>
    }
    tt.return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #inthread}>>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<16xf32, #row>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #big}>>
  }
}
