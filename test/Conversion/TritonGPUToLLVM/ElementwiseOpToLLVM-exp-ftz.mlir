// f32 exp with and without flushing subnormal results (ElementwiseOpToLLVM.cpp).
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// An f32 exp whose subnormal results nothing can tell from zero takes the
// FTZ ex2 (exp2 of x * log2(e)): every use rounds it to f16 or fp8 (where a
// subnormal f32 is zero anyway), goes through a layout conversion, or, where
// the exp's argument is x less x's maximum along an axis (softmax, or the
// online softmax's running maximum), is summed along that axis, as
// attention's probabilities are.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @softmax
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%{{.*}}) : (f32) -> f32
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.return
  tt.func @softmax(%x: tensor<64x16xf32, #b>) -> (tensor<64x16xf16, #c>, tensor<64x16xf8E4M3FN, #b>, tensor<64xf32, #row>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %pc = ttg.convert_layout %p : tensor<64x16xf32, #b> -> tensor<64x16xf32, #c>
    %h = arith.truncf %pc : tensor<64x16xf32, #c> to tensor<64x16xf16, #c>
    %q = tt.fp_to_fp %p, rounding = rtne : tensor<64x16xf32, #b> -> tensor<64x16xf8E4M3FN, #b>
    %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %h, %q, %s : tensor<64x16xf16, #c>, tensor<64x16xf8E4M3FN, #b>, tensor<64xf32, #row>
  }

  // A difference of two full tensors gains nothing from the fold (one
  // product of log2(e) per element either way): exp2(d * log2 e) as before.
  // CHECK-LABEL: llvm.func @unfolded_difference
  // CHECK-NOT: llvm.fadd
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.fsub
  // CHECK-NOT: llvm.fadd
  // CHECK-NOT: llvm.intr.fma
  // CHECK: %[[X:.*]] = llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%[[X]]) : (f32) -> f32
  // CHECK-NOT: llvm.fadd
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  tt.func @unfolded_difference(%x: tensor<64x16xf32, #b>, %y: tensor<64x16xf32, #b>) -> tensor<64x16xf16, #b> {
    %d = arith.subf %x, %y : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %h = arith.truncf %p : tensor<64x16xf32, #b> to tensor<64x16xf16, #b>
    tt.return %h : tensor<64x16xf16, #b>
  }

  // The online softmax's step: the running maximum, the max of the previous
  // one and this tile's. log2(e) is folded in: exp(x - m) is exp2(x log2 e
  // + m (-log2 e)), m's product once per row a thread holds (2 here), a
  // product and a sum per element that LLVM contracts into one fma where
  // fp fusion is on (as it did x - m and the product by log2(e) before).
  // CHECK-LABEL: llvm.func @online_softmax
  // CHECK-NOT: ex2.approx.f32
  // CHECK: %[[L:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
  // CHECK-NEXT: %[[NL:.*]] = llvm.mlir.constant(-1.44269502 : f32) : f32
  // CHECK-NEXT: %[[M:.*]] = llvm.fmul %{{.*}}, %[[NL]] : f32
  // CHECK-NEXT: %[[X:.*]] = llvm.fmul %{{.*}}, %[[L]] : f32
  // CHECK-NEXT: %[[A:.*]] = llvm.fadd %[[X]], %[[M]] : f32
  // CHECK-COUNT-3: llvm.fadd %{{.*}}, %[[M]] : f32
  // CHECK-NEXT: %[[M2:.*]] = llvm.fmul %{{.*}}, %[[NL]] : f32
  // CHECK-COUNT-4: llvm.fadd %{{.*}}, %[[M2]] : f32
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%[[A]]) : (f32) -> f32
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.return
  tt.func @online_softmax(%x: tensor<64x16xf32, #b>, %m_old: tensor<64xf32, #row>) -> (tensor<64x16xf16, #b>, tensor<64xf32, #row>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
    %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %h = arith.truncf %p : tensor<64x16xf32, #b> to tensor<64x16xf16, #b>
    %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %h, %s : tensor<64x16xf16, #b>, tensor<64xf32, #row>
  }

  // The same step as tritongpu-scale-after-max leaves it: the maximum of
  // x * s is max(x) * s where s is positive and finite, the product's
  // maximum otherwise (an scf.if), and x * s - m one fma.
  // With log2(e) folded in, exp2(fma(x, s log2 e, m (-log2 e))): s's
  // product once, m's once per row.
  // CHECK-LABEL: llvm.func @scaled_online_softmax
  // CHECK-NOT: ex2.approx.f32
  // CHECK: %[[L:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
  // CHECK-NEXT: %[[NL:.*]] = llvm.mlir.constant(-1.44269502 : f32) : f32
  // CHECK-NEXT: %[[S:.*]] = llvm.fmul %arg1, %[[L]] : f32
  // CHECK-NEXT: %[[M:.*]] = llvm.fmul %{{.*}}, %[[NL]] : f32
  // CHECK-NEXT: %[[A:.*]] = llvm.intr.fma(%{{.*}}, %[[S]], %[[M]])
  // CHECK-COUNT-3: llvm.intr.fma(%{{.*}}, %[[S]], %[[M]])
  // CHECK-NEXT: %[[M2:.*]] = llvm.fmul %{{.*}}, %[[NL]] : f32
  // CHECK-COUNT-4: llvm.intr.fma(%{{.*}}, %[[S]], %[[M2]])
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%[[A]]) : (f32) -> f32
  // CHECK-NOT: ex2.approx.f32
  // CHECK: llvm.return
  tt.func @scaled_online_softmax(%x: tensor<64x16xf32, #b>, %s: f32, %pos: i1, %m_old: tensor<64xf32, #row>) -> (tensor<64x16xf16, #b>, tensor<64xf32, #row>) {
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %m = scf.if %pos -> (tensor<64xf32, #row>) {
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %t = arith.maxnumf %u, %v : f32
        tt.reduce.return %t : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %srow = tt.splat %s : f32 -> tensor<64xf32, #row>
      %rs = arith.mulf %r, %srow : tensor<64xf32, #row>
      scf.yield %rs : tensor<64xf32, #row>
    } else {
      %xs = arith.mulf %x, %splat : tensor<64x16xf32, #b>
      %r = "tt.reduce"(%xs) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %t = arith.maxnumf %u, %v : f32
        tt.reduce.return %t : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      scf.yield %r : tensor<64xf32, #row>
    }
    %mn = arith.maxnumf %m_old, %m : tensor<64xf32, #row>
    %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %neg = arith.negf %mb : tensor<64x16xf32, #b>
    %d = math.fma %x, %splat, %neg : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %h = arith.truncf %p : tensor<64x16xf32, #b> to tensor<64x16xf16, #b>
    %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %h, %sum : tensor<64x16xf16, #b>, tensor<64xf32, #row>
  }
}

