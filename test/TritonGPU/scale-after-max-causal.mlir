// tritongpu-scale-after-max on causal attention: perf_flash_attn_fwd's loop
// masked to the diagonal (`qk = where(rm >= rn, dot(q, k) * sm_scale, -inf)`,
// docs/gpu-runs/results/session36-2026-11-29-h200/kernels_causal_spec.py,
// this TTIR from the python-frontend-stub). triton-guard-tile-masks applies
// the mask only on diagonal tiles, in an scf.if; the pass takes the scale
// out of both of its branches, so in the loop's fast copy each score costs
// one fma before the exp instead of a multiplication and a subtraction
// (LLVM does not contract them across the branch), and the exps stay FTZ.
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 num-ctas=1 num-stages=3 target=cuda:90" | triton-opt --tritongpu-scale-after-max=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: triton-translate --ttir-to-ptx --num-warps=4 --num-stages=3 %s -o %t.ptx
// RUN: grep -c "ex2.approx.ftz.f32" %t.ptx | FileCheck %s --check-prefix=FTZ
// RUN: grep -c "fma.rn.f32" %t.ptx | FileCheck %s --check-prefix=FMA
// RUN: grep -c "sub.f32" %t.ptx | FileCheck %s --check-prefix=SUB
// RUN: grep -c "mul.f32.*0f[3B]FB8AA3B" %t.ptx | FileCheck %s --check-prefix=LOG2E
// RUN: triton-translate --ttir-to-ptx --num-warps=4 --num-stages=3 --enable-fp-fusion=false %s -o %tnf.ptx
// RUN: not grep -q "fma.rn.f32" %tnf.ptx

// REMARK: remark: reduces the product's operand through its mask and scales the result, where the scale is positive and finite (the loop in two versions, chosen once by it); 1 subtraction(s) of it as fma
// REMARK-NOT: remark

// Two copies of the loop, 64 FTZ exps for P in each, whose arguments are
// each one fma with log2(e) folded in (exp(x - m) = exp2(x log2 e -
// m log2 e)): in the loop as written of the masked scores and log2(e), in
// its copy of qk and s log2 e, each less the row maximum times log2(e).
// Each keeps the 4 subtractions of the rescale factor; log2(e) multiplies
// only the 4 row maxima in each copy, s, and the 8 rescale factors (FTZ
// too: they scale the running sums before this tile's terms are added).
// Without fp fusion nothing is contracted.
// FTZ: {{^}}136{{$}}
// FMA: {{^}}136{{$}}
// SUB: {{^}}8{{$}}
// LOG2E: {{^}}17{{$}}

