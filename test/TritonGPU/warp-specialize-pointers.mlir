// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3 automatic-warp-specialization=0" | FileCheck %s --check-prefix=OFF
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=FOUR
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=8 target=cuda:90 num-stages=3" --mlir-print-debuginfo | triton-translate --triton-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// Warp specialization of loops whose tiles arrive through pointer loads
// (cp.async): the producer warp group computes the pointers and masks
// itself, in the loop's blocked layouts over its own 4 warps (the tensors
// from before the loop they start from made again in the partition; only
// scalars and buffers are captured), copies its part of each tile and
// arrives on the slot's "full" mbarrier once its copies completed
// (`async_copy_mbarrier_arrive {noIncrement}`: the barrier expects the
// producer's 128 threads, no bytes). The consumers wait on "full" as for
// TMA. Pointers that move by the same number of elements in every element
// per iteration are made once at the loop's lower bound and offset by a
// scalar in the loop: the copies of a thread then take one address and
// immediate offsets. The IR and PTX survive the text round trip with locations (the
// partitions' barriers are the intrinsic, not nvvm.barrier, whose printed
// form with a location MLIR 22 does not parse back).
//
// bench/attention_ab.py's pointer attention (head dim 64, 128-row Q
// tiles, K tiles of 64x128 and V tiles of 128x64), not marked: with 8 warps
// and three slots it is specialized automatically (measured 1-18 % faster
// than the pipelined loop on an H200, session 35); with 4 warps (one
// consumer warp group: 26 % slower) or with the choice off it stays
// pipelined. warp-specialize-pointers-matmul.mlir has carried pointers
// and masks.

// CHECK-DAG: #[[P1:.*]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[P2:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @attn
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 128 :
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 256 :
// CHECK: ttg.warp_specialize(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) attributes {actualRegisters = array<i32: 216, 72>}
// CHECK: default {
// CHECK-NOT: tt.load
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot
// CHECK: ttng.warp_group_dot
// CHECK: ttng.arrive_barrier %{{.*}}, 1, %{{.*}}
// CHECK: partition0(%{{.*}}: !tt.ptr<f16>, %{{.*}}: !tt.ptr<f16>, %{{.*}}: !ttg.memdesc<3x1xi64, {{.*}}>, %{{.*}}: !ttg.memdesc<3x1xi64, {{.*}}>, %{{.*}}: !ttg.memdesc<3x64x128xf16, {{.*}}>, %{{.*}}: !ttg.memdesc<3x128x64xf16, {{.*}}>) num_warps(4) {
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[P2]]}>>
// CHECK: tt.splat %{{.*}} : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #[[P2]]>
// The pointers at the lower bound, before the loop; in it, the offset of
// the iteration (D = 64 elements a unit of the induction variable).
// CHECK: %[[K0:.*]] = tt.addptr %{{.*}} : tensor<64x128x!tt.ptr<f16>, #[[P1]]>, tensor<64x128xi32, #[[P1]]>
// CHECK: %[[V0:.*]] = tt.addptr %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[P2]]>, tensor<128x64xi32, #[[P2]]>
// CHECK: scf.for %[[IV:[^ ]*]] =
// CHECK: ttng.wait_barrier
// CHECK-NOT: ttng.barrier_expect
// CHECK: %[[S:.*]] = arith.extsi %[[IV]] : i32 to i64
// CHECK: %[[DELTA:.*]] = arith.muli %[[S]], %c64_i64
// CHECK: %[[SPLAT:.*]] = tt.splat %[[DELTA]] : i64 -> tensor<64x128xi64, #[[P1]]>
// CHECK: %[[K:.*]] = tt.addptr %[[K0]], %[[SPLAT]]
// CHECK: ttg.async_copy_global_to_local %[[K]], %{{.*}} {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #[[P1]]>
// CHECK: tt.addptr %[[V0]], %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[P2]]>, tensor<128x64xi64, #[[P2]]>
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #[[P2]]>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %{{.*}} {noIncrement}
// CHECK-NOT: ttg.async_commit_group
// CHECK: ttg.warp_return

// OFF-NOT: ttg.warp_specialize(
// FOUR-NOT: ttg.warp_specialize(

