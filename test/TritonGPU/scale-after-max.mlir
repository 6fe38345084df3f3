// RUN: triton-opt %s -split-input-file --tritongpu-scale-after-max=remarks=true -verify-diagnostics | FileCheck %s
// RUN: triton-opt %s -split-input-file --tritongpu-scale-after-max=fp-fusion=false | FileCheck %s --check-prefix=NOFUSION

// Attention's softmax step: max(qk * s) reduces qk and scales the result
// where s is positive and finite (a branch on it, computed where s is
// defined), the product and reduction as written otherwise; qk * s - m
// becomes the fma LLVM contracts it into.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @runtime_scale
  // CHECK-SAME: (%[[QK:.*]]: tensor<64x16xf32, #{{.*}}>, %[[S:.*]]: f32, %[[MOLD:.*]]: tensor<64xf32
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
  // CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[S]], %[[ZERO]] : f32
  // CHECK: %[[LT:.*]] = arith.cmpf olt, %[[S]], %[[INF]] : f32
  // CHECK: %[[POS:.*]] = arith.andi %[[GT]], %[[LT]] : i1
  // CHECK: %[[SPLAT:.*]] = tt.splat %[[S]] : f32 -> tensor<64x16xf32
  // CHECK-NOT: arith.mulf %[[QK]]
  // CHECK: %[[M:.*]] = scf.if %[[POS]] -> (tensor<64xf32
  // CHECK:   %[[R:.*]] = "tt.reduce"(%[[QK]]) <{axis = 1 : i32}>
  // CHECK:     arith.maxnumf
  // CHECK:   %[[SROW:.*]] = tt.splat %[[S]] : f32 -> tensor<64xf32
  // CHECK:   %[[RS:.*]] = arith.mulf %[[R]], %[[SROW]] : tensor<64xf32
  // CHECK:   scf.yield %[[RS]]
  // CHECK: } else {
  // CHECK:   %[[T:.*]] = arith.mulf %[[QK]], %[[SPLAT]] : tensor<64x16xf32
  // CHECK:   %[[RT:.*]] = "tt.reduce"(%[[T]]) <{axis = 1 : i32}>
  // CHECK:     arith.maxnumf
  // CHECK:   scf.yield %[[RT]]
  // CHECK: }
  // CHECK: %[[MN:.*]] = arith.maxnumf %[[MOLD]], %[[M]]
  // CHECK: %[[MB:.*]] = tt.broadcast
  // CHECK: %[[NEG:.*]] = arith.negf %[[MB]]
  // CHECK: %[[X:.*]] = math.fma %[[QK]], %[[SPLAT]], %[[NEG]] : tensor<64x16xf32
  // CHECK: math.exp %[[X]]
  // CHECK-NOT: arith.mulf %[[QK]]
  // CHECK: tt.return
  // Without fp fusion the subtraction could not become an fma: unchanged.
  // NOFUSION-LABEL: tt.func @runtime_scale
  // NOFUSION-NOT: scf.if
  // NOFUSION: %[[T:.*]] = arith.mulf
  // NOFUSION: "tt.reduce"(%[[T]])
  // NOFUSION: arith.subf %[[T]]
  tt.func @runtime_scale(%qk: tensor<64x16xf32, #b>, %s: f32, %m_old: tensor<64xf32, #row>) -> tensor<64x16xf32, #b> {
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %t = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
    // expected-remark @+1 {{reduces the product's operand and scales the result, where the scale is positive and finite (a branch on it); 1 subtraction(s) of it as fma}}
    %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
    %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %t, %mb : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    tt.return %p : tensor<64x16xf32, #b>
  }

  // A positive finite constant needs no branch; min-reductions qualify too,
  // and a product only the reduction reads needs no fp fusion.
  // CHECK-LABEL: tt.func @constant_scale
  // CHECK-NOT: scf.if
  // CHECK: %[[R:.*]] = "tt.reduce"(%arg0)
  // CHECK:   arith.minimumf
  // CHECK: %[[C:.*]] = arith.constant dense<1.250000e-01> : tensor<64xf32
  // CHECK: %[[RS:.*]] = arith.mulf %[[R]], %[[C]]
  // CHECK: tt.return %[[RS]]
  // NOFUSION-LABEL: tt.func @constant_scale
  // NOFUSION-NOT: arith.mulf %arg0
  // NOFUSION: "tt.reduce"(%arg0)
  tt.func @constant_scale(%qk: tensor<64x16xf32, #b>) -> tensor<64xf32, #row> {
    %c = arith.constant dense<0.125> : tensor<64x16xf32, #b>
    %t = arith.mulf %c, %qk : tensor<64x16xf32, #b>
    // expected-remark @+1 {{reduces the product's operand and scales the result; 0 subtraction(s) of it as fma}}
    %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.minimumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %m : tensor<64xf32, #row>
  }
}

