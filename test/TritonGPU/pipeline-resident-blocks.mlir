// tritongpu-pipeline: a loop that keeps one async wgmma in flight asks
// for at most max(2, ceil(32768 / accumulator elements)) resident blocks per
// multiprocessor (`ttg.max-ctas-per-sm`, made a shared-memory request at
// launch): two blocks for a 128x128 accumulator with 4 warps, four for
// 128x64, where two left 392 tiles of a 1792^2 matmul in two waves
// (0.79-0.87x of upstream, bench/matmul_configs_ab.py); and the floor of two
// blocks for eight warps over 128x256.
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline | FileCheck %s

#AL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL64 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {"ttg.max-ctas-per-sm" = 2 : i32
// CHECK: ttng.warp_group_dot {{.*}} {isAsync = true}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @acc_128x128(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %a_step = arith.constant dense<32> : tensor<128x32xi32, #AL>
    %b_step = arith.constant dense<4096> : tensor<32x128xi32, #BL>
    %ar = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x32xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x32xi32, #AL> -> tensor<128x32xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
    %br = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #BL}>>
    %be = tt.expand_dims %br {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #BL}>> -> tensor<1x128xi32, #BL>
    %bb = tt.broadcast %be : tensor<1x128xi32, #BL> -> tensor<32x128xi32, #BL>
    %bsp = tt.splat %B : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #BL>
    %b0 = tt.addptr %bsp, %bb : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>) : i32 {
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL64 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {"ttg.max-ctas-per-sm" = 4 : i32
// CHECK: ttng.warp_group_dot {{.*}} {isAsync = true}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @acc_128x64(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x64xf32, #mma64> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma64>
    %a_step = arith.constant dense<32> : tensor<128x32xi32, #AL>
    %b_step = arith.constant dense<4096> : tensor<32x64xi32, #BL64>
    %ar = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x32xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x32xi32, #AL> -> tensor<128x32xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
    %br = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #BL64}>>
    %be = tt.expand_dims %br {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #BL64}>> -> tensor<1x64xi32, #BL64>
    %bb = tt.broadcast %be : tensor<1x64xi32, #BL64> -> tensor<32x64xi32, #BL64>
    %bsp = tt.splat %B : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #BL64>
    %b0 = tt.addptr %bsp, %bb : tensor<32x64x!tt.ptr<f16>, #BL64>, tensor<32x64xi32, #BL64>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x64x!tt.ptr<f16>, #BL64>, tensor<128x64xf32, #mma64>) : i32 {
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      %b = tt.load %bp : tensor<32x64x!tt.ptr<f16>, #BL64>
      %bs = ttg.local_alloc %b : (tensor<32x64xf16, #BL64>) -> !ttg.memdesc<32x64xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x64xf16, #shB, #smem> -> tensor<128x64xf32, #mma64>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x64x!tt.ptr<f16>, #BL64>, tensor<32x64xi32, #BL64>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x64x!tt.ptr<f16>, #BL64>, tensor<128x64xf32, #mma64>
    }
    tt.return %r#2 : tensor<128x64xf32, #mma64>
  }
}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#BL256 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma256 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Eight warps over a 128x256 accumulator: one block holds two warp
// groups' worth, and the floor of two blocks applies.
// CHECK: module attributes {"ttg.max-ctas-per-sm" = 2 : i32
// CHECK: ttng.warp_group_dot {{.*}} {isAsync = true}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @acc_128x256_8warps(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x256xf32, #mma256> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma256>
    %a_step = arith.constant dense<32> : tensor<128x32xi32, #AL>
    %b_step = arith.constant dense<4096> : tensor<32x256xi32, #BL256>
    %ar = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x32xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x32xi32, #AL> -> tensor<128x32xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
    %br = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #BL256}>>
    %be = tt.expand_dims %br {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #BL256}>> -> tensor<1x256xi32, #BL256>
    %bb = tt.broadcast %be : tensor<1x256xi32, #BL256> -> tensor<32x256xi32, #BL256>
    %bsp = tt.splat %B : !tt.ptr<f16> -> tensor<32x256x!tt.ptr<f16>, #BL256>
    %b0 = tt.addptr %bsp, %bb : tensor<32x256x!tt.ptr<f16>, #BL256>, tensor<32x256xi32, #BL256>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x256x!tt.ptr<f16>, #BL256>, tensor<128x256xf32, #mma256>) : i32 {
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      %b = tt.load %bp : tensor<32x256x!tt.ptr<f16>, #BL256>
      %bs = ttg.local_alloc %b : (tensor<32x256xf16, #BL256>) -> !ttg.memdesc<32x256xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x256xf16, #shB, #smem> -> tensor<128x256xf32, #mma256>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x256x!tt.ptr<f16>, #BL256>, tensor<32x256xi32, #BL256>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x256x!tt.ptr<f16>, #BL256>, tensor<128x256xf32, #mma256>
    }
    tt.return %r#2 : tensor<128x256xf32, #mma256>
  }
}
