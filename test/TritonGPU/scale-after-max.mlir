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
// In a warp-specialized partition the loop is versioned there, its test
// on the partition's own copy of the scale.
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

  // The waits for wgmmas the loop leaves in flight are versioned with it,
  // so that no wgmma is in flight across the two loops' join (ptxas
  // serialized every wgmma of causal attention with 64-row tiles over it).
  // CHECK-LABEL: tt.func @loop_then_wait
  // CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (tensor<64xf32, #{{.*}}>, tensor<64xf32, #{{.*}}>)
  // CHECK-NEXT: %[[FAST:.*]] = scf.for
  // CHECK: %[[WF:.*]] = ttng.warp_group_dot_wait %[[FAST]] {pendings = 0 : i32}
  // CHECK-NEXT: scf.yield %[[FAST]], %[[WF]]
  // CHECK: } else {
  // CHECK-NEXT: %[[SLOW:.*]] = scf.for
  // CHECK: %[[WS:.*]] = ttng.warp_group_dot_wait %[[SLOW]] {pendings = 0 : i32}
  // CHECK-NEXT: scf.yield %[[SLOW]], %[[WS]]
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: tt.return %[[R]]#1
  tt.func @loop_then_wait(%qk: tensor<64x16xf32, #b>, %s: f32, %n: i32) -> tensor<64xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m_old = %init) -> (tensor<64xf32, #row>) : i32 {
      %t = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
      // expected-remark @+1 {{reduces the product's operand and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 0 subtraction(s) of it as fma}}
      %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %x = arith.maxnumf %u, %v : f32
        tt.reduce.return %x : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
      scf.yield %mn : tensor<64xf32, #row>
    }
    %w = ttng.warp_group_dot_wait %r {pendings = 0 : i32} : tensor<64xf32, #row>
    tt.return %w : tensor<64xf32, #row>
  }

  // CHECK-LABEL: tt.func @warp_specialized
  // CHECK: ttg.warp_specialize
  // CHECK: partition0(%[[X:.*]]: tensor<64x16xf32, #{{.*}}>, %[[S:.*]]: f32, %{{.*}}: i32)
  // CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[S]]
  // CHECK: scf.if
  // CHECK-NEXT: scf.for
  // CHECK-NOT: arith.mulf %[[X]]
  // CHECK:   "tt.reduce"(%[[X]])
  // CHECK: } else {
  // CHECK-NEXT: scf.for
  // CHECK:   %[[T:.*]] = arith.mulf %[[X]]
  // CHECK:   "tt.reduce"(%[[T]])
  // CHECK: ttg.warp_return
  tt.func @warp_specialized(%qk: tensor<64x16xf32, #b>, %s: f32, %n: i32) {
    ttg.warp_specialize(%qk, %s, %n)
    default {
      ttg.warp_yield
    }
    partition0(%x: tensor<64x16xf32, #b>, %scale: f32, %count: i32) num_warps(4) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %init = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
      %splat = tt.splat %scale : f32 -> tensor<64x16xf32, #b>
      %r = scf.for %i = %c0 to %count step %c1 iter_args(%m_old = %init) -> (tensor<64xf32, #row>) : i32 {
        %t = arith.mulf %x, %splat : tensor<64x16xf32, #b>
        // expected-remark @+1 {{reduces the product's operand and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 0 subtraction(s) of it as fma}}
        %m = "tt.reduce"(%t) <{axis = 1 : i32}> ({
        ^bb0(%u: f32, %v: f32):
          %y = arith.maxnumf %u, %v : f32
          tt.reduce.return %y : f32
        }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
        %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
        scf.yield %mn : tensor<64xf32, #row>
      }
      ttg.warp_return
    } : (tensor<64x16xf32, #b>, f32, i32) -> ()
    tt.return
  }
}

// -----

// Causal attention's scores, `where(mask, qk * s, -inf)`, the mask applied
// only on diagonal tiles (triton-guard-tile-masks's scf.if): element by
// element that is where(mask, qk, -inf) * s exactly, since -inf * s = -inf,
// so the branches yield qk unscaled, the maximum is scaled, and the
// subtraction is the fma of the unscaled scores (fma(-inf, s, -m) = -inf -
// m). The loop runs in two versions on a runtime scale, as above.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @masked_constant_scale
  // CHECK-SAME: (%[[QK:.*]]: tensor<64x16xf32, #{{.*}}>, %[[MASK:.*]]: tensor<64x16xi1, #{{.*}}>, %[[DIAG:.*]]: i1
  // CHECK-DAG: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<64x16xf32
  // CHECK-NOT: arith.mulf %[[QK]]
  // CHECK: %[[X:.*]] = scf.if %[[DIAG]] -> (tensor<64x16xf32
  // CHECK-NEXT: %[[SEL:.*]] = arith.select %[[MASK]], %[[QK]], %[[NINF]]
  // CHECK-NEXT: scf.yield %[[SEL]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[QK]]
  // CHECK: %[[R:.*]] = "tt.reduce"(%[[X]])
  // CHECK:   arith.maxnumf
  // CHECK: %[[CROW:.*]] = arith.constant dense<1.250000e-01> : tensor<64xf32
  // CHECK: %[[RS:.*]] = arith.mulf %[[R]], %[[CROW]]
  // CHECK: %[[MB:.*]] = tt.broadcast
  // CHECK: %[[NEG:.*]] = arith.negf %[[MB]]
  // CHECK: %[[C:.*]] = arith.constant dense<1.250000e-01> : tensor<64x16xf32
  // CHECK: %[[FMA:.*]] = math.fma %[[X]], %[[C]], %[[NEG]]
  // CHECK: math.exp %[[FMA]]
  // CHECK-NOT: arith.mulf %[[QK]]
  // CHECK: tt.return
  // Without fp fusion the subtraction could not become an fma: unchanged.
  // NOFUSION-LABEL: tt.func @masked_constant_scale
  // NOFUSION: %[[T:.*]] = arith.mulf
  // NOFUSION: arith.select %{{.*}}, %[[T]]
  // NOFUSION: arith.subf
  tt.func @masked_constant_scale(%qk: tensor<64x16xf32, #b>, %mask: tensor<64x16xi1, #b>, %diag: i1) -> tensor<64x16xf32, #b> {
    %c = arith.constant dense<0.125> : tensor<64x16xf32, #b>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x16xf32, #b>
    %t = arith.mulf %qk, %c : tensor<64x16xf32, #b>
    %x = scf.if %diag -> (tensor<64x16xf32, #b>) {
      %sel = arith.select %mask, %t, %ninf : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
      scf.yield %sel : tensor<64x16xf32, #b>
    } else {
      scf.yield %t : tensor<64x16xf32, #b>
    }
    // expected-remark @+1 {{reduces the product's operand through its mask and scales the result; 1 subtraction(s) of it as fma}}
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    tt.return %p : tensor<64x16xf32, #b>
  }

  // Each branch with its own product (of the same scale), the mask's
  // constant first: both products go.
  // CHECK-LABEL: tt.func @masked_two_products
  // CHECK-NOT: arith.mulf %arg
  // CHECK: scf.if
  // CHECK:   arith.select %arg2, %{{.*}}, %arg0
  // CHECK: } else {
  // CHECK:   scf.yield %arg1
  // CHECK: "tt.reduce"
  // CHECK:   arith.minimumf
  // CHECK: arith.mulf
  // CHECK-NOT: arith.mulf %arg
  // CHECK: tt.return
  tt.func @masked_two_products(%qk: tensor<64x16xf32, #b>, %qk2: tensor<64x16xf32, #b>, %mask: tensor<64x16xi1, #b>, %diag: i1) -> tensor<64xf32, #row> {
    %c = arith.constant dense<2.0> : tensor<64x16xf32, #b>
    %zero = arith.constant dense<0.0> : tensor<64x16xf32, #b>
    %x = scf.if %diag -> (tensor<64x16xf32, #b>) {
      %t = arith.mulf %qk, %c : tensor<64x16xf32, #b>
      %sel = arith.select %mask, %zero, %t : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
      scf.yield %sel : tensor<64x16xf32, #b>
    } else {
      %t2 = arith.mulf %c, %qk2 : tensor<64x16xf32, #b>
      scf.yield %t2 : tensor<64x16xf32, #b>
    }
    // expected-remark @+1 {{reduces the products' operands through their masks and scales the result; 0 subtraction(s) of it as fma}}
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.minimumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %m : tensor<64xf32, #row>
  }

  // CHECK-LABEL: tt.func @masked_loop_scale
  // CHECK: %[[POS:.*]] = arith.andi
  // CHECK: scf.if %[[POS]] -> (tensor<64xf32
  // CHECK-NEXT: scf.for
  // CHECK-NOT: arith.mulf %arg0
  // CHECK:   %[[X:.*]] = scf.if
  // CHECK:     arith.select %{{.*}}, %arg0
  // CHECK:   "tt.reduce"(%[[X]])
  // CHECK:   arith.mulf
  // CHECK:   math.fma %[[X]]
  // CHECK: } else {
  // CHECK-NEXT: scf.for
  // CHECK:   %[[T:.*]] = arith.mulf %arg0
  // CHECK:   arith.select %{{.*}}, %[[T]]
  // CHECK:   arith.subf
  // CHECK: tt.return
  tt.func @masked_loop_scale(%qk: tensor<64x16xf32, #b>, %s: f32, %n: i32, %mask: tensor<64x16xi1, #b>) -> tensor<64xf32, #row> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x16xf32, #b>
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m_old = %init) -> (tensor<64xf32, #row>) : i32 {
      %t = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
      %diag = arith.cmpi sge, %i, %c1 : i32
      %x = scf.if %diag -> (tensor<64x16xf32, #b>) {
        %sel = arith.select %mask, %t, %ninf : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
        scf.yield %sel : tensor<64x16xf32, #b>
      } else {
        scf.yield %t : tensor<64x16xf32, #b>
      }
      // expected-remark @+1 {{reduces the product's operand through its mask and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 1 subtraction(s) of it as fma}}
      %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %y = arith.maxnumf %u, %v : f32
        tt.reduce.return %y : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
      %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
      %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
      %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
      %p = math.exp %d : tensor<64x16xf32, #b>
      %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %y = arith.addf %u, %v : f32
        tt.reduce.return %y : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %next = arith.addf %mn, %sum : tensor<64xf32, #row>
      scf.yield %next : tensor<64xf32, #row>
    }
    tt.return %r : tensor<64xf32, #row>
  }
}

