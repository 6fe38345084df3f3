// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=ALLOC
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=2" | FileCheck %s --check-prefix=TWO
// RUN: sed 's/ {tt.warp_specialize}//' %s | triton-opt --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=AUTO
// RUN: sed -e 's/      scf.yield %%46, %%54, %%37 :/      %%55 = arith.addf %%54, %%arg23 : tensor<128x64xf32>\n      scf.yield %%46, %%55, %%37 :/' %s | triton-opt --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=3" | FileCheck %s --check-prefix=SHARED
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --num-stages=3 --target=cuda:90 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// The causal attention loop of bench/attention_ab.py (--variants
// hostdesc_ws, head dim 64, 128x64 tiles), as our frontend emits it. Its
// consumer loop issues P @ V of iteration j - 1 right after Q K^T of j,
// waits for Q K^T only ({pendings = 1}), runs the softmax while P @ V is in
// flight, then waits for it and frees its slot. The accumulator is carried
// as P @ V left it, with the iteration's alpha, and rescaled in the next
// iteration after its Q K^T is issued (and before the last P @ V after the
// loop). Q's buffer is made once, before the prologue, and the one proxy
// fence follows it: the ring slots are written by TMA, so the loop has no
// fence at all; the first iteration's Q K^T and softmax come before the loop and the last
// P @ V after it, both under the loop's trip test (the causal bound is not a
// constant). With two ring slots the loop stays synchronous (the producer
// could not run ahead).

// CHECK-LABEL: tt.func public @attn_host_desc_body
// CHECK: ttg.warp_specialize(
// CHECK: ttg.local_alloc %{{.*}} : (tensor<128x64xf16
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NOT: ttng.fence_async_shared
// CHECK: [[RUNS:%.*]] = arith.cmpi sgt, %{{.*}}, %c0_i32
// CHECK: scf.if [[RUNS]]
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16
// CHECK: math.exp2
// CHECK: } else {
// CHECK-NOT: ttng.fence_async_shared
// CHECK: scf.for %{{.*}} = %c64_i32 to
// CHECK-NOT: ttng.fence_async_shared
// CHECK: ttng.wait_barrier
// CHECK-NOT: ttng.fence_async_shared
// CHECK: [[S:%.*]] = ttng.warp_group_dot {{.*}}isAsync = true{{.*}} : !ttg.memdesc<128x64xf16
// CHECK: [[AB:%.*]] = tt.expand_dims [[ALPHA:%arg[0-9]+]] {axis = 1 : i32}
// CHECK: [[AF:%.*]] = tt.broadcast [[AB]]
// CHECK: [[A:%.*]] = arith.mulf [[ACC:%arg[0-9]+]], [[AF]]
// CHECK: [[D:%.*]] = ttng.warp_group_dot {{.*}}, [[A]] {{{.*}}isAsync = true{{.*}} : tensor<128x64xf16, #ttg.dot_op
// CHECK: ttng.warp_group_dot_wait [[S]] {pendings = 1 : i32}
// CHECK-NOT: ttng.fence_async_shared
// CHECK: math.exp2
// CHECK-NOT: ttng.fence_async_shared
// CHECK: [[DONE:%.*]] = ttng.warp_group_dot_wait [[D]] {pendings = 0 : i32}
// CHECK-NOT: arith.mulf [[DONE]]
// CHECK: ttng.arrive_barrier
// CHECK: scf.yield [[DONE]],
// CHECK: } {tt.warp_specialize}
// CHECK-NOT: ttng.fence_async_shared
// CHECK: scf.if [[RUNS]]
// CHECK: tt.expand_dims
// CHECK: tt.broadcast
// CHECK: arith.mulf
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op
// CHECK: ttng.arrive_barrier
// CHECK: ttg.warp_yield
// CHECK: partition0

// Q is stored to shared memory once, before the prologue, for both.
// ALLOC: ttg.warp_specialize(
// ALLOC: ttg.local_alloc %{{.*}} : (tensor<128x64xf16
// ALLOC-NOT: ttg.local_alloc %
// ALLOC: partition0

// Not marked, its 64x64 P @ V tiles keep it pipelined (slower specialized).
// AUTO-NOT: ttg.warp_specialize(

// The accumulator also used outside the rescale (acc * alpha + P V + acc):
// not attention's chain, the loop stays synchronous.
// SHARED: ttg.warp_specialize(
// SHARED-NOT: isAsync
// SHARED: partition0

// TWO: ttg.warp_specialize(
// TWO-NOT: isAsync
// TWO: partition0

// In the PTX the causal mask, guarded by triton-guard-tile-masks, is a
// branch after Q K^T's wait, and the block with the softmax is placed
// before the loop's header: it ends waiting for P @ V (no wgmma wait
// before that in it), and Q K^T is waited for with P @ V in flight.
// PTX: ex2.approx
// PTX-NOT: wgmma.wait_group
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: wgmma.wait_group.sync.aligned 1;