// -----

// Left as written: a constant scale that is negative, zero or infinite (max
// would become min, or lose the products' NaNs); a sum; a product with
// another use, or subtracted from something; a scale that is no splat.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @unchanged
  // CHECK-NOT: scf.if
  // CHECK-NOT: math.fma
  // CHECK-COUNT-7: arith.mulf %arg0
  // CHECK-NOT: scf.if
  // CHECK-NOT: math.fma
  // CHECK: tt.return
  tt.func @unchanged(%qk: tensor<64x16xf32, #b>, %s: f32, %y: tensor<64x16xf32, #b>) -> (tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>) {
    %neg = arith.constant dense<-0.125> : tensor<64x16xf32, #b>
    %zero = arith.constant dense<0.0> : tensor<64x16xf32, #b>
    %inf = arith.constant dense<0x7F800000> : tensor<64x16xf32, #b>
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %t0 = arith.mulf %qk, %neg : tensor<64x16xf32, #b>
    %m0 = "tt.reduce"(%t0) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t1 = arith.mulf %qk, %zero : tensor<64x16xf32, #b>
    %m1 = "tt.reduce"(%t1) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t2 = arith.mulf %qk, %inf : tensor<64x16xf32, #b>
    %m2 = "tt.reduce"(%t2) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t3 = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
    %m3 = "tt.reduce"(%t3) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.addf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t4 = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
    %m4 = "tt.reduce"(%t4) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t5 = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
    %m5 = "tt.reduce"(%t5) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %d5 = arith.subf %y, %t5 : tensor<64x16xf32, #b>
    %t6 = arith.mulf %qk, %y : tensor<64x16xf32, #b>
    %m6 = "tt.reduce"(%t6) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %m0, %m1, %m2, %m3, %m4, %t4, %m5, %d5, %m6 : tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>
  }
}

// -----

// In a loop that leaves the scale invariant the loop runs in two versions,
// chosen once: its copy reduces qk and scales the result, the loop as
// written runs where s is not positive and finite. No iteration branches.
// Reductions in warp-specialized partitions are left as they are.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @loop_scale
  // CHECK: %[[POS:.*]] = arith.andi
  // CHECK: %[[R:.*]] = scf.if %[[POS]] -> (tensor<64xf32
  // CHECK-NEXT: %[[FAST:.*]] = scf.for
  // CHECK-NOT: scf.if
  // CHECK-NOT: arith.mulf %arg
  // CHECK:   "tt.reduce"(%arg0)
  // CHECK:   arith.mulf
  // CHECK:   math.fma %arg0
  // CHECK:   scf.yield
  // CHECK: scf.yield %[[FAST]]
  // CHECK: } else {
  // CHECK-NEXT: %[[SLOW:.*]] = scf.for
  // CHECK:   %[[T:.*]] = arith.mulf %arg0
  // CHECK:   "tt.reduce"(%[[T]])
  // CHECK:   arith.subf %[[T]]
  // CHECK:   scf.yield
  // CHECK: scf.yield %[[SLOW]]
  // CHECK: tt.return %[[R]]
  tt.func @loop_scale(%qk: tensor<64x16xf32, #b>, %s: f32, %n: i32) -> tensor<64xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m_old = %init) -> (tensor<64xf32, #row>) : i32 {
      %t = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
      // expected-remark @+1 {{reduces the product's operand and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 1 subtraction(s) of it as fma}}
      %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %x = arith.maxnumf %u, %v : f32
        tt.reduce.return %x : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
      %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
      %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
      %d = arith.subf %t, %mb : tensor<64x16xf32, #b>
      %p = math.exp %d : tensor<64x16xf32, #b>
      %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %x = arith.addf %u, %v : f32
        tt.reduce.return %x : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %next = arith.addf %mn, %sum : tensor<64xf32, #row>
      scf.yield %next : tensor<64xf32, #row>
    }
    tt.return %r : tensor<64xf32, #row>
  }

  // CHECK-LABEL: tt.func @warp_specialized
  // CHECK-NOT: scf.if
  // CHECK-NOT: math.fma
  // CHECK: %[[T:.*]] = arith.mulf
  // CHECK: "tt.reduce"(%[[T]])
  tt.func @warp_specialized(%qk: tensor<64x16xf32, #b>, %s: f32) {
    ttg.warp_specialize(%qk, %s)
    default {
      ttg.warp_yield
    }
    partition0(%x: tensor<64x16xf32, #b>, %scale: f32) num_warps(4) {
      %splat = tt.splat %scale : f32 -> tensor<64x16xf32, #b>
      %t = arith.mulf %x, %splat : tensor<64x16xf32, #b>
      %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %r = arith.maxnumf %u, %v : f32
        tt.reduce.return %r : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      ttg.warp_return
    } : (tensor<64x16xf32, #b>, f32) -> ()
    tt.return
  }
}
