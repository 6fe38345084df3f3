// tritongpu-pipeline carries out the schedule it is given (loop.stage,
// loop.cluster, tt.scheduled_max_stage), in the order of its clusters, and
// removes it. A load the schedule issues ahead that cannot become an async
// copy is an error.
// RUN: triton-opt %s -split-input-file -tritongpu-pipeline -verify-diagnostics | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-pipeline -verify-diagnostics | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: {{loop.stage|loop.cluster|tt.latency|tt.scheduled_max_stage}}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The schedule tritongpu-schedule-loops gives an mma.sync loop: copies
  // first, so two iterations' groups (one per copy) may be in flight at the
  // wait.
  // CHECK-LABEL: @mma_sync_copies_first
  // CHECK: scf.for
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_wait {{.*}}{num = 4 : i32}
  // CHECK: tt.dot
  // CHECK: scf.yield
  tt.func @mma_sync_copies_first(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %cst_0 = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_1 = arith.constant dense<4096> : tensor<32x128xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %4, %arg5 = %9, %arg6 = %cst) -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>)  : i32 {
      %11 = tt.load %arg4 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>
      %12 = ttg.local_alloc %11 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %13 = tt.load %arg5 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared1, #smem>
      %15 = ttg.local_load %12 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %16 = ttg.local_load %14 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<32x128xf16, #shared1, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %17 = tt.dot %15, %16, %arg6 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %18 = tt.addptr %arg4, %cst_0 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %19 = tt.addptr %arg5, %cst_1 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %18, %19, %17 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma>
  }
  // The same loop with the clusters swapped: the copies go after the dot,
  // one iteration's groups fewer in flight at the wait.
  // CHECK-LABEL: @mma_sync_copies_last
  // CHECK: scf.for
  // CHECK: ttg.async_wait {{.*}}{num = 2 : i32}
  // CHECK: tt.dot
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: scf.yield
  tt.func @mma_sync_copies_last(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %cst_0 = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_1 = arith.constant dense<4096> : tensor<32x128xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %4, %arg5 = %9, %arg6 = %cst) -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>)  : i32 {
      %11 = tt.load %arg4 {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>
      %12 = ttg.local_alloc %11 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %13 = tt.load %arg5 {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared1, #smem>
      %15 = ttg.local_load %12 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %16 = ttg.local_load %14 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<32x128xf16, #shared1, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %17 = tt.dot %15, %16, %arg6 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %18 = tt.addptr %arg4, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %19 = tt.addptr %arg5, %cst_1 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %18, %19, %17 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma>
  }
  // An accumulating wgmma with copies after it stays in flight.
  // CHECK-LABEL: @wgmma_copies_last
  // CHECK: scf.for
  // CHECK: ttg.async_wait {{.*}}{num = 2 : i32}
  // CHECK: ttng.warp_group_dot {{.*}} {isAsync = true}
  // CHECK-NEXT: ttng.warp_group_dot_wait {pendings = 1 : i32}
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: scf.yield
  // CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
  tt.func @wgmma_copies_last(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma1> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %cst_0 = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_1 = arith.constant dense<4096> : tensor<32x128xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %4, %arg5 = %9, %arg6 = %cst) -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma1>)  : i32 {
      %11 = tt.load %arg4 {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>
      %12 = ttg.local_alloc %11 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared2, #smem>
      %13 = tt.load %arg5 {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared3, #smem>
      %15 = ttng.warp_group_dot %12, %14, %arg6 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x32xf16, #shared2, #smem> * !ttg.memdesc<32x128xf16, #shared3, #smem> -> tensor<128x128xf32, #mma1>
      %16 = tt.addptr %arg4, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %17 = tt.addptr %arg5, %cst_1 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %16, %17, %15 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma1>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma1>
  }
  // With the copies before it, it cannot: they overwrite the slot the
  // previous one would still read.
  // CHECK-LABEL: @wgmma_copies_first
  // CHECK: scf.for
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_wait {{.*}}{num = 4 : i32}
  // CHECK-NOT: isAsync
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: isAsync
  // CHECK: scf.yield
  tt.func @wgmma_copies_first(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma1> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %cst_0 = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_1 = arith.constant dense<4096> : tensor<32x128xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %4, %arg5 = %9, %arg6 = %cst) -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma1>)  : i32 {
      %11 = tt.load %arg4 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>
      %12 = ttg.local_alloc %11 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared2, #smem>
      %13 = tt.load %arg5 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared3, #smem>
      %15 = ttng.warp_group_dot %12, %14, %arg6 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x32xf16, #shared2, #smem> * !ttg.memdesc<32x128xf16, #shared3, #smem> -> tensor<128x128xf32, #mma1>
      %16 = tt.addptr %arg4, %cst_0 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %17 = tt.addptr %arg5, %cst_1 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %16, %17, %15 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma1>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_a_copy(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %cst_0 = arith.constant dense<32> : tensor<128x32xi32, #blocked>
    %cst_1 = arith.constant dense<4096> : tensor<32x128xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<128x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %4, %arg5 = %9, %arg6 = %cst) -> (tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>)  : i32 {
      // expected-error @+1 {{the schedule issues this load ahead, but it cannot become an async copy}}
      %11 = tt.load %arg4 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>
      %neg = arith.negf %11 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : tensor<128x32xf16, #blocked>
      %12 = ttg.local_alloc %neg {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %13 = tt.load %arg5 {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared1, #smem>
      %15 = ttg.local_load %12 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %16 = ttg.local_load %14 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !ttg.memdesc<32x128xf16, #shared1, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %17 = tt.dot %15, %16, %arg6 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %18 = tt.addptr %arg4, %cst_0 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %19 = tt.addptr %arg5, %cst_1 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %18, %19, %17 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma>
  }
}
