// f16 accumulators on tensor cores (tl.dot(..., out_dtype=tl.float16)):
// - wgmma (cuda:90) accumulates in f16, two elements per 32-bit register
//   ("=r" operands of the inline PTX); the pipelined loop carries those
//   words (the block argument is a struct of i32), so no register an async
//   wgmma still writes is repacked, and ptxas injects no warpgroup.wait
//   inside the loop;
// - mma.sync (cuda:80) takes and returns the accumulator as f16 pairs.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=3 target=cuda:90" | FileCheck %s --check-prefix=WGMMA
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=3 target=cuda:80" | FileCheck %s --check-prefix=MMAV2
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=3 target=cuda:90" | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty %}
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=3 target=cuda:80" | triton-translate --triton-to-ptx -o %t80.ptx && %ptxas -arch=sm_80 %t80.ptx -o /dev/null %}

// WGMMA: llvm.br ^bb1({{.*}}!llvm.struct<(i32, i32,
// WGMMA: ^bb1({{.*}}: !llvm.struct<(i32, i32,
// WGMMA: nvvm.wgmma.fence.aligned
// WGMMA-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {{.*}}"=r,=r,
// WGMMA: nvvm.wgmma.commit.group.sync.aligned
// WGMMA: nvvm.wgmma.wait.group.sync.aligned 1
// WGMMA: wgmma.wait_group.sync.aligned 0

// MMAV2-COUNT-64: nvvm.mma.sync {{.*}} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// MMAV2-NOT: nvvm.mma.sync

// PTXAS-NOT: injected

module {
  tt.func public @mm(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %c128_i32 = arith.constant 128 : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %4 = tt.splat %2 : i32 -> tensor<128xi32>
    %5 = arith.addi %4, %3 : tensor<128xi32>
    %c128_i32_0 = arith.constant 128 : i32
    %6 = arith.muli %1, %c128_i32_0 : i32
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %8 = tt.splat %6 : i32 -> tensor<128xi32>
    %9 = arith.addi %8, %7 : tensor<128xi32>
    %10 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %11 = tt.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %12 = tt.splat %arg5 : i32 -> tensor<128x1xi32>
    %13 = arith.muli %11, %12 : tensor<128x1xi32>
    %14 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %15 = tt.addptr %14, %13 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %16 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %17 = tt.broadcast %15 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x32x!tt.ptr<f16>>
    %18 = tt.broadcast %16 : tensor<1x32xi32> -> tensor<128x32xi32>
    %19 = tt.addptr %17, %18 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
    %20 = tt.expand_dims %10 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %21 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
    %22 = arith.muli %20, %21 : tensor<32x1xi32>
    %23 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %24 = tt.addptr %23, %22 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %25 = tt.expand_dims %9 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %26 = tt.broadcast %24 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x128x!tt.ptr<f16>>
    %27 = tt.broadcast %25 : tensor<1x128xi32> -> tensor<32x128xi32>
    %28 = tt.addptr %26, %27 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %29:3 = scf.for %arg6 = %c0_i32 to %arg5 step %c32_i32 iter_args(%arg7 = %cst, %arg8 = %19, %arg9 = %28) -> (tensor<128x128xf16>, tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>)  : i32 {
      %39 = tt.load %arg8 : tensor<128x32x!tt.ptr<f16>>
      %40 = tt.load %arg9 : tensor<32x128x!tt.ptr<f16>>
      %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf16>
      %41 = tt.dot %39, %40, %cst_1, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf16>
      %42 = arith.addf %arg7, %41 : tensor<128x128xf16>
      %c32_i32_2 = arith.constant 32 : i32
      %43 = tt.splat %c32_i32_2 : i32 -> tensor<128x32xi32>
      %44 = tt.addptr %arg8, %43 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
      %c32_i32_3 = arith.constant 32 : i32
      %45 = arith.muli %c32_i32_3, %arg4 : i32
      %46 = tt.splat %45 : i32 -> tensor<32x128xi32>
      %47 = tt.addptr %arg9, %46 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
      scf.yield %42, %44, %47 : tensor<128x128xf16>, tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>
    }
    %30 = tt.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %31 = tt.splat %arg4 : i32 -> tensor<128x1xi32>
    %32 = arith.muli %30, %31 : tensor<128x1xi32>
    %33 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %34 = tt.addptr %33, %32 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %35 = tt.expand_dims %9 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %36 = tt.broadcast %34 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
    %37 = tt.broadcast %35 : tensor<1x128xi32> -> tensor<128x128xi32>
    %38 = tt.addptr %36, %37 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
    tt.store %38, %29#0 : tensor<128x128x!tt.ptr<f16>>
    tt.return
  }
}
