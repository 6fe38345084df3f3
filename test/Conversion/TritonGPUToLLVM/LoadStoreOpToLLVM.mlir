// The lowering of tt.load, tt.store and atomics (LoadStoreOpToLLVM.cpp),
// with the indices (ViewOpToLLVM.cpp) they need.
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm | FileCheck %s

// Vector add: a kernel with reqntid, indices from the layout, 128-bit
// predicated loads and stores (4 x f32 per thread and vector).
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @add(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>, %arg3: i32)
  // CHECK-SAME: nvvm.kernel
  // CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
  // CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
  // CHECK: nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // Without `other` the masked-off elements are 0, moved in as immediates.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, 0;\0Amov.b32 $1, 0;\0Amov.b32 $2, 0;\0Amov.b32 $3, 0;\0A@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];", "=r,=r,=r,=r,b,l"
  // CHECK: llvm.fadd %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
  // CHECK-NOT: tt.
  // CHECK: llvm.return
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c512 = arith.constant 512 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c512 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #v4>
    %s = tt.splat %start : i32 -> tensor<512xi32, #v4>
    %offs = arith.addi %s, %r : tensor<512xi32, #v4>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #v4>
    %m = arith.cmpi slt, %offs, %ns : tensor<512xi32, #v4>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v4>
    %xp = tt.addptr %xs, %offs : tensor<512x!tt.ptr<f32>, #v4>, tensor<512xi32, #v4>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v4>
    %yp = tt.addptr %ys, %offs : tensor<512x!tt.ptr<f32>, #v4>, tensor<512xi32, #v4>
    %a = tt.load %xp, %m : tensor<512x!tt.ptr<f32>, #v4>
    %b = tt.load %yp, %m : tensor<512x!tt.ptr<f32>, #v4>
    %c = arith.addf %a, %b : tensor<512xf32, #v4>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v4>
    %op = tt.addptr %os, %offs : tensor<512x!tt.ptr<f32>, #v4>, tensor<512xi32, #v4>
    tt.store %op, %c, %m : tensor<512x!tt.ptr<f32>, #v4>
    tt.return
  }
}

// -----

// f16: eight halves per thread travel as four 32-bit words; a tensor
// replicated over lanes (32 elements on 128 threads) is stored by one copy.
#v8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @halves
  // CHECK: ld.global.v4.b32
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
  // CHECK: st.global.v4.b32
  tt.func public @halves(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #v8>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #v8>
    %p = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f16>, #v8>, tensor<1024xi32, #v8>
    %v = tt.load %p : tensor<1024x!tt.ptr<f16>, #v8>
    tt.store %p, %v : tensor<1024x!tt.ptr<f16>, #v8>
    tt.return
  }
  // Warps 1-3 hold copies of warp 0's 32 elements: the store is predicated
  // on the warp bits being zero.
  // CHECK-LABEL: llvm.func @replicated
  // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.inline_asm {{.*}}"@$0 st.global.b32 [$1], $2;", "b,l,r" %[[FIRST]]
  tt.func public @replicated(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
    %p = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
    %c = arith.constant dense<1.0> : tensor<32xf32, #b1>
    tt.store %p, %c : tensor<32x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// expand_dims and broadcast move no data between threads: they pick
// registers.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows
  // CHECK-NOT: tt.expand_dims
  // CHECK-NOT: tt.broadcast
  // CHECK: st.global.v4.b32
  tt.func public @rows(%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<16x1xi32, #b>
    %bc = tt.broadcast %e : tensor<16x1xi32, #b> -> tensor<16x32xi32, #b>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x32xi32, #b>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #b> -> tensor<16x32xi32, #b>
    %c32 = arith.constant dense<32> : tensor<16x32xi32, #b>
    %row = arith.muli %bc, %c32 : tensor<16x32xi32, #b>
    %offs = arith.addi %row, %cb : tensor<16x32xi32, #b>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<16x32x!tt.ptr<i32>, #b>
    %p = tt.addptr %xs, %offs : tensor<16x32x!tt.ptr<i32>, #b>, tensor<16x32xi32, #b>
    tt.store %p, %bc : tensor<16x32x!tt.ptr<i32>, #b>
    tt.return
  }
}

// -----

