// RUN: triton-opt %s -split-input-file --allocate-shared-memory --test-print-membar | FileCheck %s

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Read after write of one buffer: a barrier between them. Reads of a
  // buffer after reads need none.
  // CHECK-LABEL: tt.func @raw
  // CHECK: ttg.local_alloc %arg0
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: tt.return
  tt.func @raw(%x: tensor<32x32xf16, #blocked>) {
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    %m = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    tt.return
  }

  // Write after read of a mutable buffer: a barrier; accesses to another
  // buffer (disjoint bytes) need none.
  // CHECK-LABEL: tt.func @war_and_disjoint
  // CHECK: %[[A:.*]] = ttg.local_alloc {allocation.offset = 0 : i32}
  // CHECK: %[[B:.*]] = ttg.local_alloc {allocation.offset = 2048 : i32}
  // CHECK-NEXT: ttg.local_store %arg0, %[[A]]
  // CHECK-NEXT: ttg.local_store %arg0, %[[B]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load %[[A]]
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_store %arg0, %[[A]]
  // CHECK-NEXT: tt.return
  tt.func @war_and_disjoint(%x: tensor<32x32xf16, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %b : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // In a loop, the store at the top of an iteration races with the load at
  // the bottom of the previous one: a barrier before the store as well.
  // CHECK-LABEL: tt.func @loop_carried
  // CHECK: scf.for
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: }
  tt.func @loop_carried(%x: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    }
    tt.return
  }

  // A write in one branch of an scf.if: the read after the if needs a
  // barrier (joined states).
  // CHECK-LABEL: tt.func @branch
  // CHECK: scf.if
  // CHECK-NEXT: ttg.local_store
  // CHECK: }
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @branch(%x: tensor<32x32xf16, #blocked>, %c: i1) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.if %c {
      ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// Scratch: two conversions across warps reuse the same scratch bytes, so the
// second waits for the first; a buffer in other bytes does not.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @scratch
  // CHECK: ttg.convert_layout %arg0 {allocation.offset = 0 : i32}
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.convert_layout %arg0 {allocation.offset = 0 : i32}
  // CHECK-NEXT: tt.return
  tt.func @scratch(%x: tensor<32x32xf32, #blocked>) {
    %a = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %b = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    tt.return
  }
}

// -----

// A CUDA-core dot reads its operands' buffers: in a loop, the next
// iteration's write of the first operand waits for the dot (a barrier at
// the top of the body), besides the barriers between each write and read.
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @dot_loop
  // CHECK: scf.for
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_alloc %arg0
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_alloc %arg1
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: tt.dot
  // CHECK-NEXT: scf.yield
  tt.func @dot_loop(%a: tensor<4x16xf16, #ld>, %b: tensor<16x8xf16, #ld>, %c: tensor<4x8xf32, #acc>, %n: i32) -> tensor<4x8xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<4x8xf32, #acc>) : i32 {
      %sa = ttg.local_alloc %a : (tensor<4x16xf16, #ld>) -> !ttg.memdesc<4x16xf16, #sh, #smem>
      %la = ttg.local_load %sa : !ttg.memdesc<4x16xf16, #sh, #smem> -> tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %sb = ttg.local_alloc %b : (tensor<16x8xf16, #ld>) -> !ttg.memdesc<16x8xf16, #sh, #smem>
      %lb = ttg.local_load %sb : !ttg.memdesc<16x8xf16, #sh, #smem> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %d = tt.dot %la, %lb, %acc : tensor<4x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<4x8xf32, #acc>
      scf.yield %d : tensor<4x8xf32, #acc>
    }
    tt.return %r : tensor<4x8xf32, #acc>
  }
}

// -----

