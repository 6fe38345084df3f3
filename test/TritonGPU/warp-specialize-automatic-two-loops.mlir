// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3 automatic-warp-specialization=0" | FileCheck %s --check-prefix=PIPE

// bench/attention_ab.py's hostdesc_split kernel, causal: its loop split in
// two as upstream's tutorial 06 splits it (the tiles left of the diagonal
// block, then the diagonal block's, masked). Both loops are specialized
// automatically (6-10 % faster than both pipelined on an H200, session 31),
// each with its own producer warp group, P @ V a turn later.
//
// Without warp specialization the loops carry the softmax state and the
// accumulator in the wgmma layouts: no conversion through shared memory in
// either loop (the first loop's layouts used to stop at the second loop,
// which kept both loops' scores and accumulator in a blocked layout, 4-9x
// slower).

// CHECK-LABEL: tt.func public @attn_host_desc_split_body
// CHECK: ttg.warp_specialize(
// CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// CHECK: partition0
// CHECK: ttg.warp_specialize(
// CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// CHECK: partition0
// CHECK: tt.return

// The first loop's row sums start at zero and are kept per thread across
// it (tritongpu-optimize-thread-locality's scaled accumulators: four lanes
// hold a row); the second loop's start at the first's and stay whole.
// PIPE-LABEL: tt.func public @attn_host_desc_split_body
// PIPE-NOT: ttg.warp_specialize(
// PIPE: scf.for {{.*}} -> (tensor<128x128xf32, #mma{{[0-9]*}}>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma{{[0-9]*}}}>>, tensor<128x4xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 3, parent = #linear}>}>>
// PIPE-NOT: #blocked
// PIPE: scf.yield
// PIPE: scf.for {{.*}} -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma{{[0-9]*}}}>>, tensor<128x128xf32, #mma{{[0-9]*}}>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma{{[0-9]*}}}>>
// PIPE-NOT: #blocked
// PIPE: scf.yield
// PIPE-NOT: ttg.warp_specialize(

