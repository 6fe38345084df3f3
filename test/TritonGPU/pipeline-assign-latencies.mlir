// tritongpu-assign-latencies: `tt.latency = S - 1` on the loads that
// cp.async can copy into the shared buffers a loop's dots read; S from the
// loop's `tt.num_stages`, else `num-stages`, lowered until the rings fit in
// shared memory. Every remark is checked.
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies="num-stages=3 remarks=true" -verify-diagnostics | FileCheck %s

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
  // CHECK-LABEL: @default_stages
  tt.func @default_stages(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @mma_sync_operands
  tt.func @mma_sync_operands(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma2> {
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
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #swA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #swB, #smem>
      %al = ttg.local_load %as : !ttg.memdesc<128x32xf16, #swA, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
      %bl = ttg.local_load %bs : !ttg.memdesc<32x128xf16, #swB, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<128x128xf32, #mma2>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma2>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma2>
  }
  // CHECK-LABEL: @per_loop_stages
  tt.func @per_loop_stages(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load {{.*}} {tt.latency = 4 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 4 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    } {tt.num_stages = 5 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @one_stage
  tt.func @one_stage(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
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
    // expected-remark @+1 {{loop not pipelined: 1 stage}}
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>) : i32 {
      // CHECK-NOT: tt.latency
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      // CHECK-NOT: tt.latency
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    } {tt.num_stages = 1 : i32}
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @small_load
  tt.func @small_load(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16>, %n: i32) -> tensor<128x128xf32, #mma> {
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
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load %{{.*}} : tensor<32x128x!tt.ptr<f16>, #{{.*}}>{{$}}
      // expected-remark @+1 {{load not pipelined: cp.async copies 4, 8 or 16 bytes, and only 2 contiguous bytes per thread are known}}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @nonzero_other
  tt.func @nonzero_other(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %a_step = arith.constant dense<32> : tensor<128x32xi32, #AL>
    %b_step = arith.constant dense<4096> : tensor<32x128xi32, #BL>
    %one = arith.constant dense<1.000000e+00> : tensor<128x32xf16, #AL>
    %true = arith.constant dense<true> : tensor<128x32xi1, #AL>
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
      // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x32x!tt.ptr<f16>, #{{.*}}>{{$}}
      // expected-remark @+1 {{load not pipelined: masked-off elements are not zero}}
      %a = tt.load %ap, %true, %one : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
  // CHECK-LABEL: @budget
  tt.func @budget(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %a_step = arith.constant dense<128> : tensor<128x128xi32, #AL>
    %b_step = arith.constant dense<32768> : tensor<128x256xi32, #BL>
    %ar = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x128xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x128xi32, #AL> -> tensor<128x128xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128xi32, #AL>
    %br = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #BL}>>
    %be = tt.expand_dims %br {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #BL}>> -> tensor<1x256xi32, #BL>
    %bb = tt.broadcast %be : tensor<1x256xi32, #BL> -> tensor<128x256xi32, #BL>
    %bsp = tt.splat %B : !tt.ptr<f16> -> tensor<128x256x!tt.ptr<f16>, #BL>
    %b0 = tt.addptr %bsp, %bb : tensor<128x256x!tt.ptr<f16>, #BL>, tensor<128x256xi32, #BL>
    // expected-remark @+1 {{num_stages lowered from 3 to 2: 3 stages of 98304 bytes exceed the 232448 bytes of shared memory}}
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x256x!tt.ptr<f16>, #BL>, tensor<128x256xf32, #mma>) : i32 {
      // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
      %a = tt.load %ap : tensor<128x128x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x128xf16, #AL>) -> !ttg.memdesc<128x128xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
      %b = tt.load %bp : tensor<128x256x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<128x256xf16, #BL>) -> !ttg.memdesc<128x256xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x128xf16, #shA, #smem> * !ttg.memdesc<128x256xf16, #shB, #smem> -> tensor<128x256xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<128x256x!tt.ptr<f16>, #BL>, tensor<128x256xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x256x!tt.ptr<f16>, #BL>, tensor<128x256xf32, #mma>
    }
    tt.return %r#2 : tensor<128x256xf32, #mma>
  }
  // The loop loads A's offset (a scalar, a block-sparse loop's index): A's
  // addresses depend on it, and the index load goes ahead with A's copy
  // (tritongpu-pipeline predicates it off past the last iteration;
  // pipeline-indirect.mlir), so both tiles go ahead.
  // CHECK-LABEL: @indirect
  tt.func @indirect(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
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
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bp = %b0, %acc = %zero) -> (tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>) : i32 {
      %ip = tt.addptr %I, %i : !tt.ptr<i32>, i32
      %o = tt.load %ip : !tt.ptr<i32>
      %o16 = arith.muli %o, %c16 : i32
      %os = tt.splat %o16 : i32 -> tensor<128x32xi32, #AL>
      %ap = tt.addptr %a0, %os : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      // CHECK: tt.load %{{.*}} : !tt.ptr<i32>{{$}}
      // CHECK: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #{{.*}}>
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %bn, %d : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
  // A's offset comes from a volatile load (read again each time, so it
  // cannot run ahead): A stays synchronous; B goes ahead.
  // CHECK-LABEL: @volatile_index
  tt.func @volatile_index(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
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
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bp = %b0, %acc = %zero) -> (tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>) : i32 {
      %ip = tt.addptr %I, %i : !tt.ptr<i32>, i32
      %o = tt.load %ip {isVolatile = true} : !tt.ptr<i32>
      %c16 = arith.constant 16 : i32
      %o16s = arith.muli %o, %c16 : i32
      %o16 = tt.splat %o16s : i32 -> tensor<128x32xi32, #AL>
      %ap = tt.addptr %a0, %o16 : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>
      // CHECK: tt.load %{{.*}} : tensor<128x32x!tt.ptr<f16>, #{{.*}}>{{$}}
      // expected-remark @+1 {{load not pipelined: its address depends on the loop's computation}}
      %a = tt.load %ap : tensor<128x32x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x32xf16, #AL>) -> !ttg.memdesc<128x32xf16, #shA, #smem>
      // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
      %b = tt.load %bp : tensor<32x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x128xf16, #BL>) -> !ttg.memdesc<32x128xf16, #shB, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x32xf16, #shA, #smem> * !ttg.memdesc<32x128xf16, #shB, #smem> -> tensor<128x128xf32, #mma>
      %bn = tt.addptr %bp, %b_step : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<32x128xi32, #BL>
      scf.yield %bn, %d : tensor<32x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma>
    }
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
}

// -----

// sm_86 holds 100 KiB per multiprocessor (99 KiB for a block): two stages
// of 128x128 f16 tiles for A and B (131072 bytes) do not fit.
#AL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swA = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#swB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @sm86_budget
  tt.func @sm86_budget(%A: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma2> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma2>
    %a_step = arith.constant dense<128> : tensor<128x128xi32, #AL>
    %b_step = arith.constant dense<16384> : tensor<128x128xi32, #BL>
    %ar = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x128xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x128xi32, #AL> -> tensor<128x128xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128xi32, #AL>
    %br = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #BL}>>
    %be = tt.expand_dims %br {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #BL}>> -> tensor<1x128xi32, #BL>
    %bb = tt.broadcast %be : tensor<1x128xi32, #BL> -> tensor<128x128xi32, #BL>
    %bsp = tt.splat %B : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #BL>
    %b0 = tt.addptr %bsp, %bb : tensor<128x128x!tt.ptr<f16>, #BL>, tensor<128x128xi32, #BL>
    // expected-remark @+1 {{loop not pipelined: even 2 stages of its tiles (131072 bytes) exceed shared memory (101376 bytes)}}
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma2>) : i32 {
      // CHECK-NOT: tt.latency
      %a = tt.load %ap : tensor<128x128x!tt.ptr<f16>, #AL>
      %as = ttg.local_alloc %a : (tensor<128x128xf16, #AL>) -> !ttg.memdesc<128x128xf16, #swA, #smem>
      // CHECK-NOT: tt.latency
      %b = tt.load %bp : tensor<128x128x!tt.ptr<f16>, #BL>
      %bs = ttg.local_alloc %b : (tensor<128x128xf16, #BL>) -> !ttg.memdesc<128x128xf16, #swB, #smem>
      %al = ttg.local_load %as : !ttg.memdesc<128x128xf16, #swA, #smem> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
      %bl = ttg.local_load %bs : !ttg.memdesc<128x128xf16, #swB, #smem> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<128x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<128x128xf32, #mma2>
      %an = tt.addptr %ap, %a_step : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<128x128x!tt.ptr<f16>, #BL>, tensor<128x128xi32, #BL>
      scf.yield %an, %bn, %d : tensor<128x128x!tt.ptr<f16>, #AL>, tensor<128x128x!tt.ptr<f16>, #BL>, tensor<128x128xf32, #mma2>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma2>
  }
}

// -----

// A tensor-core operand converted straight from its load into the dot
// operand layout (no other warp needs it: reduce-data-duplication leaves
// such a conversion to shuffles) is staged through shared memory so that
// it is pipelined, as upstream pipelines every dot operand's load: fp8 A of
// mma.sync with two warps. A load left unpipelined (volatile) keeps its
// conversion.
#AL = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#BL = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 2], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
#swB = #ttg.swizzled_shared<{vec = 16, perPhase = 4, maxPhase = 2, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @operand_in_registers
  // CHECK: %[[A:.*]] = tt.load {{.*}} {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f8E5M2>
  // CHECK: %[[AS:.*]] = ttg.local_alloc %[[A]] : (tensor<64x32xf8E5M2, #{{.*}}>) -> !ttg.memdesc<64x32xf8E5M2, #[[SW:.*]], #smem>
  // CHECK: ttg.local_load %[[AS]] : !ttg.memdesc<64x32xf8E5M2, #[[SW]], #smem> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  // CHECK: tt.load {{.*}} {tt.latency = 2 : i32} : tensor<32x32x!tt.ptr<f8E5M2>
  // CHECK-NOT: ttg.convert_layout
  // CHECK-LABEL: @operand_in_registers_unpipelined
  // CHECK: %[[A1:.*]] = tt.load
  // CHECK-NOT: tt.latency
  // CHECK: ttg.convert_layout %[[A1]] : tensor<64x32xf8E5M2, #{{.*}}> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  tt.func @operand_in_registers(%A: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %a_step = arith.constant dense<32> : tensor<64x32xi32, #AL>
    %b_step = arith.constant dense<32> : tensor<32x32xi32, #BL>
    %ar = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x32xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x32xi32, #AL> -> tensor<64x32xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f8E5M2> -> tensor<64x32x!tt.ptr<f8E5M2>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xi32, #AL>
    %br = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #BL}>>
    %be = tt.expand_dims %br {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #BL}>> -> tensor<32x1xi32, #BL>
    %bb = tt.broadcast %be : tensor<32x1xi32, #BL> -> tensor<32x32xi32, #BL>
    %bsp = tt.splat %B : !tt.ptr<f8E5M2> -> tensor<32x32x!tt.ptr<f8E5M2>, #BL>
    %b0 = tt.addptr %bsp, %bb : tensor<32x32x!tt.ptr<f8E5M2>, #BL>, tensor<32x32xi32, #BL>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %bp = %b0, %acc = %zero) -> (tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<32x32x!tt.ptr<f8E5M2>, #BL>, tensor<64x32xf32, #mma>) : i32 {
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f8E5M2>, #AL>
      %ad = ttg.convert_layout %a : tensor<64x32xf8E5M2, #AL> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %b = tt.load %bp : tensor<32x32x!tt.ptr<f8E5M2>, #BL>
      %bs = ttg.local_alloc %b : (tensor<32x32xf8E5M2, #BL>) -> !ttg.memdesc<32x32xf8E5M2, #swB, #smem>
      %bl = ttg.local_load %bs : !ttg.memdesc<32x32xf8E5M2, #swB, #smem> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bl, %acc : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x32xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xi32, #AL>
      %bn = tt.addptr %bp, %b_step : tensor<32x32x!tt.ptr<f8E5M2>, #BL>, tensor<32x32xi32, #BL>
      scf.yield %an, %bn, %d : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<32x32x!tt.ptr<f8E5M2>, #BL>, tensor<64x32xf32, #mma>
    }
    tt.return %r#2 : tensor<64x32xf32, #mma>
  }
  tt.func @operand_in_registers_unpipelined(%A: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %a_step = arith.constant dense<32> : tensor<64x32xi32, #AL>
    %ar = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>>
    %ae = tt.expand_dims %ar {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #AL}>> -> tensor<1x32xi32, #AL>
    %ab = tt.broadcast %ae : tensor<1x32xi32, #AL> -> tensor<64x32xi32, #AL>
    %asp = tt.splat %A : !tt.ptr<f8E5M2> -> tensor<64x32x!tt.ptr<f8E5M2>, #AL>
    %a0 = tt.addptr %asp, %ab : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xi32, #AL>
    %bz = arith.constant dense<0.000000e+00> : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    // expected-remark @+1 {{loop not pipelined: no load feeds shared memory}}
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ap = %a0, %acc = %zero) -> (tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xf32, #mma>) : i32 {
      // expected-remark @+1 {{load not pipelined: volatile}}
      %a = tt.load %ap {isVolatile = true} : tensor<64x32x!tt.ptr<f8E5M2>, #AL>
      %ad = ttg.convert_layout %a : tensor<64x32xf8E5M2, #AL> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bz, %acc : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x32xf32, #mma>
      %an = tt.addptr %ap, %a_step : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xi32, #AL>
      scf.yield %an, %d : tensor<64x32x!tt.ptr<f8E5M2>, #AL>, tensor<64x32xf32, #mma>
    }
    tt.return %r#1 : tensor<64x32xf32, #mma>
  }
}