// Async copies write when they complete: a barrier between a copy and a
// read does not order them, only an async_wait followed by a barrier does.
#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Two copies into a ring need no barrier between them; the read after the
  // wait needs one, although a barrier (for the other buffer) came between
  // the copies and the wait.
  // CHECK-LABEL: tt.func @copy_barrier_wait_read
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load %[[OTHER:.*]] :
  // CHECK-NEXT: ttg.async_wait {num = 0 : i32}
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: tt.return
  tt.func @copy_barrier_wait_read(%p: tensor<32x32x!tt.ptr<f16>, #blk>, %x: tensor<32x32xf16, #blk>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #sw, #smem, mutable>
    %other = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable>
    %s0 = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x32x32xf16, #sw, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32>
    %s1 = ttg.memdesc_index %ring[%c1] : !ttg.memdesc<2x32x32xf16, #sw, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32>
    %t0 = ttg.async_copy_global_to_local %p, %s0 : tensor<32x32x!tt.ptr<f16>, #blk> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32>
    %t1 = ttg.async_copy_global_to_local %p, %s1 : tensor<32x32x!tt.ptr<f16>, #blk> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32>
    %g = ttg.async_commit_group tokens %t0, %t1
    ttg.local_store %x, %other : tensor<32x32xf16, #blk> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable>
    %o = ttg.local_load %other : !ttg.memdesc<32x32xf16, #sw, #smem, mutable> -> tensor<32x32xf16, #blk>
    %w = ttg.async_wait {num = 0 : i32}
    %l0 = ttg.local_load %s0 : !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32> -> tensor<32x32xf16, #blk>
    %l1 = ttg.local_load %s1 : !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 2x32x32> -> tensor<32x32xf16, #blk>
    tt.return
  }

  // A copy into a buffer others have read needs a barrier before it.
  // CHECK-LABEL: tt.func @read_then_copy
  // CHECK: ttg.local_load
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.async_copy_global_to_local
  tt.func @read_then_copy(%p: tensor<32x32x!tt.ptr<f16>, #blk>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable>
    %l = ttg.local_load %buf : !ttg.memdesc<32x32xf16, #sw, #smem, mutable> -> tensor<32x32xf16, #blk>
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x32x!tt.ptr<f16>, #blk> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait {num = 0 : i32}
    tt.return
  }
}

// -----

// A TMA store reads its buffer until the issuing thread's store wait: in a
// loop whose stores stay in flight, the next write of the buffer gets its
// barrier after the wait, although a barrier (for another buffer) came
// between the copy and the wait.
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tma_store_in_flight
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[OTHER:.*]] :
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load %[[OTHER]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CHECK-NEXT: }
  tt.func @tma_store_in_flight(%d: !tt.tensordesc<tensor<64x64xf16>>, %x: tensor<64x64xf16, #blk>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    %other = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #sw, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.local_store %x, %other : tensor<64x64xf16, #blk> -> !ttg.memdesc<64x64xf16, #sw, #smem, mutable>
      %o = ttg.local_load %other : !ttg.memdesc<64x64xf16, #sw, #smem, mutable> -> tensor<64x64xf16, #blk>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.local_store %x, %buf : tensor<64x64xf16, #blk> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      ttng.async_tma_copy_local_to_global %d[%i, %c0] %buf : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    }
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A tile written before a loop that only reads it (attention's Q): one
  // barrier before the loop, none in every iteration.
  // CHECK-LABEL: tt.func @hoisted
  // CHECK: ttg.local_alloc %arg0
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: }
  tt.func @hoisted(%x: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
      %m = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    }
    tt.return
  }

  // A tile each outer iteration writes and its inner loop reads: the
  // barrier goes before the inner loop, inside the outer one, whose back
  // edge (the next write after the inner loop's reads) needs one before the
  // write as well.
  // CHECK-LABEL: tt.func @hoisted_nested
  // CHECK: scf.for
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  tt.func @hoisted_nested(%x: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      scf.for %j = %c0 to %n step %c1 : i32 {
        %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      }
    }
    tt.return
  }

  // The loop writes what it reads, so its back edge needs the barrier at
  // the same place: it stays in the loop, with none added before it.
  // CHECK-LABEL: tt.func @not_hoisted
  // CHECK: ttg.local_alloc
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: }
  tt.func @not_hoisted(%x: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    tt.return
  }
}