module {
  tt.func public @attn_host_desc_body(%arg0: !tt.tensordesc<tensor<128x64xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x64xf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.tensordesc<tensor<64x64xf16>>, %arg11: i32, %arg12: i32, %arg13: i64, %arg14: i64, %arg15: !tt.tensordesc<tensor<128x64xf16>>, %arg16: i32, %arg17: i32, %arg18: i64, %arg19: i64, %arg20: f32) attributes {noinline = false} {
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
    %9 = tt.descriptor_load %arg0[%8, %c0_i32] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
    %cst = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_3 = arith.constant 1.44269502 : f32
    %10 = arith.mulf %arg20, %cst_3 : f32
    %c1_i32 = arith.constant 1 : i32
    %11 = arith.addi %0, %c1_i32 : i32
    %c128_i32_4 = arith.constant 128 : i32
    %12 = arith.muli %11, %c128_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %13:3 = scf.for %arg21 = %c0_i32_5 to %12 step %c64_i32 iter_args(%arg22 = %cst_1, %arg23 = %cst_2, %arg24 = %cst) -> (tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>)  : i32 {
      %20 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %21 = tt.splat %arg21 : i32 -> tensor<64xi32>
      %22 = arith.addi %21, %20 : tensor<64xi32>
      %23 = arith.addi %2, %arg21 : i32
      %c0_i32_8 = arith.constant 0 : i32
      %24 = tt.descriptor_load %arg5[%23, %c0_i32_8] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %25 = tt.trans %24 {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_9 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %26 = tt.dot %9, %25, %cst_9, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %27 = tt.splat %10 : f32 -> tensor<128x64xf32>
      %28 = arith.mulf %26, %27 : tensor<128x64xf32>
      %29 = tt.expand_dims %6 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %30 = tt.expand_dims %22 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %31 = tt.broadcast %29 : tensor<128x1xi32> -> tensor<128x64xi32>
      %32 = tt.broadcast %30 : tensor<1x64xi32> -> tensor<128x64xi32>
      %33 = arith.cmpi sge, %31, %32 : tensor<128x64xi32>
      %cst_10 = arith.constant 0xFF800000 : f32
      %34 = tt.splat %cst_10 : f32 -> tensor<128x64xf32>
      %35 = arith.select %33, %28, %34 : tensor<128x64xi1>, tensor<128x64xf32>
      %36 = "tt.reduce"(%35) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %55 = arith.maxnumf %arg25, %arg26 : f32
        tt.reduce.return %55 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %37 = arith.maxnumf %arg24, %36 : tensor<128xf32>
      %38 = tt.expand_dims %37 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %39 = tt.broadcast %38 : tensor<128x1xf32> -> tensor<128x64xf32>
      %40 = arith.subf %35, %39 : tensor<128x64xf32>
      %41 = math.exp2 %40 : tensor<128x64xf32>
      %42 = arith.subf %arg24, %37 : tensor<128xf32>
      %43 = math.exp2 %42 : tensor<128xf32>
      %44 = arith.mulf %arg22, %43 : tensor<128xf32>
      %45 = "tt.reduce"(%41) <{axis = 1 : i32}> ({
      ^bb0(%arg25: f32, %arg26: f32):
        %55 = arith.addf %arg25, %arg26 : f32
        tt.reduce.return %55 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %46 = arith.addf %44, %45 : tensor<128xf32>
      %47 = arith.addi %2, %arg21 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %48 = tt.descriptor_load %arg10[%47, %c0_i32_11] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %49 = tt.expand_dims %43 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %50 = tt.broadcast %49 : tensor<128x1xf32> -> tensor<128x64xf32>
      %51 = arith.mulf %arg23, %50 : tensor<128x64xf32>
      %52 = arith.truncf %41 : tensor<128x64xf32> to tensor<128x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %53 = tt.dot %52, %48, %cst_12, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %54 = arith.addf %51, %53 : tensor<128x64xf32>
      scf.yield %46, %54, %37 : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
    } {tt.warp_specialize}
    %c128_i32_6 = arith.constant 128 : i32
    %14 = arith.muli %0, %c128_i32_6 : i32
    %15 = arith.addi %2, %14 : i32
    %16 = tt.expand_dims %13#0 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %17 = tt.broadcast %16 : tensor<128x1xf32> -> tensor<128x64xf32>
    %18 = arith.divf %13#1, %17 : tensor<128x64xf32>
    %19 = arith.truncf %18 : tensor<128x64xf32> to tensor<128x64xf16>
    %c0_i32_7 = arith.constant 0 : i32
    tt.descriptor_store %arg15[%15, %c0_i32_7], %19 : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
    tt.return
  }
}


