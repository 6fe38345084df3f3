// RUN: triton-opt %s -split-input-file --allocate-shared-memory | FileCheck %s

// Buffers live at the same time get disjoint offsets; a buffer dead before
// another is defined shares its space. 32x32xf16 = 2048 bytes,
// 16x16xf32 = 1024 bytes.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: module attributes {{{.*}}ttg.shared = 3072 : i32
  // CHECK-LABEL: tt.func @live_ranges
  // CHECK-SAME: allocation.size = 3072 : i32
  tt.func @live_ranges(%x: tensor<32x32xf16, #blocked>, %y: tensor<16x16xf32, #blocked>) {
    // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 {allocation.offset = 0 : i32}
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    // CHECK: ttg.local_alloc %arg1 {allocation.offset = 2048 : i32}
    %b = ttg.local_alloc %y : (tensor<16x16xf32, #blocked>) -> !ttg.memdesc<16x16xf32, #shared, #smem>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    %lb = ttg.local_load %b : !ttg.memdesc<16x16xf32, #shared, #smem> -> tensor<16x16xf32, #blocked>
    // %a and %b are dead: %c reuses offset 0.
    // CHECK: ttg.local_alloc %arg1 {allocation.offset = 0 : i32}
    %c = ttg.local_alloc %y : (tensor<16x16xf32, #blocked>) -> !ttg.memdesc<16x16xf32, #shared, #smem>
    %lc = ttg.local_load %c : !ttg.memdesc<16x16xf32, #shared, #smem> -> tensor<16x16xf32, #blocked>
    tt.return
  }
}

// -----

// A buffer used inside a loop is live for the whole loop: scratch inside the
// loop (a conversion across threads, 64x64xf32 = 16384 bytes) gets its own
// space; a conversion that only permutes each thread's registers needs none.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @loop
  // CHECK-SAME: allocation.size = 18432 : i32
  tt.func @loop(%x: tensor<32x32xf16, #blocked>, %t: tensor<64x64xf32, #blocked>, %n: i32, %u: tensor<64x64xf32, #blocked3>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc %arg0 {allocation.offset = 16384 : i32}
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    scf.for %i = %c0 to %n step %c1 : i32 {
      // CHECK: ttg.convert_layout %arg1 {allocation.offset = 0 : i32} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[B1:.*]]>
      %cv = ttg.convert_layout %t : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
      // CHECK-NOT: allocation.offset
      // CHECK: ttg.convert_layout %arg3 : tensor<64x64xf32
      %cw = ttg.convert_layout %u : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #blocked2>
      %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    }
    tt.return
  }
}

// -----

