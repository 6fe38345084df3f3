// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3 automatic-warp-specialization=0" | FileCheck %s --check-prefix=OFF
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=FOUR
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=8 target=cuda:90 num-stages=3" --mlir-print-debuginfo | triton-translate --triton-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A matmul marked `tl.range(..., warp_specialize=True)` whose K tiles are
// masked and whose pointers are loop-carried (advanced by tt.addptr): the
// producer carries its own pointer tensors, from initial values made again
// in its layouts, and computes the masks; cp.async zero-fills the masked
// elements. Matmul loops are specialized only when marked (the corpus
// matmuls ran 0.64-0.94x marked, session 35).

// The loop's layouts (8 warps along M) and the producer's: the same
// elements per thread and lanes, 4 warps.
// CHECK-DAG: #[[A8:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[B8:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[A4:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @mm
// CHECK: ttg.warp_specialize(
// CHECK: partition0(
// CHECK: %[[A0:.*]] = tt.addptr %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[A4]]>
// CHECK: %[[B0:.*]] = tt.addptr %{{.*}} : tensor<64x128x!tt.ptr<f16>, #[[B4]]>
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]]) -> (i32, tensor<128x64x!tt.ptr<f16>, {{.*}}>, tensor<64x128x!tt.ptr<f16>, {{.*}}>)
// CHECK: %[[MA:.*]] = tt.broadcast %{{.*}} : tensor<1x64xi1, {{.*}}> -> tensor<128x64xi1
// CHECK: %[[MB:.*]] = tt.broadcast %{{.*}} : tensor<64x1xi1, {{.*}}> -> tensor<64x128xi1
// CHECK: ttg.async_copy_global_to_local %[[A]], %{{.*}} mask %[[MA]] {contiguity = 8 : i32}
// CHECK: ttg.async_copy_global_to_local %[[B]], %{{.*}} mask %[[MB]] {contiguity = 8 : i32}
// CHECK: ttng.async_copy_mbarrier_arrive %{{.*}} {noIncrement}

// OFF-LABEL: tt.func public @mm
// OFF: ttg.warp_specialize(
// FOUR-LABEL: tt.func public @mm
// FOUR: ttg.warp_specialize(

// PTX-LABEL: .entry mm(
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64

module {
  tt.func public @mm(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x128xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %4 = tt.splat %2 : i32 -> tensor<128xi32>
    %5 = arith.addi %4, %3 : tensor<128xi32>
    %6 = arith.muli %1, %c128_i32 : i32
    %7 = tt.splat %6 : i32 -> tensor<128xi32>
    %8 = arith.addi %7, %3 : tensor<128xi32>
    %9 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %10 = tt.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %11 = tt.splat %arg5 : i32 -> tensor<128x1xi32>
    %12 = arith.muli %10, %11 : tensor<128x1xi32>
    %13 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %14 = tt.addptr %13, %12 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %15 = tt.expand_dims %9 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %16 = tt.broadcast %14 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %17 = tt.broadcast %15 : tensor<1x64xi32> -> tensor<128x64xi32>
    %18 = tt.addptr %16, %17 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %19 = tt.expand_dims %9 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %20 = tt.splat %arg4 : i32 -> tensor<64x1xi32>
    %21 = arith.muli %19, %20 : tensor<64x1xi32>
    %22 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %23 = tt.addptr %22, %21 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %24 = tt.expand_dims %8 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %25 = tt.broadcast %23 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x128x!tt.ptr<f16>>
    %26 = tt.broadcast %24 : tensor<1x128xi32> -> tensor<64x128xi32>
    %27 = tt.addptr %25, %26 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
    %28 = arith.muli %arg4, %c64_i32 : i32
    %29 = tt.splat %28 : i32 -> tensor<64x128xi32>
    %30:3 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst_2, %arg8 = %18, %arg9 = %27) -> (tensor<128x128xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>)  : i32 {
      %39 = arith.subi %arg5, %arg6 : i32
      %40 = tt.splat %39 : i32 -> tensor<1x64xi32>
      %41 = arith.cmpi slt, %15, %40 : tensor<1x64xi32>
      %42 = tt.broadcast %41 : tensor<1x64xi1> -> tensor<128x64xi1>
      %43 = tt.load %arg8, %42, %cst_1 : tensor<128x64x!tt.ptr<f16>>
      %44 = tt.splat %39 : i32 -> tensor<64x1xi32>
      %45 = arith.cmpi slt, %19, %44 : tensor<64x1xi32>
      %46 = tt.broadcast %45 : tensor<64x1xi1> -> tensor<64x128xi1>
      %47 = tt.load %arg9, %46, %cst_0 : tensor<64x128x!tt.ptr<f16>>
      %48 = tt.dot %43, %47, %arg7, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %49 = tt.addptr %arg8, %cst : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %50 = tt.addptr %arg9, %29 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      scf.yield %48, %49, %50 : tensor<128x128xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>
    } {tt.warp_specialize}
    %31 = tt.splat %arg4 : i32 -> tensor<128x1xi32>
    %32 = arith.muli %10, %31 : tensor<128x1xi32>
    %33 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %34 = tt.addptr %33, %32 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %35 = tt.broadcast %34 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
    %36 = tt.broadcast %24 : tensor<1x128xi32> -> tensor<128x128xi32>
    %37 = tt.addptr %35, %36 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
    %38 = arith.truncf %30#0 : tensor<128x128xf32> to tensor<128x128xf16>
    tt.store %37, %38 : tensor<128x128x!tt.ptr<f16>>
    tt.return
  }
}

