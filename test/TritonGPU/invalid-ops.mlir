// Every verifier rule of the ttg ops.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alloc_immutable() {
    // expected-error @+1 {{an uninitialized buffer must be mutable}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alloc_shape(%x: tensor<16x16xf16, #blocked>) {
    // expected-error @+1 {{tensor shape 16x16 differs from the buffer's 16x32}}
    %0 = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alloc_element(%x: tensor<16x16xf16, #blocked>) {
    // expected-error @+1 {{tensor element type 'f16' differs from the buffer's 'f32'}}
    %0 = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf32, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @load_shape(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{tensor shape 16x32 differs from the buffer's 16x16}}
    %0 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x32xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_immutable(%x: tensor<16x16xf16, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{cannot store into an immutable buffer}}
    ttg.local_store %x, %m : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_element(%x: tensor<16x16xf32, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{tensor element type 'f32' differs from the buffer's 'f16'}}
    ttg.local_store %x, %m : tensor<16x16xf32, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @index_rank(%m: !ttg.memdesc<16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem>, %i: i32) {
    // expected-error @+1 {{indexes the leading dimension of a buffer of rank >= 2, got rank 1}}
    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem> -> !ttg.memdesc<16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @index_shape(%m: !ttg.memdesc<2x16x16xf16, #shared1, #smem>, %i: i32) {
    // expected-error @+1 {{result shape 16x32 should be 16x16, the source shape without its leading dimension}}
    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared1, #smem> -> !ttg.memdesc<16x32xf16, #shared1, #smem, 2x16x32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @index_element(%m: !ttg.memdesc<2x16x16xf16, #shared1, #smem>, %i: i32) {
    // expected-error @+1 {{result element type differs from the source's}}
    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared1, #smem> -> !ttg.memdesc<16x16xi16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #smem, 2x16x16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @index_mutability(%m: !ttg.memdesc<2x16x16xf16, #shared1, #smem, mutable>, %i: i32) {
    // expected-error @+1 {{a view must keep the buffer's mutability}}
    %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 2x16x16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @index_constant(%m: !ttg.memdesc<2x16x16xf16, #shared1, #smem>) {
    %c = arith.constant 2 : i32
    // expected-error @+1 {{index 2 is out of range [0, 2)}}
    %0 = ttg.memdesc_index %m[%c] : !ttg.memdesc<2x16x16xf16, #shared1, #smem> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 2x16x16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @subslice_count(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{takes one offset per dimension, and keeps the rank: source rank 2, 1 offsets, result rank 2}}
    %0 = ttg.memdesc_subslice %m[0] : !ttg.memdesc<16x16xf16, #shared, #smem> -> !ttg.memdesc<16x8xf16, #shared, #smem, 16x16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @subslice_range(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{slice [12, 20) of dimension 1 exceeds its size 16}}
    %0 = ttg.memdesc_subslice %m[0, 12] : !ttg.memdesc<16x16xf16, #shared, #smem> -> !ttg.memdesc<16x8xf16, #shared, #smem, 16x16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_order(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{order must be a permutation of [0, 2)}}
    %0 = ttg.memdesc_trans %m {order = array<i32: 0, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<32x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_shape(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{result shape 16x32 should be 32x16}}
    %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_encoding(%m: !ttg.memdesc<16x32xf16, #shared, #smem>, %n: !ttg.memdesc<64x64xf16, #shared1, #smem>) {
    // The view keeps the source's bytes: its order must be the source's, permuted.
    // expected-error @+1 {{result encoding #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}> is not the source's transposed (#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>)}}
    %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<32x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_nvmma(%n: !ttg.memdesc<64x64xf16, #shared1, #smem>) {
    // expected-error @+1 {{is not the source's transposed (#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>)}}
    %0 = ttg.memdesc_trans %n {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared1, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_size(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{source has 512 elements but the result has 256}}
    %0 = ttg.memdesc_reshape %m : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reinterpret_size(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{the result needs 2048 bytes but the source buffer has only 1024}}
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf32, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_immutable(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{cannot copy into an immutable buffer}}
    %0 = ttg.async_copy_global_to_local %p, %m : tensor<16x16x!tt.ptr<f16>, #blocked> -> <16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_shape(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x32xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{copies a block of shape 16x16 into a buffer of shape 16x32}}
    %0 = ttg.async_copy_global_to_local %p, %m : tensor<16x16x!tt.ptr<f16>, #blocked> -> <16x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_element(%p: tensor<16x16x!tt.ptr<f32>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{pointers to 'f32' cannot fill a buffer of 'f16'}}
    %0 = ttg.async_copy_global_to_local %p, %m : tensor<16x16x!tt.ptr<f32>, #blocked> -> <16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_other(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, %o: tensor<16x16xf16, #blocked>) {
    // expected-error @+1 {{'other' needs a mask}}
    %0 = ttg.async_copy_global_to_local %p, %m other %o : tensor<16x16x!tt.ptr<f16>, #blocked> -> <16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_mask(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, %k: tensor<16x8xi1, #blocked>) {
    // expected-error @+1 {{failed to verify that mask matches the pointers' shape}}
    %0 = "ttg.async_copy_global_to_local"(%p, %m, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<16x16x!tt.ptr<f16>, #blocked>, !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, tensor<16x8xi1, #blocked>) -> !ttg.async.token
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wait_num() {
    // expected-error @+1 {{num must be non-negative, got -1}}
    %0 = ttg.async_wait {num = -1 : i32}
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scratch_size() {
    // expected-error @+1 {{nbytes must be positive, got 0}}
    %0 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 0 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scratch_alignment() {
    // expected-error @+1 {{alignment must be a power of two, got 6}}
    %0 = ttg.global_scratch_alloc {alignment = 6 : i32, nbytes = 16 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @convert_shape(%x: tensor<16x16xf16, #blocked>) {
    // expected-error @+1 {{requires the same shape for all operands and results}}
    %0 = ttg.convert_layout %x : tensor<16x16xf16, #blocked> -> tensor<16x32xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ws_warps(%i: i32) {
    // expected-error @+1 {{partition warp counts must be powers of two, got 3}}
    ttg.warp_specialize(%i)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(3) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ws_yield_types(%i: i32) {
    %0 = ttg.warp_specialize(%i)
    default {
      // expected-error @+1 {{yields 0 values whose types must match the op's results}}
      ttg.warp_yield
    } : (i32) -> i32
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ws_args(%i: i32) {
    // expected-error @+1 {{partition0 must take the explicit captures' types as arguments}}
    ttg.warp_specialize(%i)
    default {
      ttg.warp_yield
    }
    partition0(%a: i64) num_warps(1) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ws_terminator(%i: i32) {
    ttg.warp_specialize(%i)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(1) {
      // expected-error @+1 {{'ttg.warp_yield' op must be the last operation in the parent block}}
      ttg.warp_yield
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}