module {
  tt.func public @attn_fwd_causal(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
    %c262144_i32 = arith.constant 262144 : i32
    %cst = arith.constant dense<64> : tensor<64x1xi32>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
    %cst_1 = arith.constant dense<64> : tensor<1x64xi32>
    %cst_2 = arith.constant dense<64> : tensor<128x1xi32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_5 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %1, %c262144_i32 : i32
    %3 = arith.muli %0, %c128_i32 : i32
    %4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %5 = tt.splat %3 : i32 -> tensor<128xi32>
    %6 = arith.addi %5, %4 : tensor<128xi32>
    %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %8 = tt.addptr %arg0, %2 : !tt.ptr<f16>, i32
    %9 = tt.expand_dims %6 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %10 = arith.muli %9, %cst_2 : tensor<128x1xi32>
    %11 = tt.splat %8 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %12 = tt.addptr %11, %10 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %13 = tt.expand_dims %7 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %14 = tt.broadcast %12 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %15 = tt.broadcast %13 : tensor<1x64xi32> -> tensor<128x64xi32>
    %16 = tt.addptr %14, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>>
    %18 = arith.addi %0, %c1_i32 : i32
    %19 = arith.muli %18, %c128_i32 : i32
    %20 = tt.addptr %arg1, %2 : !tt.ptr<f16>, i32
    %21 = tt.splat %20 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>>
    %22 = tt.expand_dims %7 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %23 = tt.broadcast %22 : tensor<64x1xi32> -> tensor<64x64xi32>
    %24 = tt.splat %arg4 : f32 -> tensor<128x64xf32>
    %25 = tt.broadcast %9 : tensor<128x1xi32> -> tensor<128x64xi32>
    %26 = tt.addptr %arg2, %2 : !tt.ptr<f16>, i32
    %27 = tt.splat %26 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %28 = tt.broadcast %13 : tensor<1x64xi32> -> tensor<64x64xi32>
    %29:3 = scf.for %arg5 = %c0_i32 to %19 step %c64_i32 iter_args(%arg6 = %cst_4, %arg7 = %cst_3, %arg8 = %cst_5) -> (tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>)  : i32 {
      %39 = tt.splat %arg5 : i32 -> tensor<64xi32>
      %40 = arith.addi %39, %7 : tensor<64xi32>
      %41 = tt.expand_dims %40 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %42 = arith.muli %41, %cst_1 : tensor<1x64xi32>
      %43 = tt.addptr %21, %42 : tensor<1x64x!tt.ptr<f16>>, tensor<1x64xi32>
      %44 = tt.broadcast %43 : tensor<1x64x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
      %45 = tt.addptr %44, %23 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      %46 = tt.load %45 : tensor<64x64x!tt.ptr<f16>>
      %47 = tt.dot %17, %46, %cst_3, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %48 = arith.mulf %47, %24 : tensor<128x64xf32>
      %49 = tt.broadcast %41 : tensor<1x64xi32> -> tensor<128x64xi32>
      %50 = arith.cmpi sge, %25, %49 : tensor<128x64xi32>
      %51 = arith.select %50, %48, %cst_0 : tensor<128x64xi1>, tensor<128x64xf32>
      %52 = "tt.reduce"(%51) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %74 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %74 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %53 = arith.maxnumf %arg8, %52 : tensor<128xf32>
      %54 = tt.expand_dims %53 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %55 = tt.broadcast %54 : tensor<128x1xf32> -> tensor<128x64xf32>
      %56 = arith.subf %51, %55 : tensor<128x64xf32>
      %57 = math.exp %56 : tensor<128x64xf32>
      %58 = arith.subf %arg8, %53 : tensor<128xf32>
      %59 = math.exp %58 : tensor<128xf32>
      %60 = arith.mulf %arg6, %59 : tensor<128xf32>
      %61 = "tt.reduce"(%57) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %74 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %74 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %62 = arith.addf %60, %61 : tensor<128xf32>
      %63 = tt.expand_dims %40 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %64 = arith.muli %63, %cst : tensor<64x1xi32>
      %65 = tt.addptr %27, %64 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
      %66 = tt.broadcast %65 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
      %67 = tt.addptr %66, %28 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      %68 = tt.load %67 : tensor<64x64x!tt.ptr<f16>>
      %69 = tt.expand_dims %59 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %70 = tt.broadcast %69 : tensor<128x1xf32> -> tensor<128x64xf32>
      %71 = arith.mulf %arg7, %70 : tensor<128x64xf32>
      %72 = arith.truncf %57 : tensor<128x64xf32> to tensor<128x64xf16>
      %73 = tt.dot %72, %68, %71, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      scf.yield %62, %73, %53 : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
    }
    %30 = tt.addptr %arg3, %2 : !tt.ptr<f16>, i32
    %31 = tt.splat %30 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %32 = tt.addptr %31, %10 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %33 = tt.broadcast %32 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %34 = tt.addptr %33, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %35 = tt.expand_dims %29#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %36 = tt.broadcast %35 : tensor<128x1xf32> -> tensor<128x64xf32>
    %37 = arith.divf %29#1, %36 : tensor<128x64xf32>
    %38 = arith.truncf %37 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %34, %38 : tensor<128x64x!tt.ptr<f16>>
    tt.return
  }
}

