// RUN: triton-opt %s -split-input-file --tritongpu-automatic-warp-specialization="remarks=true num-stages=3 multicast=true" -verify-diagnostics | FileCheck %s

// TMA multicast in 2-block clusters: a matmul loop whose B tile is the same
// for blocks 2i and 2i + 1 (its column comes from program id y) while A's
// row comes from program id x. Each copy gets the run-time test that its
// coordinates agree with the other block's (A's row made again from
// program id x xor 1; B's always agree), the kernel 2-block clusters, the
// "empty" barriers one more arrival per consumer warp (256 + 8), the
// consumers a second arrival on the other block's barrier (the block's own
// where nothing is shared), the last slot's release after the loop, the
// producer a wait for its last slots' release, and both regions the
// cluster barrier after the barriers' initialization.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.grid-x-multiple" = 2 : i32} {
  // CHECK-LABEL: @shared_b
  // CHECK: %[[PID:.*]] = tt.get_program_id x
  // CHECK: %[[OM:.*]] = arith.muli %[[PID]], %c128_i32
  // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
  // CHECK: %[[PEERPID:.*]] = arith.xori %[[PID]], %{{.*}} : i32
  // CHECK: %[[PEEROM:.*]] = arith.muli %[[PEERPID]], %c128_i32
  // CHECK: %[[SAMEOM:.*]] = arith.cmpi eq, %[[OM]], %[[PEEROM]]
  // CHECK: %[[SHAREA:.*]] = arith.andi %{{.*}}, %[[SAMEOM]]
  // CHECK: %[[SHAREB:.*]] = arith.constant true
  // CHECK: %[[RANK:.*]] = arith.andi %{{.*}}, %{{.*}} : i32
  // CHECK: arith.ori %false, %[[SHAREA]]
  // CHECK: %[[ANY:.*]] = arith.ori %{{.*}}, %[[SHAREB]]
  // CHECK: %[[OTHER:.*]] = arith.xori %[[RANK]]
  // CHECK: %[[PEER:.*]] = arith.select %[[ANY]], %[[OTHER]], %[[RANK]]
  // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 264 :
  // CHECK: ttg.warp_specialize(%{{.*}}, %[[SHAREA]], %[[SHAREB]],
  // CHECK-NEXT: default {
  // CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
  // CHECK-NEXT: ttng.cluster_arrive{{$}}
  // CHECK-NEXT: ttng.cluster_wait
  // CHECK: scf.for
  // CHECK: ttng.warp_group_dot_wait {pendings = 1 : i32}
  // CHECK: ttng.arrive_barrier %[[E:.*]], 1, %[[STARTED:[^ ]*]] :
  // CHECK-NEXT: ttng.arrive_barrier %[[E]], 1, %[[STARTED]] cta %[[PEER]] :
  // CHECK: } {tt.warp_specialize}
  // CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
  // CHECK: %[[LASTE:.*]] = ttg.memdesc_index
  // CHECK-NEXT: ttng.arrive_barrier %[[LASTE]], 1, %[[ANYIT:[^ ]*]] :
  // CHECK-NEXT: ttng.arrive_barrier %[[LASTE]], 1, %[[ANYIT]] cta %[[PEER]] :
  // CHECK: partition0(%{{.*}}: i32, %{{.*}}: !tt.tensordesc<tensor<128x64xf16>>, %{{.*}}: i32, %{{.*}}: !tt.tensordesc<tensor<64x256xf16>>, %{{.*}}: i32, %[[PA:[^:]*]]: i1, %[[PB:[^:]*]]: i1,
  // CHECK: ttng.cluster_arrive {relaxed}
  // CHECK-NEXT: ttng.cluster_wait
  // CHECK: scf.for
  // CHECK: ttng.async_tma_copy_global_to_local {{.*}} multicast %[[PA]] :
  // CHECK: ttng.async_tma_copy_global_to_local {{.*}} multicast %[[PB]] :
  // CHECK: }
  // CHECK-COUNT-3: ttng.wait_barrier
  // CHECK-NEXT: ttg.warp_return
  tt.func public @shared_b(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !tt.tensordesc<tensor<64x256xf16>>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %om = arith.muli %pm, %c128_i32 : i32
    %on = arith.muli %pn, %c256_i32 : i32
    // expected-remark @+2 {{TMA copies shared by the 2 blocks of a cluster (multicast) where their coordinates agree at run time}}
    // expected-remark @+1 {{warp-specialized: a TMA producer warp group and 3-slot rings}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %8 = tt.descriptor_load %b[%k, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked1>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %8 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}

// -----

// Not known to be even: one block per program, nothing shared.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-NOT: ttg.cluster-dim-x
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @odd_grid
  // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 256 :
  // CHECK-NOT: multicast
  // CHECK-NOT: cta
  // CHECK: tt.return
  tt.func public @odd_grid(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !tt.tensordesc<tensor<64x256xf16>>, %K: i32, %om: i32, %on: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+2 {{TMA copies not shared in clusters: the grid's x extent is not known to be even}}
    // expected-remark @+1 {{warp-specialized: a TMA producer warp group and 3-slot rings}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %8 = tt.descriptor_load %b[%k, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked1>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %8 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}

// -----

// A coordinate carried by the loop (not made from the induction variable):
// nothing to compare with the other block.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.grid-x-multiple" = 4 : i32} {
  // CHECK-LABEL: @carried_coordinate
  // CHECK-NOT: multicast
  // CHECK: tt.return
  tt.func public @carried_coordinate(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !tt.tensordesc<tensor<64x256xf16>>, %K: i32, %om: i32, %on: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+2 {{TMA copies not shared in clusters: no copy's coordinates can be compared with the other block's}}
    // expected-remark @+1 {{warp-specialized: a TMA producer warp group and 3-slot rings}}
    %r:2 = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst, %kk = %c0_i32) -> (tensor<128x256xf32, #mma>, i32)  : i32 {
      %7 = tt.descriptor_load %a[%om, %kk] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %8 = tt.descriptor_load %b[%kk, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked1>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %8 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %next = arith.addi %kk, %c64_i32 : i32
      scf.yield %11, %next : tensor<128x256xf32, #mma>, i32
    } {tt.warp_specialize}
    tt.return %r#0 : tensor<128x256xf32, #mma>
  }
}
