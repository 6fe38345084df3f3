// A wgmma whose accumulator is a constant zero (`tl.dot(a, b)`, attention's
// Q K^T in every iteration) starts with scale-d 0, D = A B, so its
// accumulator registers are left undefined rather than zeroed, as upstream
// lowers it; every later k-step accumulates (scale-d 1). A dot that adds a
// loaded C passes C and accumulates from the first k-step. H200, session
// 39: perf_flash_attn_fwd 645 -> 626-629 us (32 register moves less per
// iteration), exact.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=1 target=cuda:90" | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=4 num-stages=1 target=cuda:90" | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

// CHECK-DAG: %[[UNDEF:.*]] = llvm.mlir.undef : f32
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// The zero-accumulator dot: its first wgmma takes scale-d from a register
// holding 0 and undefined accumulators, its second accumulates.
// CHECK: llvm.inline_asm {{.*}}setp.ne.b32 p, $34, 0;{{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $32, $33, p, 1, 1, 0, 1;{{.*}}"=f,{{.*}},=f,l,l,r,0,1,{{.*}}" %{{.*}}, %{{.*}}, %[[ZERO]], %[[UNDEF]], %[[UNDEF]],
// CHECK-NOT: llvm.mlir.undef : f32
// CHECK: llvm.inline_asm {{.*}}setp.ne.b32 p, $66, 0;{{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $64, $65, p,{{.*}}"=f,{{.*}},=f,0,1,{{.*}}" %{{.*}} : (f32,
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// The dot that adds C: no scale-d register, C's loaded values in.
// CHECK-NOT: setp.ne.b32 p, $34, 0;
// CHECK: nvvm.wgmma.commit.group.sync.aligned

module {
  tt.func public @mm(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<64x1xi32>
    %cst_0 = arith.constant dense<64> : tensor<32x1xi32>
    %cst_1 = arith.constant dense<32> : tensor<64x1xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %3 = arith.muli %2, %cst_1 : tensor<64x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %5 = tt.addptr %4, %3 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<64x32xi32>
    %9 = tt.addptr %7, %8 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %10 = tt.load %9 : tensor<64x32x!tt.ptr<f16>>
    %11 = tt.expand_dims %1 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %12 = arith.muli %11, %cst_0 : tensor<32x1xi32>
    %13 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %14 = tt.addptr %13, %12 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %15 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %16 = tt.broadcast %14 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x64x!tt.ptr<f16>>
    %17 = tt.broadcast %15 : tensor<1x64xi32> -> tensor<32x64xi32>
    %18 = tt.addptr %16, %17 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    %19 = tt.load %18 : tensor<32x64x!tt.ptr<f16>>
    %20 = arith.muli %2, %cst : tensor<64x1xi32>
    %21 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
    %22 = tt.addptr %21, %20 : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
    %23 = tt.broadcast %22 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x64x!tt.ptr<f32>>
    %24 = tt.broadcast %15 : tensor<1x64xi32> -> tensor<64x64xi32>
    %25 = tt.addptr %23, %24 : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %26 = tt.load %25 : tensor<64x64x!tt.ptr<f32>>
    %27 = tt.dot %10, %19, %cst_2, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    tt.store %25, %27 : tensor<64x64x!tt.ptr<f32>>
    %28 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
    %29 = tt.addptr %28, %20 : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
    %30 = tt.broadcast %29 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x64x!tt.ptr<f32>>
    %31 = tt.addptr %30, %24 : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %32 = tt.dot %10, %19, %26, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    tt.store %31, %32 : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}

