// tritongpu-prefetch on mma.sync loops as tritongpu-pipeline leaves them
// (-tritongpu-pipeline=num-stages=3 -canonicalize of three matmul loops):
// the dot is split into k-slices of 16 f16 and the first slice of the next
// iteration's operands is read at the end of the body; the loop's wait for
// its copies moves there and before the loop.
// RUN: triton-opt %s -tritongpu-prefetch=remarks=true -verify-diagnostics | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // K = 32: two slices of 16. The first of iteration 0 is read before the
  // loop, after a wait for its group (one of the two in flight may stay);
  // in the loop, the carried slice's dot, the second slice read from the
  // slot at [0, 16] / [16, 0] and its dot, then the wait moved from the top
  // of the body (2 in flight before the reads there; 1 at the end of the
  // body, for the next iteration's group) and the next slot's first slice.
  // CHECK-LABEL: tt.func @pipelined
  // CHECK: ttg.async_wait {num = 1 : i32}
  // CHECK-NEXT: %[[S0A:.*]] = ttg.memdesc_index %[[RA:[0-9]+]][%c0_i32]
  // CHECK-NEXT: %[[V0A:.*]] = ttg.memdesc_subslice %[[S0A]][0, 0] : !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x32>
  // CHECK-NEXT: %[[P0A:.*]] = ttg.local_load %[[V0A]]
  // CHECK-NEXT: %[[S0B:.*]] = ttg.memdesc_index %[[RB:[0-9]+]][%c0_i32]
  // CHECK-NEXT: %[[V0B:.*]] = ttg.memdesc_subslice %[[S0B]][0, 0] : !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x32x128>
  // CHECK-NEXT: %[[P0B:.*]] = ttg.local_load %[[V0B]]
  // CHECK: scf.for {{.*}} iter_args({{.*}}, %[[RS:[^ ]*]] = %c0_i32, %[[PA:[^ ]*]] = %[[P0A]], %[[PB:[^ ]*]] = %[[P0B]])
  // CHECK-NOT: ttg.async_wait
  // CHECK: %[[D0:.*]] = tt.dot %[[PA]], %[[PB]], %{{.*}} : tensor<128x16xf16
  // CHECK-NEXT: %[[A1:.*]] = ttg.memdesc_subslice %{{.*}}[0, 16] : !ttg.memdesc<128x32xf16
  // CHECK-NEXT: %[[L1A:.*]] = ttg.local_load %[[A1]]
  // CHECK-NEXT: %[[B1:.*]] = ttg.memdesc_subslice %{{.*}}[16, 0] : !ttg.memdesc<32x128xf16
  // CHECK-NEXT: %[[L1B:.*]] = ttg.local_load %[[B1]]
  // CHECK-NEXT: %[[D1:.*]] = tt.dot %[[L1A]], %[[L1B]], %[[D0]] : tensor<128x16xf16
  // CHECK: ttg.async_wait {num = 1 : i32}
  // CHECK: %[[NA:.*]] = ttg.memdesc_index %[[RA]][%[[NEXT:[0-9]+]]]
  // CHECK-NEXT: ttg.memdesc_subslice %[[NA]][0, 0]
  // CHECK-NEXT: %[[QA:.*]] = ttg.local_load
  // CHECK-NEXT: %[[NB:.*]] = ttg.memdesc_index %[[RB]][%[[NEXT]]]
  // CHECK-NEXT: ttg.memdesc_subslice %[[NB]][0, 0]
  // CHECK-NEXT: %[[QB:.*]] = ttg.local_load
  // CHECK-NEXT: scf.yield %[[D1]], {{.*}}, %[[NEXT]], %[[QA]], %[[QB]]
  // CHECK: ttg.async_wait {num = 0 : i32}
  tt.func @pipelined(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
    %c2_i32 = arith.constant 2 : i32
    %c8192_i64 = arith.constant 8192 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<32> : tensor<128x32xi64, #blocked>
    %cst_0 = arith.constant dense<4096> : tensor<32x128xi64, #blocked1>
    %c3_i32 = arith.constant 3 : i32
    %c4096_i64 = arith.constant 4096 : i64
    %c32_i64 = arith.constant 32 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
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
    %10 = ttg.local_alloc : () -> !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
    %11 = ttg.local_alloc : () -> !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable>
    %12 = arith.cmpi sgt, %arg2, %c0_i32 : i32
    %13 = ttg.memdesc_index %10[%c0_i32] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32>
    %14 = tt.splat %12 : i1 -> tensor<128x32xi1, #blocked>
    %15 = ttg.async_copy_global_to_local %4, %13 mask %14 {contiguity = 8 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable, 3x128x32>
    %16 = ttg.memdesc_index %11[%c0_i32] : !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128>
    %17 = tt.splat %12 : i1 -> tensor<32x128xi1, #blocked1>
    %18 = ttg.async_copy_global_to_local %9, %16 mask %17 {contiguity = 8 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1> -> <32x128xf16, #shared1, #smem, mutable, 3x32x128>
    %19 = ttg.async_commit_group tokens %15, %18
    %20 = arith.cmpi sgt, %arg2, %c1_i32 : i32
    %21 = tt.addptr %9, %cst_0 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi64, #blocked1>
    %22 = tt.addptr %4, %cst : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi64, #blocked>
    %23 = ttg.memdesc_index %10[%c1_i32] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32>
    %24 = tt.splat %20 : i1 -> tensor<128x32xi1, #blocked>
    %25 = ttg.async_copy_global_to_local %22, %23 mask %24 {contiguity = 8 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable, 3x128x32>
    %26 = ttg.memdesc_index %11[%c1_i32] : !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128>
    %27 = tt.splat %20 : i1 -> tensor<32x128xi1, #blocked1>
    %28 = ttg.async_copy_global_to_local %21, %26 mask %27 {contiguity = 8 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1> -> <32x128xf16, #shared1, #smem, mutable, 3x32x128>
    %29 = ttg.async_commit_group tokens %25, %28
    // expected-remark @+1 {{loop prefetched: 1 dots read their next k-slice ahead}}
    %30:5 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst_1, %arg5 = %c64_i64, %arg6 = %c8192_i64, %arg7 = %c2_i32, %arg8 = %c0_i32) -> (tensor<128x128xf32, #mma>, i64, i64, i32, i32)  : i32 {
      %32 = arith.subi %arg2, %c2_i32 : i32
      %33 = arith.cmpi slt, %arg3, %32 : i32
      %34 = tt.splat %arg6 : i64 -> tensor<32x128xi64, #blocked1>
      %35 = tt.addptr %9, %34 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi64, #blocked1>
      %36 = tt.splat %arg5 : i64 -> tensor<128x32xi64, #blocked>
      %37 = tt.addptr %4, %36 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi64, #blocked>
      %38 = ttg.memdesc_index %10[%arg7] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32>
      %39 = tt.splat %33 : i1 -> tensor<128x32xi1, #blocked>
      %40 = ttg.async_copy_global_to_local %37, %38 mask %39 {contiguity = 8 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable, 3x128x32>
      %41 = ttg.memdesc_index %11[%arg7] : !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128>
      %42 = tt.splat %33 : i1 -> tensor<32x128xi1, #blocked1>
      %43 = ttg.async_copy_global_to_local %35, %41 mask %42 {contiguity = 8 : i32} : tensor<32x128x!tt.ptr<f16>, #blocked1> -> <32x128xf16, #shared1, #smem, mutable, 3x32x128>
      %44 = ttg.async_commit_group tokens %40, %43
      %45 = arith.addi %arg5, %c32_i64 : i64
      %46 = arith.addi %arg6, %c4096_i64 : i64
      %47 = arith.addi %arg7, %c1_i32 : i32
      %48 = arith.cmpi sge, %47, %c3_i32 : i32
      %49 = arith.select %48, %c0_i32, %47 : i32
      %50 = ttg.async_wait {num = 2 : i32}
      %51 = ttg.memdesc_index %10[%arg8] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32>
      %52 = ttg.memdesc_index %11[%arg8] : !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128>
      %53 = ttg.local_load %51 : !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 3x128x32> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %54 = ttg.local_load %52 : !ttg.memdesc<32x128xf16, #shared1, #smem, mutable, 3x32x128> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %55 = tt.dot %53, %54, %arg4 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %56 = arith.addi %arg8, %c1_i32 : i32
      %57 = arith.cmpi sge, %56, %c3_i32 : i32
      %58 = arith.select %57, %c0_i32, %56 : i32
      scf.yield %55, %45, %46, %49, %58 : tensor<128x128xf32, #mma>, i64, i64, i32, i32
    }
    %31 = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %10 : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %11 : !ttg.memdesc<3x32x128xf16, #shared1, #smem, mutable>
    tt.return %30#0 : tensor<128x128xf32, #mma>
  }
  // K = 16, one slice: the whole operands of the next iteration are read
  // ahead, with no subslice.
  // CHECK-LABEL: tt.func @k16
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: scf.for {{.*}} -> ({{.*}}, tensor<128x16xf16, {{.*}}>, tensor<16x128xf16, {{.*}}>)
  // CHECK: tt.dot
  // CHECK-NOT: tt.dot
  // CHECK: ttg.async_wait {num = 1 : i32}
  // CHECK: ttg.local_load
  // CHECK: ttg.local_load
  // CHECK: scf.yield
  tt.func @k16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
    %c2_i32 = arith.constant 2 : i32
    %c4096_i64 = arith.constant 4096 : i64
    %c32_i64 = arith.constant 32 : i64
    %cst = arith.constant dense<16> : tensor<128x16xi64, #blocked>
    %cst_0 = arith.constant dense<2048> : tensor<16x128xi64, #blocked1>
    %c3_i32 = arith.constant 3 : i32
    %c2048_i64 = arith.constant 2048 : i64
    %c16_i64 = arith.constant 16 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x16xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x16xi32, #blocked> -> tensor<128x16xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x16x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<128x16x!tt.ptr<f16>, #blocked>, tensor<128x16xi32, #blocked>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x128xi32, #blocked1> -> tensor<16x128xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<16x128x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<16x128x!tt.ptr<f16>, #blocked1>, tensor<16x128xi32, #blocked1>
    %10 = ttg.local_alloc : () -> !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable>
    %11 = ttg.local_alloc : () -> !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable>
    %12 = arith.cmpi sgt, %arg2, %c0_i32 : i32
    %13 = ttg.memdesc_index %10[%c0_i32] : !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x16>
    %14 = tt.splat %12 : i1 -> tensor<128x16xi1, #blocked>
    %15 = ttg.async_copy_global_to_local %4, %13 mask %14 {contiguity = 8 : i32} : tensor<128x16x!tt.ptr<f16>, #blocked> -> <128x16xf16, #shared, #smem, mutable, 3x128x16>
    %16 = ttg.memdesc_index %11[%c0_i32] : !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x16x128>
    %17 = tt.splat %12 : i1 -> tensor<16x128xi1, #blocked1>
    %18 = ttg.async_copy_global_to_local %9, %16 mask %17 {contiguity = 8 : i32} : tensor<16x128x!tt.ptr<f16>, #blocked1> -> <16x128xf16, #shared1, #smem, mutable, 3x16x128>
    %19 = ttg.async_commit_group tokens %15, %18
    %20 = arith.cmpi sgt, %arg2, %c1_i32 : i32
    %21 = tt.addptr %9, %cst_0 : tensor<16x128x!tt.ptr<f16>, #blocked1>, tensor<16x128xi64, #blocked1>
    %22 = tt.addptr %4, %cst : tensor<128x16x!tt.ptr<f16>, #blocked>, tensor<128x16xi64, #blocked>
    %23 = ttg.memdesc_index %10[%c1_i32] : !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x16>
    %24 = tt.splat %20 : i1 -> tensor<128x16xi1, #blocked>
    %25 = ttg.async_copy_global_to_local %22, %23 mask %24 {contiguity = 8 : i32} : tensor<128x16x!tt.ptr<f16>, #blocked> -> <128x16xf16, #shared, #smem, mutable, 3x128x16>
    %26 = ttg.memdesc_index %11[%c1_i32] : !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x16x128>
    %27 = tt.splat %20 : i1 -> tensor<16x128xi1, #blocked1>
    %28 = ttg.async_copy_global_to_local %21, %26 mask %27 {contiguity = 8 : i32} : tensor<16x128x!tt.ptr<f16>, #blocked1> -> <16x128xf16, #shared1, #smem, mutable, 3x16x128>
    %29 = ttg.async_commit_group tokens %25, %28
    // expected-remark @+1 {{loop prefetched: 1 dots read their next k-slice ahead}}
    %30:5 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst_1, %arg5 = %c32_i64, %arg6 = %c4096_i64, %arg7 = %c2_i32, %arg8 = %c0_i32) -> (tensor<128x128xf32, #mma>, i64, i64, i32, i32)  : i32 {
      %32 = arith.subi %arg2, %c2_i32 : i32
      %33 = arith.cmpi slt, %arg3, %32 : i32
      %34 = tt.splat %arg6 : i64 -> tensor<16x128xi64, #blocked1>
      %35 = tt.addptr %9, %34 : tensor<16x128x!tt.ptr<f16>, #blocked1>, tensor<16x128xi64, #blocked1>
      %36 = tt.splat %arg5 : i64 -> tensor<128x16xi64, #blocked>
      %37 = tt.addptr %4, %36 : tensor<128x16x!tt.ptr<f16>, #blocked>, tensor<128x16xi64, #blocked>
      %38 = ttg.memdesc_index %10[%arg7] : !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x16>
      %39 = tt.splat %33 : i1 -> tensor<128x16xi1, #blocked>
      %40 = ttg.async_copy_global_to_local %37, %38 mask %39 {contiguity = 8 : i32} : tensor<128x16x!tt.ptr<f16>, #blocked> -> <128x16xf16, #shared, #smem, mutable, 3x128x16>
      %41 = ttg.memdesc_index %11[%arg7] : !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x16x128>
      %42 = tt.splat %33 : i1 -> tensor<16x128xi1, #blocked1>
      %43 = ttg.async_copy_global_to_local %35, %41 mask %42 {contiguity = 8 : i32} : tensor<16x128x!tt.ptr<f16>, #blocked1> -> <16x128xf16, #shared1, #smem, mutable, 3x16x128>
      %44 = ttg.async_commit_group tokens %40, %43
      %45 = arith.addi %arg5, %c16_i64 : i64
      %46 = arith.addi %arg6, %c2048_i64 : i64
      %47 = arith.addi %arg7, %c1_i32 : i32
      %48 = arith.cmpi sge, %47, %c3_i32 : i32
      %49 = arith.select %48, %c0_i32, %47 : i32
      %50 = ttg.async_wait {num = 2 : i32}
      %51 = ttg.memdesc_index %10[%arg8] : !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x16>
      %52 = ttg.memdesc_index %11[%arg8] : !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x16x128>
      %53 = ttg.local_load %51 : !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 3x128x16> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %54 = ttg.local_load %52 : !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 3x16x128> -> tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %55 = tt.dot %53, %54, %arg4 : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %56 = arith.addi %arg8, %c1_i32 : i32
      %57 = arith.cmpi sge, %56, %c3_i32 : i32
      %58 = arith.select %57, %c0_i32, %56 : i32
      scf.yield %55, %45, %46, %49, %58 : tensor<128x128xf32, #mma>, i64, i64, i32, i32
    }
    %31 = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %10 : !ttg.memdesc<3x128x16xf16, #shared, #smem, mutable>
    ttg.local_dealloc %11 : !ttg.memdesc<3x16x128xf16, #shared1, #smem, mutable>
    tt.return %30#0 : tensor<128x128xf32, #mma>
  }
  // One stage: the loop stores its operands itself; nothing changes.
  // CHECK-LABEL: tt.func @not_pipelined
  // CHECK: scf.for
  // CHECK: ttg.local_alloc
  // CHECK: ttg.local_load
  // CHECK: tt.dot %{{.*}} : tensor<128x32xf16
  tt.func @not_pipelined(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<128x128xf32, #mma> {
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
      %11 = tt.load %arg4 : tensor<128x32x!tt.ptr<f16>, #blocked>
      %12 = ttg.local_alloc %11 : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      %13 = tt.load %arg5 : tensor<32x128x!tt.ptr<f16>, #blocked1>
      %14 = ttg.local_alloc %13 : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared1, #smem>
      %15 = ttg.local_load %12 : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %16 = ttg.local_load %14 : !ttg.memdesc<32x128xf16, #shared1, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      // expected-remark @+1 {{dot not prefetched: the loop writes its operands' buffers itself}}
      %17 = tt.dot %15, %16, %arg6 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %18 = tt.addptr %arg4, %cst_0 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<128x32xi32, #blocked>
      %19 = tt.addptr %arg5, %cst_1 : tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<32x128xi32, #blocked1>
      scf.yield %18, %19, %17 : tensor<128x32x!tt.ptr<f16>, #blocked>, tensor<32x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xf32, #mma>
    } {tt.num_stages = 1 : i32}
    tt.return %10#2 : tensor<128x128xf32, #mma>
  }
}

