// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// A transpose-like conversion across threads goes through shared memory:
// one barrier between the writes and the reads, 64-bit vector writes
// (two f32 along the row) and scalar reads, at swizzled offsets.
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @transpose
  // CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @transpose(%x: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #col> {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
    tt.return %y : tensor<64x64xf32, #col>
  }
}

// -----

// Data replicated across warps is written only by its first copy (a
// predicated st.shared); i1 travels as i8.
#rep = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#one = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @replicated
  // CHECK: llvm.zext %{{.*}} : i1 to i8
  // CHECK: "@$0 st.shared.b8 [$1], $2;", "b,r,h"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xi8>
  // CHECK: llvm.trunc %{{.*}} : i8 to i1
  tt.func public @replicated(%x: tensor<32xi1, #rep>) -> tensor<32xi1, #one> {
    %y = ttg.convert_layout %x : tensor<32xi1, #rep> -> tensor<32xi1, #one>
    tt.return %y : tensor<32xi1, #one>
  }
}

// -----

// Shape ops that keep data in its thread: no shared memory, no barrier.
#b2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#t = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @join_split_trans
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: llvm.return
  tt.func public @join_split_trans(%a: tensor<256xf32, #b1>, %b: tensor<256xf32, #b1>) -> (tensor<256xf32, #b1>, tensor<2x256xf32, #t>) {
    %j = tt.join %a, %b : tensor<256xf32, #b1> -> tensor<256x2xf32, #b2>
    %l, %r = tt.split %j : tensor<256x2xf32, #b2> -> tensor<256xf32, #b1>
    %s = arith.addf %l, %r : tensor<256xf32, #b1>
    %t = tt.trans %j {order = array<i32: 1, 0>} : tensor<256x2xf32, #b2> -> tensor<2x256xf32, #t>
    tt.return %s, %t : tensor<256xf32, #b1>, tensor<2x256xf32, #t>
  }
}

// -----

// An inclusive scan over 4 registers, 32 lanes and 4 warps: a sequential
// scan in the thread, Hillis-Steele over lanes (shfl.up by 1..16), the
// warps' totals through shared memory.
#s = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum
  // CHECK-COUNT-3: llvm.fadd
  // CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32 -> f32
  // CHECK-COUNT-5: nvvm.shfl.sync up
  // CHECK: nvvm.shfl.sync idx
  // CHECK: st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  tt.func public @cumsum(%x: tensor<512xf32, #s>) -> tensor<512xf32, #s> {
    %y = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) : (tensor<512xf32, #s>) -> tensor<512xf32, #s>
    tt.return %y : tensor<512xf32, #s>
  }
}

// -----

// A reverse scan within a warp shuffles down.
#w = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rev
  // CHECK-COUNT-5: nvvm.shfl.sync down
  // CHECK-NOT: nvvm.shfl.sync up
  tt.func public @rev(%x: tensor<32xi32, #w>) -> tensor<32xi32, #w> {
    %y = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<32xi32, #w>) -> tensor<32xi32, #w>
    tt.return %y : tensor<32xi32, #w>
  }
}

// -----

// A scalar atomic whose old value is used: thread 0 acts, writes the old
// value to its scratch, every thread reads it after a barrier.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cas
  // CHECK: "@$4 atom.global.acq_rel.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,b"
  // CHECK: "@$0 st.shared.b32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  tt.func public @cas(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %q, %old : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Noinline device functions stay functions; calls become llvm.call.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.func internal @twice(%arg0: f32) -> f32 attributes {no_inline}
  tt.func private @twice(%x: f32) -> f32 attributes {noinline = true} {
    %y = arith.addf %x, %x : f32
    tt.return %y : f32
  }
  // CHECK-LABEL: llvm.func @caller
  // CHECK: llvm.call @twice(%{{.*}}) : (f32) -> f32
  tt.func public @caller(%p: !tt.ptr<f32>, %x: f32) {
    %y = tt.call @twice(%x) : (f32) -> f32
    tt.store %p, %y : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A CUDA-core dot: operands staged by local_alloc, read by the dot straight
// from shared memory, one fma per (accumulator element, k).
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot
  // CHECK: "@$0 st.shared.v2.b32 [$1], {$2, $3};"
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-16: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  tt.func public @dot(%a: tensor<4x16xf16, #ld>, %b: tensor<16x8xf16, #ld>, %c: tensor<4x8xf32, #acc>) -> tensor<4x8xf32, #acc> {
    %sa = ttg.local_alloc %a : (tensor<4x16xf16, #ld>) -> !ttg.memdesc<4x16xf16, #sh, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<4x16xf16, #sh, #smem> -> tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %sb = ttg.local_alloc %b : (tensor<16x8xf16, #ld>) -> !ttg.memdesc<16x8xf16, #sh, #smem>
    %lb = ttg.local_load %sb : !ttg.memdesc<16x8xf16, #sh, #smem> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %la, %lb, %c : tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<4x8xf32, #acc>
    tt.return %d : tensor<4x8xf32, #acc>
  }
}

// -----

// 64-bit reductions and scans: each shuffle moves two 32-bit halves.
#w = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wide
  // CHECK-COUNT-10: nvvm.shfl.sync bfly %{{.*}} : i32 -> i32
  // CHECK: llvm.add %{{.*}} : i64
  // CHECK-COUNT-10: nvvm.shfl.sync up %{{.*}} : i32 -> i32
  tt.func public @wide(%x: tensor<32xi64, #w>) -> (i64, tensor<32xi64, #w>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %c = arith.addi %a, %b : i64
      tt.reduce.return %c : i64
    }) : (tensor<32xi64, #w>) -> i64
    %y = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i64, %b: i64):
      %c = arith.addi %a, %b : i64
      tt.scan.return %c : i64
    }) : (tensor<32xi64, #w>) -> tensor<32xi64, #w>
    tt.return %s, %y : i64, tensor<32xi64, #w>
  }
}