// -----

// Any other use keeps upstream's ex2.approx.f32: a plain sum of exps (all of
// whose terms may be subnormal: flushed it would be zero, and its log -inf),
// a sum along an axis other than the maximum's, a bf16 cast (its subnormals
// reach f32's), a max-reduction, a multiplication, a return, an f16 cast
// rounding upward (a tiny value becomes f16's smallest, not zero).
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
#col = #ttg.slice<{dim = 0, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @observable_subnormals
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: "ex2.approx.f32 $0, $1;"
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: llvm.return
  tt.func @observable_subnormals(%x: tensor<64x16xf32, #b>) -> (tensor<64xf32, #row>, tensor<16xf32, #col>, tensor<64x16xbf16, #b>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64x16xf32, #b>, tensor<64x16xf16, #b>) {
    %p = math.exp %x : tensor<64x16xf32, #b>
    %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
    %q = math.exp %d : tensor<64x16xf32, #b>
    %sc = "tt.reduce"(%q) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<16xf32, #col>
    %r = math.exp %x : tensor<64x16xf32, #b>
    %h = arith.truncf %r : tensor<64x16xf32, #b> to tensor<64x16xbf16, #b>
    %w = math.exp %x : tensor<64x16xf32, #b>
    %wm = "tt.reduce"(%w) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %y = math.exp %x : tensor<64x16xf32, #b>
    %ym = arith.mulf %y, %x : tensor<64x16xf32, #b>
    %z = math.exp %x : tensor<64x16xf32, #b>
    %zh = math.exp %x : tensor<64x16xf32, #b>
    %g = arith.truncf %zh upward : tensor<64x16xf32, #b> to tensor<64x16xf16, #b>
    tt.return %s, %sc, %h, %wm, %ym, %z, %g : tensor<64xf32, #row>, tensor<16xf32, #col>, tensor<64x16xbf16, #b>, tensor<64xf32, #row>, tensor<64x16xf32, #b>, tensor<64x16xf32, #b>, tensor<64x16xf16, #b>
  }
}

// -----

// Sums that keep upstream's form although the exp's argument is an fma:
// the maximum subtracted is of x scaled by another value, or one branch of
// the scf.if yields something that bounds nothing.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @scaled_unbounded
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: "ex2.approx.f32 $0, $1;"
  // CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
  // CHECK: llvm.return
  tt.func @scaled_unbounded(%x: tensor<64x16xf32, #b>, %s: f32, %s2: f32, %pos: i1, %other: tensor<64xf32, #row>) -> (tensor<64xf32, #row>, tensor<64xf32, #row>) {
    %splat = tt.splat %s : f32 -> tensor<64x16xf32, #b>
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %s2row = tt.splat %s2 : f32 -> tensor<64xf32, #row>
    %m = arith.mulf %r, %s2row : tensor<64xf32, #row>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %neg = arith.negf %mb : tensor<64x16xf32, #b>
    %d = math.fma %x, %splat, %neg : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %m2 = scf.if %pos -> (tensor<64xf32, #row>) {
      %srow = tt.splat %s : f32 -> tensor<64xf32, #row>
      %rs = arith.mulf %r, %srow : tensor<64xf32, #row>
      scf.yield %rs : tensor<64xf32, #row>
    } else {
      scf.yield %other : tensor<64xf32, #row>
    }
    %e2 = tt.expand_dims %m2 {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb2 = tt.broadcast %e2 : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %neg2 = arith.negf %mb2 : tensor<64x16xf32, #b>
    %d2 = math.fma %x, %splat, %neg2 : tensor<64x16xf32, #b>
    %p2 = math.exp %d2 : tensor<64x16xf32, #b>
    %sum2 = "tt.reduce"(%p2) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    tt.return %sum, %sum2 : tensor<64xf32, #row>, tensor<64xf32, #row>
  }
}

