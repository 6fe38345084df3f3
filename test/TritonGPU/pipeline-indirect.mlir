// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-translate --ttir-to-ptx --num-warps=4 --num-stages=3 --target=cuda:90 %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A block-sparse loop: each iteration reads the index of its K block from
// memory, then its tiles at that block. The scalar index load is part of
// the tiles' address computation, so it runs ahead with their copies
// (torch.compile's flex attention iterates over key blocks this way; left
// synchronous, its head-dim-128 kernel ran at 0.72x of upstream, pipelined
// 0.98-0.99x, H200, session 35). Past the last iteration the pipeliner
// masks it off (mask and-ed with the stage's predicate, zero read there),
// as it does the copies.

// CHECK-LABEL: tt.func public @block_sparse_mm
// Prologue: the first two iterations' index loads and copies, predicated.
// CHECK: %[[I0:.*]] = tt.load %arg3, %{{.*}}, %c0_i32 : !tt.ptr<i32>
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {contiguity = 8 : i32}
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {contiguity = 8 : i32}
// CHECK: tt.load %{{.*}}, %{{.*}}, %c0_i32 : !tt.ptr<i32>
// CHECK: scf.for
// CHECK: ttg.async_wait %{{.*}} {num = 2 : i32}
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// The index two iterations ahead, then its copies.
// CHECK: %[[IDX:.*]] = tt.load %{{.*}}, %{{.*}}, %c0_i32 : !tt.ptr<i32>
// CHECK: arith.muli %[[IDX]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield

module {
  tt.func public @block_sparse_mm(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<128> : tensor<128x1xi32>
    %cst_0 = arith.constant dense<128> : tensor<64x1xi32>
    %cst_1 = arith.constant dense<1024> : tensor<128x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %6 = tt.expand_dims %4 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %7 = arith.muli %6, %cst_1 : tensor<128x1xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %9 = tt.addptr %8, %7 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %10 = tt.broadcast %9 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %11 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %12 = tt.expand_dims %2 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %13 = tt.broadcast %12 : tensor<1x128xi32> -> tensor<64x128xi32>
    %14 = scf.for %arg5 = %c0_i32 to %arg4 step %c1_i32 iter_args(%arg6 = %cst_2) -> (tensor<128x128xf32>)  : i32 {
      %23 = tt.addptr %arg3, %arg5 : !tt.ptr<i32>, i32
      %24 = tt.load %23 : !tt.ptr<i32>
      %25 = arith.muli %24, %c64_i32 : i32
      %26 = tt.splat %25 : i32 -> tensor<64xi32>
      %27 = arith.addi %26, %5 : tensor<64xi32>
      %28 = tt.expand_dims %27 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %29 = tt.broadcast %28 : tensor<1x64xi32> -> tensor<128x64xi32>
      %30 = tt.addptr %10, %29 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %31 = tt.load %30 : tensor<128x64x!tt.ptr<f16>>
      %32 = tt.expand_dims %27 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %33 = arith.muli %32, %cst_0 : tensor<64x1xi32>
      %34 = tt.addptr %11, %33 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
      %35 = tt.broadcast %34 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x128x!tt.ptr<f16>>
      %36 = tt.addptr %35, %13 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      %37 = tt.load %36 : tensor<64x128x!tt.ptr<f16>>
      %38 = tt.dot %31, %37, %arg6, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %38 : tensor<128x128xf32>
    }
    %15 = tt.expand_dims %4 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %16 = arith.muli %15, %cst : tensor<128x1xi32>
    %17 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %18 = tt.addptr %17, %16 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %19 = tt.expand_dims %2 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %20 = tt.broadcast %18 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x128x!tt.ptr<f32>>
    %21 = tt.broadcast %19 : tensor<1x128xi32> -> tensor<128x128xi32>
    %22 = tt.addptr %20, %21 : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %22, %14 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