module {
  tt.func public @attn_host_desc_split_body(%arg0: !tt.tensordesc<tensor<128x128xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.tensordesc<tensor<64x128xf16>>, %arg11: i32, %arg12: i32, %arg13: i64, %arg14: i64, %arg15: !tt.tensordesc<tensor<128x128xf16>>, %arg16: i32, %arg17: i32, %arg18: i64, %arg19: i64, %arg20: f32) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %c4096_i32 = arith.constant 4096 : i32
    %2 = arith.muli %1, %c4096_i32 : i32
    %c128_i32 = arith.constant 128 : i32
    %3 = arith.muli %0, %c128_i32 : i32
    %4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %5 = tt.splat %3 : i32 -> tensor<128xi32>
    %6 = arith.addi %5, %4 : tensor<128xi32>
    %c128_i32_0 = arith.constant 128 : i32
    %7 = arith.muli %0, %c128_i32_0 : i32
    %8 = arith.addi %2, %7 : i32
    %c0_i32 = arith.constant 0 : i32
    %9 = tt.descriptor_load %arg0[%8, %c0_i32] : !tt.tensordesc<tensor<128x128xf16>> -> tensor<128x128xf16>
    %cst = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %cst_3 = arith.constant 1.44269502 : f32
    %10 = arith.mulf %arg20, %cst_3 : f32
    %c128_i32_4 = arith.constant 128 : i32
    %11 = arith.muli %0, %c128_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %12:3 = scf.for %arg21 = %c0_i32_5 to %11 step %c64_i32 iter_args(%arg22 = %cst_1, %arg23 = %cst_2, %arg24 = %cst) -> (tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>)  : i32 {
      %23 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %24 = tt.splat %arg21 : i32 -> tensor<64xi32>
      %25 = arith.addi %24, %23 : tensor<64xi32>
      %26 = arith.addi %2, %arg21 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %27 = tt.descriptor_load %arg5[%26, %c0_i32_11] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %28 = tt.trans %27 {order = array<i32: 1, 0>} : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %29 = tt.dot %9, %28, %cst_12, inputPrecision = tf32 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
      %30 = tt.splat %10 : f32 -> tensor<128x64xf32>
      %31 = arith.mulf %29, %30 : tensor<128x64xf32>
      %32 = "tt.reduce"(%31) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %51 = arith.maxnumf %arg25, %arg26 : f32
        tt.reduce.return %51 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %33 = arith.maxnumf %arg24, %32 : tensor<128xf32>
      %34 = tt.expand_dims %33 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %35 = tt.broadcast %34 : tensor<128x1xf32> -> tensor<128x64xf32>
      %36 = arith.subf %31, %35 : tensor<128x64xf32>
      %37 = math.exp2 %36 : tensor<128x64xf32>
      %38 = arith.subf %arg24, %33 : tensor<128xf32>
      %39 = math.exp2 %38 : tensor<128xf32>
      %40 = arith.mulf %arg22, %39 : tensor<128xf32>
      %41 = "tt.reduce"(%37) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %51 = arith.addf %arg25, %arg26 : f32
        tt.reduce.return %51 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %42 = arith.addf %40, %41 : tensor<128xf32>
      %43 = arith.addi %2, %arg21 : i32
      %c0_i32_13 = arith.constant 0 : i32
      %44 = tt.descriptor_load %arg10[%43, %c0_i32_13] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %45 = tt.expand_dims %39 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %46 = tt.broadcast %45 : tensor<128x1xf32> -> tensor<128x128xf32>
      %47 = arith.mulf %arg23, %46 : tensor<128x128xf32>
      %48 = arith.truncf %37 : tensor<128x64xf32> to tensor<128x64xf16>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
      %49 = tt.dot %48, %44, %cst_14, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %50 = arith.addf %47, %49 : tensor<128x128xf32>
      scf.yield %42, %50, %33 : tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>
    }
    %c128_i32_6 = arith.constant 128 : i32
    %13 = arith.muli %0, %c128_i32_6 : i32
    %c1_i32 = arith.constant 1 : i32
    %14 = arith.addi %0, %c1_i32 : i32
    %c128_i32_7 = arith.constant 128 : i32
    %15 = arith.muli %14, %c128_i32_7 : i32
    %c64_i32_8 = arith.constant 64 : i32
    %16:3 = scf.for %arg21 = %13 to %15 step %c64_i32_8 iter_args(%arg22 = %12#0, %arg23 = %12#1, %arg24 = %12#2) -> (tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>)  : i32 {
      %23 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %24 = tt.splat %arg21 : i32 -> tensor<64xi32>
      %25 = arith.addi %24, %23 : tensor<64xi32>
      %26 = arith.addi %2, %arg21 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %27 = tt.descriptor_load %arg5[%26, %c0_i32_11] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %28 = tt.trans %27 {order = array<i32: 1, 0>} : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %29 = tt.dot %9, %28, %cst_12, inputPrecision = tf32 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
      %30 = tt.splat %10 : f32 -> tensor<128x64xf32>
      %31 = arith.mulf %29, %30 : tensor<128x64xf32>
      %32 = tt.expand_dims %6 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %33 = tt.expand_dims %25 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %34 = tt.broadcast %32 : tensor<128x1xi32> -> tensor<128x64xi32>
      %35 = tt.broadcast %33 : tensor<1x64xi32> -> tensor<128x64xi32>
      %36 = arith.cmpi sge, %34, %35 : tensor<128x64xi32>
      %cst_13 = arith.constant 0xFF800000 : f32
      %37 = tt.splat %cst_13 : f32 -> tensor<128x64xf32>
      %38 = arith.select %36, %31, %37 : tensor<128x64xi1>, tensor<128x64xf32>
      %39 = "tt.reduce"(%38) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %58 = arith.maxnumf %arg25, %arg26 : f32
        tt.reduce.return %58 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %40 = arith.maxnumf %arg24, %39 : tensor<128xf32>
      %41 = tt.expand_dims %40 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %42 = tt.broadcast %41 : tensor<128x1xf32> -> tensor<128x64xf32>
      %43 = arith.subf %38, %42 : tensor<128x64xf32>
      %44 = math.exp2 %43 : tensor<128x64xf32>
      %45 = arith.subf %arg24, %40 : tensor<128xf32>
      %46 = math.exp2 %45 : tensor<128xf32>
      %47 = arith.mulf %arg22, %46 : tensor<128xf32>
      %48 = "tt.reduce"(%44) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %58 = arith.addf %arg25, %arg26 : f32
        tt.reduce.return %58 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %49 = arith.addf %47, %48 : tensor<128xf32>
      %50 = arith.addi %2, %arg21 : i32
      %c0_i32_14 = arith.constant 0 : i32
      %51 = tt.descriptor_load %arg10[%50, %c0_i32_14] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %52 = tt.expand_dims %46 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %53 = tt.broadcast %52 : tensor<128x1xf32> -> tensor<128x128xf32>
      %54 = arith.mulf %arg23, %53 : tensor<128x128xf32>
      %55 = arith.truncf %44 : tensor<128x64xf32> to tensor<128x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
      %56 = tt.dot %55, %51, %cst_15, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %57 = arith.addf %54, %56 : tensor<128x128xf32>
      scf.yield %49, %57, %40 : tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>
    }
    %c128_i32_9 = arith.constant 128 : i32
    %17 = arith.muli %0, %c128_i32_9 : i32
    %18 = arith.addi %2, %17 : i32
    %19 = tt.expand_dims %16#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %20 = tt.broadcast %19 : tensor<128x1xf32> -> tensor<128x128xf32>
    %21 = arith.divf %16#1, %20 : tensor<128x128xf32>
    %22 = arith.truncf %21 : tensor<128x128xf32> to tensor<128x128xf16>
    %c0_i32_10 = arith.constant 0 : i32
    tt.descriptor_store %arg15[%18, %c0_i32_10], %22 : !tt.tensordesc<tensor<128x128xf16>>, tensor<128x128xf16>
    tt.return
  }
}


