// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s

// Attention that also stores its row statistics after the loop (the
// log-sum-exp, as torch.compile's flex attention does): 128 floats, once.
// Their store's layout, a slice of a blocked layout, used to decide the
// loop's: the scores went from the wgmma layout to a blocked one and back
// every iteration (and spilled: flex attention at head dim 64 ran at 0.03x
// of upstream on an H200, session 35). A store after the loop with at most
// 1/16 of the elements the removed conversion moved each iteration may
// lose vector width: the softmax stays in the wgmma layout and the row
// statistics are stored from it.

// CHECK-LABEL: tt.func public @attn_lse
// CHECK: scf.for
// CHECK-NOT: ttg.convert_layout {{.*}} : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK: (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: scf.yield
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mma}>>

module {
  tt.func public @attn_lse(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c65536_i32 = arith.constant 65536 : i32
    %cst = arith.constant dense<64> : tensor<1x128xi32>
    %cst_0 = arith.constant dense<64> : tensor<128x1xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_4 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %1, %c65536_i32 : i32
    %3 = arith.muli %0, %c128_i32 : i32
    %4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %5 = tt.splat %3 : i32 -> tensor<128xi32>
    %6 = arith.addi %5, %4 : tensor<128xi32>
    %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %8 = tt.addptr %arg0, %2 : !tt.ptr<f16>, i32
    %9 = tt.expand_dims %6 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %10 = arith.muli %9, %cst_0 : tensor<128x1xi32>
    %11 = tt.splat %8 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %12 = tt.addptr %11, %10 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %13 = tt.expand_dims %7 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %14 = tt.broadcast %12 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %15 = tt.broadcast %13 : tensor<1x64xi32> -> tensor<128x64xi32>
    %16 = tt.addptr %14, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>>
    %18 = tt.addptr %arg1, %2 : !tt.ptr<f16>, i32
    %19 = tt.splat %18 : !tt.ptr<f16> -> tensor<1x128x!tt.ptr<f16>>
    %20 = tt.expand_dims %7 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %21 = tt.broadcast %20 : tensor<64x1xi32> -> tensor<64x128xi32>
    %22 = tt.addptr %arg2, %2 : !tt.ptr<f16>, i32
    %23 = tt.splat %22 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %24:3 = scf.for %arg5 = %c0_i32 to %c1024_i32 step %c128_i32 iter_args(%arg6 = %cst_3, %arg7 = %cst_2, %arg8 = %cst_4) -> (tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>)  : i32 {
      %40 = tt.splat %arg5 : i32 -> tensor<128xi32>
      %41 = arith.addi %40, %4 : tensor<128xi32>
      %42 = tt.expand_dims %41 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %43 = arith.muli %42, %cst : tensor<1x128xi32>
      %44 = tt.addptr %19, %43 : tensor<1x128x!tt.ptr<f16>>, tensor<1x128xi32>
      %45 = tt.broadcast %44 : tensor<1x128x!tt.ptr<f16>> -> tensor<64x128x!tt.ptr<f16>>
      %46 = tt.addptr %45, %21 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      %47 = tt.load %46 : tensor<64x128x!tt.ptr<f16>>
      %48 = tt.dot %17, %47, %cst_1, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %49 = "tt.reduce"(%48) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %71 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %71 : f32
      }) : (tensor<128x128xf32>) -> tensor<128xf32>
      %50 = arith.maxnumf %arg8, %49 : tensor<128xf32>
      %51 = tt.expand_dims %50 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %52 = tt.broadcast %51 : tensor<128x1xf32> -> tensor<128x128xf32>
      %53 = arith.subf %48, %52 : tensor<128x128xf32>
      %54 = math.exp2 %53 : tensor<128x128xf32>
      %55 = arith.subf %arg8, %50 : tensor<128xf32>
      %56 = math.exp2 %55 : tensor<128xf32>
      %57 = arith.mulf %arg6, %56 : tensor<128xf32>
      %58 = "tt.reduce"(%54) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %71 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %71 : f32
      }) : (tensor<128x128xf32>) -> tensor<128xf32>
      %59 = arith.addf %57, %58 : tensor<128xf32>
      %60 = tt.expand_dims %41 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %61 = arith.muli %60, %cst_0 : tensor<128x1xi32>
      %62 = tt.addptr %23, %61 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
      %63 = tt.broadcast %62 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
      %64 = tt.addptr %63, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %65 = tt.load %64 : tensor<128x64x!tt.ptr<f16>>
      %66 = tt.expand_dims %56 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %67 = tt.broadcast %66 : tensor<128x1xf32> -> tensor<128x64xf32>
      %68 = arith.mulf %arg7, %67 : tensor<128x64xf32>
      %69 = arith.truncf %54 : tensor<128x128xf32> to tensor<128x128xf16>
      %70 = tt.dot %69, %65, %68, inputPrecision = tf32 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
      scf.yield %59, %70, %50 : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
    }
    %25 = tt.addptr %arg3, %2 : !tt.ptr<f16>, i32
    %26 = tt.splat %25 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %27 = tt.addptr %26, %10 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %28 = tt.broadcast %27 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %29 = tt.addptr %28, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %30 = tt.expand_dims %24#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %31 = tt.broadcast %30 : tensor<128x1xf32> -> tensor<128x64xf32>
    %32 = arith.divf %24#1, %31 : tensor<128x64xf32>
    %33 = arith.truncf %32 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %29, %33 : tensor<128x64x!tt.ptr<f16>>
    %34 = arith.muli %1, %c1024_i32 : i32
    %35 = tt.addptr %arg4, %34 : !tt.ptr<f32>, i32
    %36 = tt.splat %35 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %37 = tt.addptr %36, %6 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %38 = math.log2 %24#0 : tensor<128xf32>
    %39 = arith.addf %24#2, %38 : tensor<128xf32>
    tt.store %37, %39 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