// Atomics: one `atom` per element, by the first copy, predicated on the
// mask; tt.mulhiui as a widened multiply.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomics
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$3 atom.global.gpu.acq_rel.add.f32 $0, [$1], $2;", "=r,l,r,b"
  // CHECK: llvm.zext %{{.*}} : i32 to i64
  // CHECK: llvm.lshr
  // CHECK: llvm.trunc %{{.*}} : i64 to i32
  tt.func public @atomics(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32) -> () {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b1>
    %p = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>, #b1>, tensor<128xi32, #b1>
    %one = arith.constant dense<1.0> : tensor<128xf32, #b1>
    %m = arith.constant dense<true> : tensor<128xi1, #b1>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %one, %m : (tensor<128x!tt.ptr<f32>, #b1>, tensor<128xf32, #b1>, tensor<128xi1, #b1>) -> tensor<128xf32, #b1>
    %ks = tt.splat %k : i32 -> tensor<128xi32, #b1>
    %h = tt.mulhiui %r, %ks : tensor<128xi32, #b1>
    %hp = tt.addptr %xs, %h : tensor<128x!tt.ptr<f32>, #b1>, tensor<128xi32, #b1>
    tt.store %hp, %old : tensor<128x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// Masks that AxisInfo proves equal share one predicate: `r < n` with n
// divisible by 2 is constant over aligned pairs, so each thread's elements
// 4t, 4t+1 use register 0's mask and 4t+2, 4t+3 register 2's (the strided
// pointers keep every access scalar). Loads and stores alike.
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @shared_masks
  // CHECK: %[[L0:.*]] = llvm.extractvalue %[[LM:.*]][0] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: %[[L2:.*]] = llvm.extractvalue %[[LM]][2] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: "mov.b32 $0, 0;\0A@$1 ld.global.b32 $0, [$2];", "=r,b,l" %[[L0]], %
  // CHECK: "mov.b32 $0, 0;\0A@$1 ld.global.b32 $0, [$2];", "=r,b,l" %[[L0]], %
  // CHECK: "mov.b32 $0, 0;\0A@$1 ld.global.b32 $0, [$2];", "=r,b,l" %[[L2]], %
  // CHECK: "mov.b32 $0, 0;\0A@$1 ld.global.b32 $0, [$2];", "=r,b,l" %[[L2]], %
  // CHECK: %[[S0:.*]] = llvm.extractvalue %[[SM:.*]][0] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: %[[S2:.*]] = llvm.extractvalue %[[SM]][2] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: st.global.b32 [$1], $2;", "b,l,r" %[[S0]],
  // CHECK: st.global.b32 [$1], $2;", "b,l,r" %[[S0]],
  // CHECK: st.global.b32 [$1], $2;", "b,l,r" %[[S2]],
  // CHECK: st.global.b32 [$1], $2;", "b,l,r" %[[S2]],
  tt.func public @shared_masks(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 2 : i32}, %stride: i32) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b4>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b4>
    %st = tt.splat %stride : i32 -> tensor<512xi32, #b4>
    %offs = arith.muli %r, %st : tensor<512xi32, #b4>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b4>
    %xp = tt.addptr %xs, %offs : tensor<512x!tt.ptr<f32>, #b4>, tensor<512xi32, #b4>
    %v = tt.load %xp, %m : tensor<512x!tt.ptr<f32>, #b4>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b4>
    %op = tt.addptr %os, %offs : tensor<512x!tt.ptr<f32>, #b4>, tensor<512xi32, #b4>
    tt.store %op, %v, %m : tensor<512x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// With `other`, each output register starts as `other`, then the predicated
// load; a scalar load likewise.
#o1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @load_other
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
  // CHECK: "mov.b32 $0, $1;\0A@$2 ld.global.b32 $0, [$3];", "=r,r,b,l"
  // CHECK: "mov.b32 $0, $1;\0A@$2 ld.global.b32 $0, [$3];", "=r,r,b,l"
  tt.func public @load_other(%p: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #o1>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #o1>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #o1>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #o1>
    %ptrs = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #o1>, tensor<128xi32, #o1>
    %one = arith.constant dense<1.0> : tensor<128xf32, #o1>
    %v = tt.load %ptrs, %m, %one : tensor<128x!tt.ptr<f32>, #o1>
    %c0 = arith.constant 0 : i32
    %mb = arith.cmpi slt, %c0, %n : i32
    %onef = arith.constant 1.0 : f32
    %s = tt.load %p, %mb, %onef : !tt.ptr<f32>
    %sv = tt.splat %s : f32 -> tensor<128xf32, #o1>
    %sum = arith.addf %v, %sv : tensor<128xf32, #o1>
    tt.store %ptrs, %sum, %m : tensor<128x!tt.ptr<f32>, #o1>
    tt.return
  }
}

// -----

// Memory order and scope reach `atom` in upstream's qualifier order (its
// test_core matches `atom.global.gpu.<sem>` for an RMW and
// `atom.global.<sem>` for a CAS): each semantic and each scope.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomic_orders
  // CHECK: atom.global.gpu.relaxed.add.u32
  // CHECK: atom.global.cta.acquire.max.s32
  // CHECK: atom.global.sys.release.exch.b32
  // CHECK: atom.global.gpu.acq_rel.xor.b64
  // CHECK: atom.global.relaxed.gpu.cas.b32
  // CHECK: atom.global.acquire.cta.cas.b32
  // CHECK: atom.global.release.sys.cas.b64
  // CHECK: atom.global.acq_rel.gpu.cas.b64
  tt.func public @atomic_orders(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>, %v: i32, %w: i64) {
    %t = arith.constant true
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v, %t : (!tt.ptr<i32>, i32, i1) -> i32
    %1 = tt.atomic_rmw max, acquire, cta, %p, %v, %t : (!tt.ptr<i32>, i32, i1) -> i32
    %2 = tt.atomic_rmw exch, release, sys, %p, %v, %t : (!tt.ptr<i32>, i32, i1) -> i32
    %3 = tt.atomic_rmw xor, acq_rel, gpu, %q, %w, %t : (!tt.ptr<i64>, i64, i1) -> i64
    %4 = tt.atomic_cas relaxed, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
    %5 = tt.atomic_cas acquire, cta, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
    %6 = tt.atomic_cas release, sys, %q, %w, %w : (!tt.ptr<i64>, i64, i64) -> i64
    %7 = tt.atomic_cas acq_rel, gpu, %q, %w, %w : (!tt.ptr<i64>, i64, i64) -> i64
    tt.return
  }
}
