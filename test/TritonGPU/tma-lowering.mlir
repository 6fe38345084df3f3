// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering --verify-diagnostics | FileCheck %s

// A descriptor load outside a loop: a TMA copy into a buffer in TMA's
// layout (128-byte swizzle for 128-byte rows), completed on a fresh
// mbarrier armed with the block's bytes, then read into the load's layout.
// A store: its value written to such a buffer (the layout conversion before
// it skipped), a proxy fence, the TMA store and its wait.
// CHECK: #[[NVMMA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @load_store
  tt.func public @load_store(%d: !tt.tensordesc<tensor<64x64xf16>>, %e: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
    // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[NVMMA]], #smem, mutable>
    // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64
    // CHECK: ttng.init_barrier %[[BAR]], 1
    // CHECK: ttng.barrier_expect %[[BAR]], 8192, %true
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]], %[[BAR]], %true
    // CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
    // CHECK: ttng.inval_barrier %[[BAR]]
    // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #[[NVMMA]], #smem, mutable> -> tensor<64x64xf16, #blocked>
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %w = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
    %x = ttg.convert_layout %w : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    // CHECK: %[[OUT:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #[[NVMMA]], #smem>
    // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[OUT]]
    // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.descriptor_store %e[%i, %i], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// Rows of 16 bytes: not a block TMA copies here.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @narrow(%d: !tt.tensordesc<tensor<64x8xf16>>, %i: i32) -> tensor<64x8xf16, #blocked> {
    // expected-error @+1 {{TMA cannot move this descriptor's blocks: rows of 16 bytes: TMA copies here need at least 32}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x8xf16>> -> tensor<64x8xf16, #blocked>
    tt.return %v : tensor<64x8xf16, #blocked>
  }
}

// -----

// A descriptor made in the kernel: a tensor map in 128 bytes of the
// program's global scratch, with the box of TMA.h (64x64), the shape and
// byte strides innermost first, the element type (f16: 6), 128-byte
// swizzle (3) and NaN fill for `padding = nan` (1); acquired, then viewed
// as the descriptor.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @device_made
  tt.func public @device_made(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64, %i: i32) -> tensor<64x64xf16, #blocked> {
    %one = arith.constant 1 : i64
    // CHECK: %[[BYTES:.*]] = arith.muli %arg3, %c2_i64
    // CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%c64_i32{{[_0-9]*}}, %c64_i32{{[_0-9]*}}], [%arg2, %arg1], [%[[BYTES]]], [%c1_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}}] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
    // CHECK: ttng.tensormap_fenceproxy_acquire %[[MAP]]
    // CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]]
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %one] {padding = 2 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// Stores in a loop (a persistent epilogue) stay in flight: one buffer per
// block type, made before the loop and shared by both stores; each store
// waits for the copies before it to have read the buffer, then writes it;
// one wait after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @stores_in_loop
  tt.func public @stores_in_loop(%e: !tt.tensordesc<tensor<64x64xf16>>, %x: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable>
    // CHECK-NOT: ttg.local_alloc
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
      // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]]
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]]
      // CHECK-NEXT: }
      tt.descriptor_store %e[%i, %c0], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
      tt.descriptor_store %e[%i, %c64], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    }
    // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK-NEXT: tt.return
    tt.return
  }
}

// -----

