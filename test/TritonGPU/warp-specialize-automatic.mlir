// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=2" | FileCheck %s --check-prefix=NO
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=NO
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3 automatic-warp-specialization=0" | FileCheck %s --check-prefix=NO

// The attention loop of bench/attention_ab.py over host descriptors (head
// dim 128, 128x64 tiles), not marked for warp specialization: with 8 warps
// and three ring slots it is specialized anyway, P @ V a turn later
// (measured 9-22 % faster than the pipelined loop on an H200); with two
// slots or 4 warps it stays pipelined (and with 64x64 P @ V tiles:
// warp-specialize-dot-chain.mlir), and so it does with the choice turned
// off (automatic-warp-specialization=0; TRITONDIALECT_AUTO_WS=0 for the
// drop-in backend).

// CHECK: ttg.warp_specialize(
// CHECK: scf.for
// CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// CHECK: partition0

// NO-NOT: ttg.warp_specialize(
// NO: tt.func public @attn_host_desc_body
// NO-NOT: ttg.warp_specialize(
// NO: tt.return

module {
  tt.func public @attn_host_desc_body(%arg0: !tt.tensordesc<tensor<128x128xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.tensordesc<tensor<64x128xf16>>, %arg11: i32, %arg12: i32, %arg13: i64, %arg14: i64, %arg15: !tt.tensordesc<tensor<128x128xf16>>, %arg16: i32, %arg17: i32, %arg18: i64, %arg19: i64, %arg20: f32) attributes {noinline = false} {
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
    %c0_i32_4 = arith.constant 0 : i32
    %c4096_i32_5 = arith.constant 4096 : i32
    %c64_i32 = arith.constant 64 : i32
    %11:3 = scf.for %arg21 = %c0_i32_4 to %c4096_i32_5 step %c64_i32 iter_args(%arg22 = %cst_1, %arg23 = %cst_2, %arg24 = %cst) -> (tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>)  : i32 {
      %18 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %19 = tt.splat %arg21 : i32 -> tensor<64xi32>
      %20 = arith.addi %19, %18 : tensor<64xi32>
      %21 = arith.addi %2, %arg21 : i32
      %c0_i32_8 = arith.constant 0 : i32
      %22 = tt.descriptor_load %arg5[%21, %c0_i32_8] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %23 = tt.trans %22 {order = array<i32: 1, 0>} : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_9 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %24 = tt.dot %9, %23, %cst_9, inputPrecision = tf32 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
      %25 = tt.splat %10 : f32 -> tensor<128x64xf32>
      %26 = arith.mulf %24, %25 : tensor<128x64xf32>
      %27 = "tt.reduce"(%26) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %46 = arith.maxnumf %arg25, %arg26 : f32
        tt.reduce.return %46 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %28 = arith.maxnumf %arg24, %27 : tensor<128xf32>
      %29 = tt.expand_dims %28 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %30 = tt.broadcast %29 : tensor<128x1xf32> -> tensor<128x64xf32>
      %31 = arith.subf %26, %30 : tensor<128x64xf32>
      %32 = math.exp2 %31 : tensor<128x64xf32>
      %33 = arith.subf %arg24, %28 : tensor<128xf32>
      %34 = math.exp2 %33 : tensor<128xf32>
      %35 = arith.mulf %arg22, %34 : tensor<128xf32>
      %36 = "tt.reduce"(%32) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %46 = arith.addf %arg25, %arg26 : f32
        tt.reduce.return %46 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %37 = arith.addf %35, %36 : tensor<128xf32>
      %38 = arith.addi %2, %arg21 : i32
      %c0_i32_10 = arith.constant 0 : i32
      %39 = tt.descriptor_load %arg10[%38, %c0_i32_10] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %40 = tt.expand_dims %34 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %41 = tt.broadcast %40 : tensor<128x1xf32> -> tensor<128x128xf32>
      %42 = arith.mulf %arg23, %41 : tensor<128x128xf32>
      %43 = arith.truncf %32 : tensor<128x64xf32> to tensor<128x64xf16>
      %cst_11 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
      %44 = tt.dot %43, %39, %cst_11, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %45 = arith.addf %42, %44 : tensor<128x128xf32>
      scf.yield %37, %45, %28 : tensor<128xf32>, tensor<128x128xf32>, tensor<128xf32>
    }
    %c128_i32_6 = arith.constant 128 : i32
    %12 = arith.muli %0, %c128_i32_6 : i32
    %13 = arith.addi %2, %12 : i32
    %14 = tt.expand_dims %11#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %15 = tt.broadcast %14 : tensor<128x1xf32> -> tensor<128x128xf32>
    %16 = arith.divf %11#1, %15 : tensor<128x128xf32>
    %17 = arith.truncf %16 : tensor<128x128xf32> to tensor<128x128xf16>
    %c0_i32_7 = arith.constant 0 : i32
    tt.descriptor_store %arg15[%13, %c0_i32_7], %17 : !tt.tensordesc<tensor<128x128xf16>>, tensor<128x128xf16>
    tt.return
  }
}


