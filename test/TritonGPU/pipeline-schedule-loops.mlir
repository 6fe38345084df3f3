// tritongpu-schedule-loops: from the latencies tritongpu-assign-latencies
// gives, a stage and a cluster for every op of the loop body. The loads and
// their address arithmetic form stage 0; the rest the last stage. Stage 0 is
// issued first (cluster 0), or after the rest when the loop's accumulating
// wgmma, fed only from the pipelined loads, stays in flight.
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops | FileCheck %s

#AL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swA = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#swB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @async_accumulator
  tt.func @async_accumulator(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      // CHECK: ttg.local_alloc %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      // CHECK: ttng.warp_group_dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
      // CHECK: tt.addptr {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
      // CHECK: tt.addptr {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    // CHECK: } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @mma_sync
  tt.func @mma_sync(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma2> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma2>
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
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma2>) : i32 {
      // CHECK: tt.load %{{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #swA, #smem>
      // CHECK: tt.load %{{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #swB, #smem>
      // CHECK: ttg.local_load {{.*}} {loop.cluster = 1 : i32, loop.stage = 2 : i32}
      // CHECK: ttg.local_load {{.*}} {loop.cluster = 1 : i32, loop.stage = 2 : i32}
      // CHECK: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 2 : i32}
      // CHECK: tt.addptr {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32}
      %al = ttg.local_load %as : !ttg.memdesc<128x32xf16, #swA, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
      %bl = ttg.local_load %bs : !ttg.memdesc<32x128xf16, #swB, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<128x128xf32, #mma2>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma2>
    }
    // CHECK: } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma2>
  }
  // CHECK-LABEL: @one_operand_pipelined
  tt.func @one_operand_pipelined(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16>, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load %{{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.latency = 3 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 3 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      // CHECK: ttng.warp_group_dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 3 : i32}
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    } {tt.num_stages = 4 : i32}
    // CHECK: } {tt.num_stages = 4 : i32, tt.scheduled_max_stage = 3 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @not_pipelined
  tt.func @not_pipelined(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK-NOT: loop.stage
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    } {tt.num_stages = 1 : i32}
    // CHECK-NOT: tt.scheduled_max_stage
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }

  // CHECK-LABEL: @async_accumulator_epilogue
  tt.func @async_accumulator_epilogue(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %C: !tt.ptr<f16>, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      // CHECK: ttg.local_alloc %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      // CHECK: ttng.warp_group_dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      // A persistent loop's epilogue after the wgmma goes after the copies
      // too (cluster 2), with the late ops that follow the wgmma.
      // CHECK: arith.cmpi {{.*}} {loop.cluster = 2 : i32, loop.stage = 2 : i32}
      // CHECK: scf.if
      // CHECK: } {loop.cluster = 2 : i32, loop.stage = 2 : i32}
      // CHECK: tt.addptr {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
      // CHECK: tt.addptr {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
      %last = arith.cmpi eq, %i, %n : i32
      scf.if %last {
        %h = arith.truncf %d : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
        %hp = tt.splat %C : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #mma>
        tt.store %hp, %h : tensor<128x128x!tt.ptr<f16>, #mma>
      }
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    // CHECK: } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
}