// PTX-LABEL: .entry attn(
// PTX: setmaxnreg.dec.sync.aligned.u32 72;
// PTX-NOT: bar.sync
// PTX: cp.async.cg.shared.global [%r[[SA:[0-9]+]]], [%rd[[GA:[0-9]+]]], 16;
// PTX-NEXT: cp.async.cg.shared.global [%r[[SA]]+{{[0-9]+}}], [%rd[[GA]]+{{[0-9]+}}], 16;
// PTX-NOT: bar.sync
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64
// PTX: setmaxnreg.inc.sync.aligned.u32 216;

module {
  tt.func public @attn(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
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
    %22 = tt.splat %arg4 : f32 -> tensor<128x128xf32>
    %23 = tt.addptr %arg2, %2 : !tt.ptr<f16>, i32
    %24 = tt.splat %23 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %25:3 = scf.for %arg5 = %c0_i32 to %c1024_i32 step %c128_i32 iter_args(%arg6 = %cst_3, %arg7 = %cst_2, %arg8 = %cst_4) -> (tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>)  : i32 {
      %35 = tt.splat %arg5 : i32 -> tensor<128xi32>
      %36 = arith.addi %35, %4 : tensor<128xi32>
      %37 = tt.expand_dims %36 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %38 = arith.muli %37, %cst : tensor<1x128xi32>
      %39 = tt.addptr %19, %38 : tensor<1x128x!tt.ptr<f16>>, tensor<1x128xi32>
      %40 = tt.broadcast %39 : tensor<1x128x!tt.ptr<f16>> -> tensor<64x128x!tt.ptr<f16>>
      %41 = tt.addptr %40, %21 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      %42 = tt.load %41 : tensor<64x128x!tt.ptr<f16>>
      %43 = tt.dot %17, %42, %cst_1, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %44 = arith.mulf %43, %22 : tensor<128x128xf32>
      %45 = "tt.reduce"(%44) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %67 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %67 : f32
      }) : (tensor<128x128xf32>) -> tensor<128xf32>
      %46 = arith.maxnumf %arg8, %45 : tensor<128xf32>
      %47 = tt.expand_dims %46 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %48 = tt.broadcast %47 : tensor<128x1xf32> -> tensor<128x128xf32>
      %49 = arith.subf %44, %48 : tensor<128x128xf32>
      %50 = math.exp2 %49 : tensor<128x128xf32>
      %51 = arith.subf %arg8, %46 : tensor<128xf32>
      %52 = math.exp2 %51 : tensor<128xf32>
      %53 = arith.mulf %arg6, %52 : tensor<128xf32>
      %54 = "tt.reduce"(%50) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %67 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %67 : f32
      }) : (tensor<128x128xf32>) -> tensor<128xf32>
      %55 = arith.addf %53, %54 : tensor<128xf32>
      %56 = tt.expand_dims %36 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %57 = arith.muli %56, %cst_0 : tensor<128x1xi32>
      %58 = tt.addptr %24, %57 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
      %59 = tt.broadcast %58 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
      %60 = tt.addptr %59, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %61 = tt.load %60 : tensor<128x64x!tt.ptr<f16>>
      %62 = tt.expand_dims %52 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %63 = tt.broadcast %62 : tensor<128x1xf32> -> tensor<128x64xf32>
      %64 = arith.mulf %arg7, %63 : tensor<128x64xf32>
      %65 = arith.truncf %50 : tensor<128x128xf32> to tensor<128x128xf16>
      %66 = tt.dot %65, %61, %64, inputPrecision = tf32 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
      scf.yield %55, %66, %46 : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
    }
    %26 = tt.addptr %arg3, %2 : !tt.ptr<f16>, i32
    %27 = tt.splat %26 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %28 = tt.addptr %27, %10 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %29 = tt.broadcast %28 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %30 = tt.addptr %29, %15 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %31 = tt.expand_dims %25#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %32 = tt.broadcast %31 : tensor<128x1xf32> -> tensor<128x64xf32>
    %33 = arith.divf %25#1, %32 : tensor<128x64xf32>
    %34 = arith.truncf %33 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %30, %34 : tensor<128x64x!tt.ptr<f16>>
    tt.return
  }
}