// -----

// Masks left as written: a masked value that scaling changes (-1: x * s
// is not -1 * s); products of different scales in the two branches; a
// masked product read elsewhere too (it would lose its scale); a runtime
// scale outside any loop (the branch on it would have to copy the mask).
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @masked_unchanged
  // CHECK-NOT: math.fma
  // CHECK-COUNT-5: arith.mulf %arg0
  // CHECK-NOT: arith.mulf
  // CHECK: tt.return
  tt.func @masked_unchanged(%qk: tensor<64x16xf32, #b>, %mask: tensor<64x16xi1, #b>, %diag: i1, %s: f32) -> (tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>) {
    %c = arith.constant dense<0.125> : tensor<64x16xf32, #b>
    %c2 = arith.constant dense<0.25> : tensor<64x16xf32, #b>
    %minus1 = arith.constant dense<-1.0> : tensor<64x16xf32, #b>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x16xf32, #b>
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %t0 = arith.mulf %qk, %c : tensor<64x16xf32, #b>
    %x0 = arith.select %mask, %t0, %minus1 : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
    %m0 = "tt.reduce"(%x0) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %x1 = scf.if %diag -> (tensor<64x16xf32, #b>) {
      %t1 = arith.mulf %qk, %c : tensor<64x16xf32, #b>
      scf.yield %t1 : tensor<64x16xf32, #b>
    } else {
      %t1b = arith.mulf %qk, %c2 : tensor<64x16xf32, #b>
      scf.yield %t1b : tensor<64x16xf32, #b>
    }
    %m1 = "tt.reduce"(%x1) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t2 = arith.mulf %qk, %c : tensor<64x16xf32, #b>
    %x2 = arith.select %mask, %t2, %ninf : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
    %m2 = "tt.reduce"(%x2) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %t3 = arith.mulf %qk, %splat : tensor<64x16xf32, #b>
    %x3 = arith.select %mask, %t3, %ninf : tensor<64x16xi1, #b>, tensor<64x16xf32, #b>
    %m3 = "tt.reduce"(%x3) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %r = arith.maxnumf %u, %v : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %m0, %m1, %m2, %t2, %m3 : tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64xf32, #row>
  }
}
