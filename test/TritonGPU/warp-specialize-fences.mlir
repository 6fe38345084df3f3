// RUN: triton-opt %s -split-input-file --tritongpu-automatic-warp-specialization="num-stages=3" | FileCheck %s

// The consumer's proxy fences. The rings are written by the producer's
// copies, which are not fenced; a buffer stored from registers is.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A buffer the loop stores from a value made before it (attention's Q
  // tile) is stored once, before the loop, with the one fence after it.
  // CHECK-LABEL: @invariant_buffer
  // CHECK: ttg.warp_specialize
  // CHECK-NEXT: default {
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: %[[B:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x256xf16, #{{.*}}>) -> !ttg.memdesc<64x256xf16
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttng.warp_group_dot %{{.*}}, %[[B]], %{{.*}} {{{.*}}isAsync = true
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: partition0
  tt.func public @invariant_buffer(%a: !tt.tensordesc<tensor<128x64xf16>>, %bt: tensor<64x256xf16, #blocked1>, %K: i32, %om: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %bt : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  // A buffer made before the loop: the fence goes before the loop too.
  // CHECK-LABEL: @buffer_before_loop
  // CHECK: ttg.warp_specialize
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: partition0
  tt.func public @buffer_before_loop(%a: !tt.tensordesc<tensor<128x64xf16>>, %bt: tensor<64x256xf16, #blocked1>, %K: i32, %om: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %b = ttg.local_alloc %bt : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %11 = ttng.warp_group_dot %9, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  // A buffer stored from a value the loop computes keeps its fence in the
  // loop, before the wgmma, and stays in the loop; the wgmma is not kept in
  // flight (the next iteration's store would overwrite what it reads), and
  // the slot is released at the end of its iteration.
  // CHECK-LABEL: @loop_stored_buffer
  // CHECK: ttg.warp_specialize
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK: %[[V:.*]] = arith.addf
  // CHECK-NEXT: ttg.local_alloc %[[V]]
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: isAsync
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: ttng.arrive_barrier
  // CHECK-NEXT: scf.yield
  // CHECK: partition0
  tt.func public @loop_stored_buffer(%a: !tt.tensordesc<tensor<128x64xf16>>, %bt: tensor<64x256xf16, #blocked1>, %K: i32, %om: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %v = arith.addf %bt, %bt : tensor<64x256xf16, #blocked1>
      %10 = ttg.local_alloc %v : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  // Both: the buffer from a value made before the loop is hoisted with its
  // fence, the loop keeps its own fence for the buffer it stores, and the
  // wgmma stays synchronous.
  // CHECK-LABEL: @both_buffers
  // CHECK: ttg.warp_specialize
  // CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x64xf16
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttg.local_alloc %{{.*}} : (tensor<128x64xf16
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x256xf16
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot %[[A]],
  // CHECK-NOT: isAsync
  // CHECK: partition0
  tt.func public @both_buffers(%at: tensor<128x64xf16, #blocked>, %b: !tt.tensordesc<tensor<64x256xf16>>, %bt: tensor<64x256xf16, #blocked1>, %K: i32, %on: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %8 = tt.descriptor_load %b[%k, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked1>
      %9 = ttg.local_alloc %at : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %8 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %v = arith.addf %bt, %bt : tensor<64x256xf16, #blocked1>
      %12 = ttg.local_alloc %v : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %13 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %11 = ttng.warp_group_dot %9, %12, %13 : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}