// Where the block's buffer does not fit beside what the loop keeps (a
// 200 KB ring; a 64x256 f16 block of 32 KB would pass sm_90's 227 KB), the
// store goes in two 64x128 parts, split in registers (column 128 is a
// register bit of the value's layout), through one 16 KB buffer, the
// second part at column + 128.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @stores_in_full_loop
  tt.func public @stores_in_full_loop(%e: !tt.tensordesc<tensor<64x256xf16>>, %x: tensor<64x256xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<25x64x64xf16, #ring, #smem, mutable>
    // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #{{.*}}, #smem, mutable>
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = ttg.memdesc_index %ring[%i] : !ttg.memdesc<25x64x64xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 25x64x64>
      %v = ttg.local_load %slot : !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 25x64x64> -> tensor<64x64xf16, #blocked>
      // CHECK: tt.reshape %{{.*}} : tensor<64x256xf16, #blocked> -> tensor<64x2x128xf16
      // CHECK-NEXT: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>}
      // CHECK-NEXT: %[[LO:.*]], %[[HI:.*]] = tt.split
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      // CHECK-NEXT: ttg.local_store %[[LO]], %[[BUF]]
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %[[C0:.*]]] %[[BUF]]
      // CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : i32
      // CHECK-NEXT: %[[COL:.*]] = arith.addi %[[C0]], %[[C128]] : i32
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      // CHECK-NEXT: ttg.local_store %[[HI]], %[[BUF]]
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %[[COL]]] %[[BUF]]
      tt.descriptor_store %e[%i, %c0], %x : !tt.tensordesc<tensor<64x256xf16>>, tensor<64x256xf16, #blocked>
    }
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK-NEXT: tt.return
    tt.return
  }
}

// -----

// The same store from a layout whose column 128 is a lane bit cannot be
// split in registers: it waits at once.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @stores_in_full_loop_lanes
  tt.func public @stores_in_full_loop_lanes(%e: !tt.tensordesc<tensor<64x256xf16>>, %x: tensor<64x256xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<25x64x64xf16, #ring, #smem, mutable>
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = ttg.memdesc_index %ring[%i] : !ttg.memdesc<25x64x64xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 25x64x64>
      %v = ttg.local_load %slot : !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 25x64x64> -> tensor<64x64xf16, #blocked>
      // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x256xf16, #blocked>)
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      tt.descriptor_store %e[%i, %c0], %x : !tt.tensordesc<tensor<64x256xf16>>, tensor<64x256xf16, #blocked>
    }
    // CHECK: }
    // CHECK-NEXT: tt.return
    tt.return
  }
}

// -----

// ... and where even a part of one TMA box (64 columns) does not fit, each
// store waits at once, its buffer made where it stores.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @stores_in_fuller_loop
  tt.func public @stores_in_fuller_loop(%e: !tt.tensordesc<tensor<64x64xf16>>, %x: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<28x64x64xf16, #ring, #smem, mutable>
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      %slot = ttg.memdesc_index %ring[%i] : !ttg.memdesc<28x64x64xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 28x64x64>
      %v = ttg.local_load %slot : !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 28x64x64> -> tensor<64x64xf16, #blocked>
      // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      tt.descriptor_store %e[%i, %c0], %x : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    }
    // CHECK: }
    // CHECK-NEXT: tt.return
    tt.return
  }
}

// -----

// Buffers made inside the loop count too (an inner loop's ring, as in a
// grouped GEMM's loop over tiles): with a 224 KB ring there, no part of the
// store fits, and it waits at once.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ring = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @store_beside_inner_ring
  tt.func public @store_beside_inner_ring(%e: !tt.tensordesc<tensor<64x256xf16>>, %x: tensor<64x256xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ring = ttg.local_alloc : () -> !ttg.memdesc<28x64x64xf16, #ring, #smem, mutable>
      scf.for %j = %c0 to %n step %c1 : i32 {
        %slot = ttg.memdesc_index %ring[%j] : !ttg.memdesc<28x64x64xf16, #ring, #smem, mutable> -> !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 28x64x64>
        %v = ttg.local_load %slot : !ttg.memdesc<64x64xf16, #ring, #smem, mutable, 28x64x64> -> tensor<64x64xf16, #blocked>
      }
      // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x256xf16, #blocked>)
      // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
      // CHECK-NEXT: ttng.async_tma_copy_local_to_global
      // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
      tt.descriptor_store %e[%i, %c0], %x : !tt.tensordesc<tensor<64x256xf16>>, tensor<64x256xf16, #blocked>
    }
    // CHECK: }
    // CHECK-NEXT: tt.return
    tt.return
  }
}
