// fp8 matmuls with two warps (tutorial 03's small configs: no warp group
// for wgmma).
//
// On sm_89 (and sm_12x) they take mma.sync m16n8k32 e5m2, whose operands
// are four bytes to a 32-bit register, as ldmatrix loads them.
// tritongpu-prefetch carries the next iteration's operands through the
// loop; the loop carries them as those words (the block arguments are
// structs of i32, not of i8), so no byte is taken out of its word and put
// back every iteration: the PTX has no `prmt` or `cvt.u16.u32` (each
// iteration had 240 of them). The row strides carry the divisibility
// upstream's JIT specializes multiples of 16 with (tutorial 03's sizes);
// without it a row may start anywhere and no copy is wider than a byte.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=5 target=cuda:89" | FileCheck %s
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=5 target=cuda:89" | triton-translate --triton-to-ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=5 target=cuda:89" | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_89 %t.ptx -o /dev/null %}
//
// On sm_90, as upstream, the operands are widened to f16 for m16n8k16
// (fp8 mma.sync results differ there: accelerate-matmul says why). As in
// upstream's TTGIR, they keep kWidth = 4 and are converted into the
// dot-operand layout before they are widened, so cp.async pipelines the
// fp8 values and ldmatrix reads them four to a word; the f16 mma.sync takes
// kWidth = 4 operands (two instructions per 32 of K, K permuted alike in A
// and B).
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=2 num-ctas=1 num-stages=5 target=cuda:90" | FileCheck %s --check-prefix=SM90
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=5 target=cuda:90" | triton-translate --triton-to-ptx -o - | FileCheck %s --check-prefix=PTX90
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=5 target=cuda:90" | triton-translate --triton-to-ptx -o %t90.ptx && %ptxas -arch=sm_90a %t90.ptx -o /dev/null %}

// CHECK: llvm.br ^bb1({{.*}}, !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>, !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>)
// CHECK: ^bb1({{.*}}: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>, %{{.*}}: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>):
// CHECK-NOT: !llvm.struct<(i8,

// PTX-NOT: prmt
// PTX-NOT: cvt.u16.u32
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-8: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// PTX-NOT: prmt
// PTX-NOT: cvt.u16.u32

// SM90: scf.for
// SM90-DAG: ttg.async_copy_global_to_local {{.*}} -> <32x32xf8E5M2,
// SM90-DAG: ttg.async_copy_global_to_local {{.*}} -> <32x64xf8E5M2,
// SM90-DAG: %[[B8:.*]] = ttg.local_load {{.*}} -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// SM90-DAG: %[[B:.*]] = tt.fp_to_fp %[[B8]] : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// SM90-DAG: %[[A8:.*]] = ttg.local_load {{.*}} -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// SM90-DAG: %[[A:.*]] = tt.fp_to_fp %[[A8]] : {{.*}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// SM90: tt.dot %[[A]], %[[B]]
// SM90: scf.yield

// PTX90: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX90: cvt.rn.f16x2.e5m2x2
// PTX90-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX90-NOT: mma.sync

module {
  tt.func public @mm8(%arg0: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %4 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
    %5 = arith.muli %3, %4 : tensor<32x1xi32>
    %6 = tt.splat %arg0 : !tt.ptr<f8E5M2> -> tensor<32x1x!tt.ptr<f8E5M2>>
    %7 = tt.addptr %6, %5 : tensor<32x1x!tt.ptr<f8E5M2>>, tensor<32x1xi32>
    %8 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %9 = tt.broadcast %7 : tensor<32x1x!tt.ptr<f8E5M2>> -> tensor<32x32x!tt.ptr<f8E5M2>>
    %10 = tt.broadcast %8 : tensor<1x32xi32> -> tensor<32x32xi32>
    %11 = tt.addptr %9, %10 : tensor<32x32x!tt.ptr<f8E5M2>>, tensor<32x32xi32>
    %12 = tt.expand_dims %2 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %13 = tt.splat %arg1 : !tt.ptr<f8E5M2> -> tensor<32x1x!tt.ptr<f8E5M2>>
    %14 = tt.addptr %13, %12 : tensor<32x1x!tt.ptr<f8E5M2>>, tensor<32x1xi32>
    %15 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %16 = tt.splat %arg5 : i32 -> tensor<1x64xi32>
    %17 = arith.muli %15, %16 : tensor<1x64xi32>
    %18 = tt.broadcast %14 : tensor<32x1x!tt.ptr<f8E5M2>> -> tensor<32x64x!tt.ptr<f8E5M2>>
    %19 = tt.broadcast %17 : tensor<1x64xi32> -> tensor<32x64xi32>
    %20 = tt.addptr %18, %19 : tensor<32x64x!tt.ptr<f8E5M2>>, tensor<32x64xi32>
    %21 = arith.constant dense<0.0> : tensor<32x64xf32>
    %22 = arith.constant 32 : i32
    %23 = arith.addi %arg3, %22 : i32
    %24 = arith.constant -1 : i32
    %25 = arith.addi %23, %24 : i32
    %26 = arith.constant 32 : i32
    %27 = arith.divsi %25, %26 : i32
    %28 = arith.constant 0 : i32
    %29 = arith.constant 1 : i32
    %43:3 = scf.for %33 = %28 to %27 step %29 iter_args(%30 = %21, %31 = %11, %32 = %20) -> (tensor<32x64xf32>, tensor<32x32x!tt.ptr<f8E5M2>>, tensor<32x64x!tt.ptr<f8E5M2>>)  : i32 {
      %34 = tt.load %31 : tensor<32x32x!tt.ptr<f8E5M2>>
      %35 = tt.load %32 : tensor<32x64x!tt.ptr<f8E5M2>>
      %36 = tt.dot %34, %35, %30, inputPrecision = tf32 : tensor<32x32xf8E5M2> * tensor<32x64xf8E5M2> -> tensor<32x64xf32>
      %37 = arith.constant 32 : i32
      %38 = tt.splat %37 : i32 -> tensor<32x32xi32>
      %39 = tt.addptr %31, %38 : tensor<32x32x!tt.ptr<f8E5M2>>, tensor<32x32xi32>
      %40 = arith.constant 32 : i32
      %41 = tt.splat %40 : i32 -> tensor<32x64xi32>
      %42 = tt.addptr %32, %41 : tensor<32x64x!tt.ptr<f8E5M2>>, tensor<32x64xi32>
      scf.yield %36, %39, %42 : tensor<32x64xf32>, tensor<32x32x!tt.ptr<f8E5M2>>, tensor<32x64x!tt.ptr<f8E5M2>>
    }
    %44 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %45 = arith.constant 64 : i32
    %46 = tt.splat %45 : i32 -> tensor<32x1xi32>
    %47 = arith.muli %44, %46 : tensor<32x1xi32>
    %48 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %49 = tt.addptr %48, %47 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %50 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %51 = tt.broadcast %49 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x64x!tt.ptr<f16>>
    %52 = tt.broadcast %50 : tensor<1x64xi32> -> tensor<32x64xi32>
    %53 = tt.addptr %51, %52 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    %54 = arith.truncf %43#0 : tensor<32x64xf32> to tensor<32x64xf16>
    tt.store %53, %54 : tensor<32x64x!tt.ptr<f16>>
    tt.return
  }
}