// A reduction across warps needs one value per (warp along the axis, result
// element): 4 x 16 x 4 bytes; along an axis inside warps it needs none. A
// call's scratch is the callee's peak, and the module's is the largest
// function's. An nvmma_shared buffer with a 128-byte swizzle is 1024-byte
// aligned.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: module attributes {{{.*}}ttg.shared = 2304 : i32
  // CHECK-LABEL: tt.func @reduce_across_warps
  // CHECK-SAME: allocation.size = 256 : i32
  tt.func @reduce_across_warps(%x: tensor<16x8xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    // CHECK: "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
    // CHECK: }) {allocation.offset = 0 : i32}
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x8xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // CHECK: "tt.reduce"(%arg0) <{axis = 0 : i32}>
    // CHECK-NOT: allocation.offset
    // CHECK: tt.return
    %q = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x8xf32, #blocked>) -> tensor<8xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %r : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  // CHECK-LABEL: tt.func @caller
  // CHECK-SAME: allocation.size = 2304 : i32
  tt.func @caller(%x: tensor<16x8xf32, #blocked>, %y: tensor<32x32xf16, #blocked>) {
    // CHECK: ttg.local_alloc %arg1 {allocation.offset = 0 : i32}
    %a = ttg.local_alloc %y : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #nvmma, #smem>
    // CHECK: tt.call @reduce_across_warps(%arg0) {allocation.offset = 2048 : i32}
    %r = tt.call @reduce_across_warps(%x) : (tensor<16x8xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #nvmma, #smem> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// A CUDA-core dot reads its operands' buffers itself: the first buffer
// stays live until the dot, so the second does not reuse its bytes.
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // 128 + 256 bytes, not max(128, 256):
  // CHECK-LABEL: tt.func @dot_operands
  // CHECK-SAME: allocation.size = 384 : i32
  tt.func @dot_operands(%a: tensor<4x16xf16, #ld>, %b: tensor<16x8xf16, #ld>, %c: tensor<4x8xf32, #acc>) -> tensor<4x8xf32, #acc> {
    %sa = ttg.local_alloc %a : (tensor<4x16xf16, #ld>) -> !ttg.memdesc<4x16xf16, #sh, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<4x16xf16, #sh, #smem> -> tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %sb = ttg.local_alloc %b : (tensor<16x8xf16, #ld>) -> !ttg.memdesc<16x8xf16, #sh, #smem>
    %lb = ttg.local_load %sb : !ttg.memdesc<16x8xf16, #sh, #smem> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %la, %lb, %c : tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<4x8xf32, #acc>
    tt.return %d : tensor<4x8xf32, #acc>
  }
}

// -----

// A reduction's operand regions each start at a multiple of their element
// size: argmax over i8 values with i32 indices across 2 warps puts the 2
// bytes of i8 partials at 0 and the i32 region at 4 (not 2, which faulted
// with 'misaligned address'): 4 + 2 * 4 = 12 bytes.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: module attributes {{{.*}}ttg.shared = 12 : i32
  // CHECK-LABEL: tt.func @argmax_i8
  // CHECK-SAME: allocation.size = 12 : i32
  tt.func @argmax_i8(%v: tensor<128xi8, #b>, %i: tensor<128xi32, #b>) -> (i8, i32) {
    %r:2 = "tt.reduce"(%v, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %ai: i32, %c: i8, %ci: i32):
      %gt = arith.cmpi sgt, %a, %c : i8
      %m = arith.select %gt, %a, %c : i8
      %mi = arith.select %gt, %ai, %ci : i32
      tt.reduce.return %m, %mi : i8, i32
    }) : (tensor<128xi8, #b>, tensor<128xi32, #b>) -> (i8, i32)
    tt.return %r#0, %r#1 : i8, i32
  }
}

// -----

// A conversion through shared memory that does not fit beside the ring
// live across its loop (192 KB + 64 KB > sm_90's 227 KB) exchanges in
// rounds: the row-8 register bit is common to both layouts, so two rounds
// through 32 KB.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: ttg.shared = 229376
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @epilogue_beside_ring
  // CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 196608 : i32, ttg.exchange_in_rounds}
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

// -----

// With a smaller ring the whole tensor fits: one exchange, 64 KB.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: ttg.shared = 196608
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @epilogue_fits
  // CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 131072 : i32} :
  tt.func public @epilogue_fits(%acc: tensor<128x256xf16, #mma>, %p: tensor<128x256x!tt.ptr<f16>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x64x512xf16, #ring, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = ttg.memdesc_index %ring[%i] : !ttg.memdesc<2x64x512xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x512xf16, #ring, #smem, mutable, 2x64x512>
      ttng.fence_async_shared {bCluster = false}
      %y = ttg.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
      tt.store %p, %y : tensor<128x256x!tt.ptr<f16>, #blocked>
    }
    tt.return
  }
}

// -----

// The regions of a ttg.warp_specialize run at the same time: a buffer the
// default region allocates (2048 bytes) and a partition's tensor-map scratch
// (128 bytes, made there for its own TMA copies) must not share bytes,
// although the default region's ops come first in the IR (by op order alone
// the buffer is dead before the partition starts). A buffer used only before
// the op may share them.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @concurrent_regions
  tt.func public @concurrent_regions(%p: !tt.ptr<f16>, %map: !tt.ptr<i8>, %n: i32, %s: i64) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %before = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %before : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.warp_specialize(%p, %map, %n, %s)
    default {
      // CHECK: default {
      // CHECK-NEXT: ttg.local_alloc {allocation.offset = 0 : i32}
      %inside = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      ttg.local_dealloc %inside : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%a: !tt.ptr<f16>, %m: !tt.ptr<i8>, %k: i32, %st: i64) num_warps(4) {
      %c64_0 = arith.constant 64 : i32
      %c1_0 = arith.constant 1 : i32
      // CHECK: ttng.tensormap_create {{.*}}allocation.offset = 2048 : i32
      ttng.tensormap_create %m, %a, [%c64_0, %c64_0], [%k, %k], [%st], [%c1_0, %c1_0] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
      ttg.warp_return
    } : (!tt.ptr<f16>, !tt.ptr<i8>, i32, i64) -> ()
    tt.return
  }
}
