// Causal attention with 64-row tiles (bench/attention_ab.py's pointer kernel,
// head dim 64, 64x64 tiles, 4 warps, 3 stages, `tl.math.exp2` of scores
// scaled by sm_scale * log2(e); this TTIR from the python-frontend-stub).
// tritongpu-scale-after-max versions its loop on the scale; the loop leaves
// P @ V in flight, and its wait is versioned with it. With the wait after
// the two loops' join ptxas serialized every wgmma of the kernel (C7515)
// and the head-dim-128 kernels with 64-row tiles ran 6-16 % slower (H200,
// session 39); with it, 1-2 % faster than before the pass took masks.
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 num-ctas=1 num-stages=3 target=cuda:90" | triton-opt --tritongpu-scale-after-max=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ triton-translate --ttir-to-ptx --num-warps=4 --num-stages=3 %s -o %t.ptx && %ptxas -arch=sm_90a -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// REMARK: remark: reduces the product's operand through its mask and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 1 subtraction(s) of it as fma
// REMARK-NOT: remark

// PTXAS-NOT: C7515
// PTXAS: Used {{[0-9]+}} registers
// PTXAS-NOT: C7515

module {
  tt.func public @attn(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
    %c262144_i32 = arith.constant 262144 : i32
    %cst = arith.constant dense<0xFF800000> : tensor<64x64xf32>
    %cst_0 = arith.constant dense<64> : tensor<1x64xi32>
    %cst_1 = arith.constant dense<64> : tensor<64x1xi32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_2 = arith.constant 1.44269502 : f32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_5 = arith.constant dense<0xFF800000> : tensor<64xf32>
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %1, %c262144_i32 : i32
    %3 = arith.muli %0, %c64_i32 : i32
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %5 = tt.splat %3 : i32 -> tensor<64xi32>
    %6 = arith.addi %5, %4 : tensor<64xi32>
    %7 = tt.addptr %arg0, %2 : !tt.ptr<f16>, i32
    %8 = tt.expand_dims %6 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %9 = arith.muli %8, %cst_1 : tensor<64x1xi32>
    %10 = tt.splat %7 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %11 = tt.addptr %10, %9 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %12 = tt.expand_dims %4 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %13 = tt.broadcast %11 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
    %14 = tt.broadcast %12 : tensor<1x64xi32> -> tensor<64x64xi32>
    %15 = tt.addptr %13, %14 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %16 = tt.load %15 : tensor<64x64x!tt.ptr<f16>>
    %17 = arith.mulf %arg4, %cst_2 : f32
    %18 = arith.addi %0, %c1_i32 : i32
    %19 = arith.muli %18, %c64_i32 : i32
    %20 = tt.addptr %arg1, %2 : !tt.ptr<f16>, i32
    %21 = tt.splat %20 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>>
    %22 = tt.expand_dims %4 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %23 = tt.broadcast %22 : tensor<64x1xi32> -> tensor<64x64xi32>
    %24 = tt.splat %17 : f32 -> tensor<64x64xf32>
    %25 = tt.broadcast %8 : tensor<64x1xi32> -> tensor<64x64xi32>
    %26 = tt.addptr %arg2, %2 : !tt.ptr<f16>, i32
    %27 = tt.splat %26 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %28:3 = scf.for %arg5 = %c0_i32 to %19 step %c64_i32 iter_args(%arg6 = %cst_4, %arg7 = %cst_3, %arg8 = %cst_5) -> (tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>)  : i32 {
      %38 = tt.splat %arg5 : i32 -> tensor<64xi32>
      %39 = arith.addi %38, %4 : tensor<64xi32>
      %40 = tt.expand_dims %39 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %41 = arith.muli %40, %cst_0 : tensor<1x64xi32>
      %42 = tt.addptr %21, %41 : tensor<1x64x!tt.ptr<f16>>, tensor<1x64xi32>
      %43 = tt.broadcast %42 : tensor<1x64x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
      %44 = tt.addptr %43, %23 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      %45 = tt.load %44 : tensor<64x64x!tt.ptr<f16>>
      %46 = tt.dot %16, %45, %cst_3, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
      %47 = arith.mulf %46, %24 : tensor<64x64xf32>
      %48 = tt.broadcast %40 : tensor<1x64xi32> -> tensor<64x64xi32>
      %49 = arith.cmpi sge, %25, %48 : tensor<64x64xi32>
      %50 = arith.select %49, %47, %cst : tensor<64x64xi1>, tensor<64x64xf32>
      %51 = "tt.reduce"(%50) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %73 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %73 : f32
      }) : (tensor<64x64xf32>) -> tensor<64xf32>
      %52 = arith.maxnumf %arg8, %51 : tensor<64xf32>
      %53 = tt.expand_dims %52 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %54 = tt.broadcast %53 : tensor<64x1xf32> -> tensor<64x64xf32>
      %55 = arith.subf %50, %54 : tensor<64x64xf32>
      %56 = math.exp2 %55 : tensor<64x64xf32>
      %57 = arith.subf %arg8, %52 : tensor<64xf32>
      %58 = math.exp2 %57 : tensor<64xf32>
      %59 = arith.mulf %arg6, %58 : tensor<64xf32>
      %60 = "tt.reduce"(%56) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %73 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %73 : f32
      }) : (tensor<64x64xf32>) -> tensor<64xf32>
      %61 = arith.addf %59, %60 : tensor<64xf32>
      %62 = tt.expand_dims %39 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %63 = arith.muli %62, %cst_1 : tensor<64x1xi32>
      %64 = tt.addptr %27, %63 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
      %65 = tt.broadcast %64 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
      %66 = tt.addptr %65, %14 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      %67 = tt.load %66 : tensor<64x64x!tt.ptr<f16>>
      %68 = tt.expand_dims %58 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %69 = tt.broadcast %68 : tensor<64x1xf32> -> tensor<64x64xf32>
      %70 = arith.mulf %arg7, %69 : tensor<64x64xf32>
      %71 = arith.truncf %56 : tensor<64x64xf32> to tensor<64x64xf16>
      %72 = tt.dot %71, %67, %70, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %61, %72, %52 : tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>
    }
    %29 = tt.addptr %arg3, %2 : !tt.ptr<f16>, i32
    %30 = tt.splat %29 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %31 = tt.addptr %30, %9 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %32 = tt.broadcast %31 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
    %33 = tt.addptr %32, %14 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %34 = tt.expand_dims %28#0 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %35 = tt.broadcast %34 : tensor<64x1xf32> -> tensor<64x64xf32>
    %36 = arith.divf %28#1, %35 : tensor<64x64xf32>
    %37 = arith.truncf %36 : tensor<64x64xf32> to tensor<64x64xf16>
    tt.store %33, %37 : tensor<64x64x!tt.ptr<f16>>
    tt.return
  }
}