// -----

// A tensor atomic whose result is used, on a layout that holds each
// element in four warps: the first copy acts and writes the old values to
// scratch; every holder reads them after a barrier.
#r = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomic_old
  // CHECK: atom.global.gpu.acq_rel.add.u32
  // CHECK: "@$0 st.shared.b32 [$1], $2;"
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  tt.func public @atomic_old(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #r>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #r>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>, #r>, tensor<32xi32, #r>
    %one = arith.constant dense<1> : tensor<32xi32, #r>
    %m = arith.constant dense<true> : tensor<32xi1, #r>
    %old = tt.atomic_rmw add, acq_rel, gpu, %pp, %one, %m : (tensor<32x!tt.ptr<i32>, #r>, tensor<32xi32, #r>, tensor<32xi1, #r>) -> tensor<32xi32, #r>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #r>
    %qp = tt.addptr %qs, %r : tensor<32x!tt.ptr<i32>, #r>, tensor<32xi32, #r>
    tt.store %qp, %old : tensor<32x!tt.ptr<i32>, #r>
    tt.return
  }
}

// -----

// tt.unsplat (a scalar split off a pair, upstream's tl.split of a
// two-element tensor): every thread holds the one element, so it is the
// first register, with no shared memory and no shuffle.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unsplat
  // CHECK: %[[V:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f32)>
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK-NOT: nvvm.shfl
  // CHECK: llvm.return %[[V]] : f32
  tt.func public @unsplat(%a: tensor<1xf32, #b1>) -> f32 {
    %s = tt.unsplat %a : tensor<1xf32, #b1>
    tt.return %s : f32
  }
}

// -----

// A #ttg.linear whose bases reach past the tensor (upstream's tests use one
// layout for several shapes: the coordinates past the shape are replicas)
// and whose lanes broadcast: each thread holds the slice it needs, but in
// a register that depends on its lane, so the conversion goes through
// shared memory rather than failing to lower.
#lin = #ttg.linear<{register = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[32, 0], [0, 32]], block = []}>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @linear_lane_dependent
  // CHECK-COUNT-4: st.shared.v4.b32
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  tt.func public @linear_lane_dependent(%a: tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>> {
    %c = ttg.convert_layout %a : tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
    tt.return %c : tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
  }
}

// -----

// A replicated source of bytes (rows 32-63 of the layout repeat rows 0-31,
// so only the first copy writes, predicated) with 32 consecutive bytes per
// thread: each st.shared carries every byte of its vector, four to a .b32
// word, not one byte per word (the e2m1 scaled-dot mask of test_scaled_dot
// was NaN where the dropped bytes left stale shared memory).
#rep = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#lin = #ttg.linear<{register = [[0, 0, 1], [1, 0, 0], [2, 0, 0], [4, 0, 0]], lane = [[8, 0, 0], [16, 0, 0], [0, 0, 2], [0, 0, 4], [0, 0, 8]], warp = [[0, 0, 16], [0, 1, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @replicated_bytes
  // CHECK-COUNT-2: "@$0 st.shared.v4.b32 [$1], {$2, $3, $4, $5};", "b,r,r,r,r,r"
  // CHECK-NOT: st.shared
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> vector<2xi8>
  // CHECK-LABEL: llvm.func @replicated_i8
  // CHECK-COUNT-2: "@$0 st.shared.v4.b32 [$1], {$2, $3, $4, $5};", "b,r,r,r,r,r"
  // CHECK-NOT: st.shared
  // CHECK: nvvm.barrier0
  tt.func public @replicated_bytes(%m: tensor<32x2x32xi1, #rep>) -> tensor<32x2x32xi1, #lin> {
    %0 = ttg.convert_layout %m : tensor<32x2x32xi1, #rep> -> tensor<32x2x32xi1, #lin>
    tt.return %0 : tensor<32x2x32xi1, #lin>
  }
  tt.func public @replicated_i8(%m: tensor<32x2x32xi8, #rep>) -> tensor<32x2x32xi8, #lin> {
    %0 = ttg.convert_layout %m : tensor<32x2x32xi8, #rep> -> tensor<32x2x32xi8, #lin>
    tt.return %0 : tensor<32x2x32xi8, #lin>
  }
}

// -----

// In rounds (ttg.exchange_in_rounds, set by allocate-shared-memory where the
// tensor does not fit beside the ring): each round writes half of the
// accumulator (32 words a thread, as 8 stmatrix.x4 on sm_90), a barrier,
// reads its half (8 eight-half vectors), and a barrier before the next
// round's writes.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @epilogue_beside_ring
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK-NOT: llvm.load
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @epilogue_beside_ring(%acc: tensor<128x256xf16, #mma>, %p: tensor<128x256x!tt.ptr<f16>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<3x64x512xf16, #ring, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = ttg.memdesc_index %ring[%i] : !ttg.memdesc<3x64x512xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x512xf16, #ring, #smem, mutable, 3x64x512>
      ttng.fence_async_shared {bCluster = false}
      %y = ttg.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
      tt.store %p, %y : tensor<128x256x!tt.ptr<f16>, #blocked>
    }
    tt.return
  }
}