// -----

// The per-thread partials of a softmax's row sums, as
// tritongpu-optimize-thread-locality keeps them across a loop: the row
// split by a reshape and summed along the split axes (here the four
// elements each thread holds) qualifies as the row's sum does. Summed
// along another axis (the rows), the terms keep upstream's form.
// CHECK-LABEL: llvm.func @partial_row_sums
// CHECK-COUNT-8: llvm.nvvm.ex2.approx.ftz.f
// CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
// CHECK: "ex2.approx.f32 $0, $1;"
// CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @partial_row_sums(%x: tensor<64x16xf32, #b>) -> (tensor<64x4xf32, #ttg.slice<{dim = 2, parent = #b3}>>, tensor<4x4xf32, #ttg.slice<{dim = 0, parent = #b3}>>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.maxnumf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
    %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
    %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
    %p = math.exp %d : tensor<64x16xf32, #b>
    %r = tt.reshape %p : tensor<64x16xf32, #b> -> tensor<64x4x4xf32, #b3>
    %s = "tt.reduce"(%r) <{axis = 2 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x4x4xf32, #b3>) -> tensor<64x4xf32, #ttg.slice<{dim = 2, parent = #b3}>>
    %q = math.exp %d : tensor<64x16xf32, #b>
    %rq = tt.reshape %q : tensor<64x16xf32, #b> -> tensor<64x4x4xf32, #b3>
    %sq = "tt.reduce"(%rq) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %t = arith.addf %u, %v : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x4x4xf32, #b3>) -> tensor<4x4xf32, #ttg.slice<{dim = 0, parent = #b3}>>
    tt.return %s, %sq : tensor<64x4xf32, #ttg.slice<{dim = 2, parent = #b3}>>, tensor<4x4xf32, #ttg.slice<{dim = 0, parent = #b3}>>
  }
}

// -----

// The online softmax's rescale factor, alpha = exp(m - max(m, ...)),
// scales a running sum from zero (l) before this tile's softmax terms are
// added: where alpha is subnormal the new maximum is this tile's, those
// terms hold a 1, and flushing moves l by less than 2^-126 of its old
// value, so alpha takes the FTZ ex2 too (2 rows a thread, after P's 8).
// Kept in upstream's form: the same factor on a sum that starts elsewhere
// (%l1), and on one that gets no softmax terms (the maxima).
// CHECK-LABEL: llvm.func @rescale
// CHECK-COUNT-10: llvm.nvvm.ex2.approx.ftz.f
// CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
// CHECK-COUNT-4: "ex2.approx.f32 $0, $1;"
// CHECK-NOT: llvm.nvvm.ex2.approx.ftz.f
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rescale(%x: tensor<64x16xf32, #b>, %n: i32, %l1: tensor<64xf32, #row>) -> (tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64xf32, #row>
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ninf, %l = %zero, %k = %l1, %o = %zero) -> (tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>) : i32 {
      %mx = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %t = arith.maxnumf %u, %v : f32
        tt.reduce.return %t : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %mn = arith.maxnumf %m, %mx : tensor<64xf32, #row>
      %e = tt.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #b>
      %mb = tt.broadcast %e : tensor<64x1xf32, #b> -> tensor<64x16xf32, #b>
      %d = arith.subf %x, %mb : tensor<64x16xf32, #b>
      %p = math.exp %d : tensor<64x16xf32, #b>
      %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %t = arith.addf %u, %v : f32
        tt.reduce.return %t : f32
      }) : (tensor<64x16xf32, #b>) -> tensor<64xf32, #row>
      %dm = arith.subf %m, %mn : tensor<64xf32, #row>
      %alpha = math.exp %dm : tensor<64xf32, #row>
      %ls = arith.mulf %l, %alpha : tensor<64xf32, #row>
      %ln = arith.addf %ls, %s : tensor<64xf32, #row>
      %alpha2 = math.exp %dm : tensor<64xf32, #row>
      %ks = arith.mulf %k, %alpha2 : tensor<64xf32, #row>
      %kn = arith.addf %ks, %s : tensor<64xf32, #row>
      %alpha3 = math.exp %dm : tensor<64xf32, #row>
      %os = arith.mulf %o, %alpha3 : tensor<64xf32, #row>
      %on = arith.addf %os, %mx : tensor<64xf32, #row>
      scf.yield %mn, %ln, %kn, %on : tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>
    }
    tt.return %r#1, %r#2, %r#3 : tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64xf32, #row>
  }
}
