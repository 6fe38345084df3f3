// RUN: triton-opt %s --tritongpu-to-llvm-pipeline -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// The warp-specialized attention loop of bench/attention_ab.py
// (--variants hostdesc_ws, head dim 128, 128x64 tiles, 8 warps, 3 stages),
// as our TTGIR pipeline leaves it: a TMA producer warp group and two
// consumer warp groups. The Q tile is stored to shared memory before the
// consumer loop and only read in it: its barrier among the consumers
// (bar.sync 15, 256) comes once before the loop, and the loop itself waits
// only on its mbarriers, with no barrier among the warp groups (one in
// every iteration cost 6 % on an H200, session 29). The loop runs in two
// versions, chosen once by the scale (tritongpu-scale-after-max); each
// has that barrier once, before it.
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: bar.sync 15, 256;
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NOT: bar.sync
// CHECK: bra.uni {{.*}};
// CHECK-NEXT: {{^}}$L__BB{{[0-9_]+}}:
// CHECK-NEXT: .loc
// CHECK-NEXT: bar.sync 15, 256;
// CHECK-NOT: bar.sync
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16
// CHECK-NOT: bar.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NOT: bar.sync
// CHECK: setmaxnreg.dec.sync.aligned.u32 168;

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attn_host_desc_body(%arg0: !tt.tensordesc<tensor<128x128xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.tensordesc<tensor<64x128xf16>>, %arg11: i32, %arg12: i32, %arg13: i64, %arg14: i64, %arg15: !tt.tensordesc<tensor<128x128xf16>>, %arg16: i32, %arg17: i32, %arg18: i64, %arg19: i64, %arg20: f32) attributes {noinline = false} {
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c64_i32 = arith.constant 64 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_2 = arith.constant 1.44269502 : f32
    %cst_3 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %c4096_i32 = arith.constant 4096 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %1, %c4096_i32 : i32
    %3 = arith.muli %0, %c128_i32 : i32
    %4 = arith.addi %2, %3 : i32
    %5 = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %6 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %6, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %6, 32768, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %arg0[%4, %c0_i32] %5, %6, %true : !tt.tensordesc<tensor<128x128xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %6, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %6 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %7 = ttg.local_load %5 : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16, #blocked>
    ttg.local_dealloc %6 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.local_dealloc %5 : !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %8 = arith.mulf %arg20, %cst_2 : f32
    %9 = tt.splat %8 : f32 -> tensor<128x64xf32, #mma>
    %10 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
    %11 = ttg.memdesc_index %10[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %11, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %12 = ttg.memdesc_index %10[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %12, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %13 = ttg.memdesc_index %10[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %13, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %14 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
    %15 = ttg.memdesc_index %14[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %15, 256 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %16 = ttg.memdesc_index %14[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %16, 256 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %17 = ttg.memdesc_index %14[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.init_barrier %17, 256 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %18 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    %19 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    %20:3 = ttg.warp_specialize(%2, %arg5, %arg10, %10, %14, %18, %19) attributes {actualRegisters = array<i32: 232, 40>}
    default {
      %32 = ttg.local_alloc %7 : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
      %33:4 = scf.for %arg21 = %c0_i32 to %c4096_i32 step %c64_i32 iter_args(%arg22 = %cst_3, %arg23 = %cst, %arg24 = %cst_0, %arg25 = %c0_i32) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma>, i32)  : i32 {
        %34 = arith.remui %arg25, %c3_i32 : i32
        %35 = arith.divui %arg25, %c3_i32 : i32
        %36 = arith.andi %35, %c1_i32 : i32
        %37 = ttg.memdesc_index %10[%34] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        ttng.wait_barrier %37, %36 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        %38 = ttg.memdesc_index %18[%34] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        %39 = ttg.memdesc_trans %38 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128> -> !ttg.memdesc<128x64xf16, #shared2, #smem>
        ttng.fence_async_shared {bCluster = false}
        %40 = ttng.warp_group_dot %32, %39, %cst_1 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared2, #smem> -> tensor<128x64xf32, #mma>
        %41 = arith.mulf %40, %9 : tensor<128x64xf32, #mma>
        %42 = "tt.reduce"(%41) <{axis = 1 : i32}> ({
        ^bb0(%arg26: f32, %arg27: f32):
          %64 = arith.maxnumf %arg26, %arg27 : f32
          tt.reduce.return %64 : f32
        }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %43 = arith.maxnumf %arg22, %42 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %44 = tt.expand_dims %43 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
        %45 = tt.broadcast %44 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
        %46 = arith.subf %41, %45 : tensor<128x64xf32, #mma>
        %47 = math.exp2 %46 : tensor<128x64xf32, #mma>
        %48 = arith.subf %arg22, %43 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %49 = math.exp2 %48 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %50 = arith.mulf %arg23, %49 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %51 = "tt.reduce"(%47) <{axis = 1 : i32}> ({
        ^bb0(%arg26: f32, %arg27: f32):
          %64 = arith.addf %arg26, %arg27 : f32
          tt.reduce.return %64 : f32
        }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %52 = arith.addf %50, %51 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
        %53 = tt.expand_dims %49 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
        %54 = tt.broadcast %53 : tensor<128x1xf32, #mma> -> tensor<128x128xf32, #mma>
        %55 = arith.mulf %arg24, %54 : tensor<128x128xf32, #mma>
        %56 = arith.truncf %47 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %57 = ttg.convert_layout %55 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma1>
        %58 = ttg.convert_layout %56 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
        %59 = ttg.memdesc_index %19[%34] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        %60 = ttng.warp_group_dot %58, %59, %57 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128> -> tensor<128x128xf32, #mma1>
        %61 = ttg.convert_layout %60 : tensor<128x128xf32, #mma1> -> tensor<128x128xf32, #mma>
        %62 = arith.addi %arg25, %c1_i32 : i32
        %63 = ttg.memdesc_index %14[%34] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        ttng.arrive_barrier %63, 1, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        scf.yield %43, %52, %61, %62 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma>, i32
      } {tt.warp_specialize}
      ttg.warp_yield %33#0, %33#1, %33#2 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma>
    }
    partition0(%arg21: i32, %arg22: !tt.tensordesc<tensor<64x128xf16>>, %arg23: !tt.tensordesc<tensor<64x128xf16>>, %arg24: !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>, %arg25: !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>, %arg26: !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>, %arg27: !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>) num_warps(4) {
      %32 = scf.for %arg28 = %c0_i32 to %c4096_i32 step %c64_i32 iter_args(%arg29 = %c0_i32) -> (i32)  : i32 {
        %33 = arith.addi %arg21, %arg28 : i32
        %34 = arith.remui %arg29, %c3_i32 : i32
        %35 = arith.divui %arg29, %c3_i32 : i32
        %36 = arith.andi %35, %c1_i32 : i32
        %37 = arith.xori %36, %c1_i32 : i32
        %38 = ttg.memdesc_index %arg25[%34] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        ttng.wait_barrier %38, %37 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        %39 = ttg.memdesc_index %arg24[%34] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        ttng.barrier_expect %39, 32768, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
        %40 = ttg.memdesc_index %arg26[%34] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        ttng.async_tma_copy_global_to_local %arg22[%33, %c0_i32] %40, %39, %true : !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        %41 = ttg.memdesc_index %arg27[%34] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        ttng.async_tma_copy_global_to_local %arg23[%33, %c0_i32] %41, %39, %true : !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>
        %42 = arith.addi %arg29, %c1_i32 : i32
        scf.yield %42 : i32
      }
      ttg.warp_return
    } : (i32, !tt.tensordesc<tensor<64x128xf16>>, !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>, !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma>)
    %21 = ttg.memdesc_index %10[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %21 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %22 = ttg.memdesc_index %10[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %22 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %23 = ttg.memdesc_index %10[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %23 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %24 = ttg.memdesc_index %14[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %24 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %25 = ttg.memdesc_index %14[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %25 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    %26 = ttg.memdesc_index %14[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttng.inval_barrier %26 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 3x1>
    ttg.local_dealloc %18 : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    ttg.local_dealloc %19 : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    ttg.local_dealloc %10 : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
    ttg.local_dealloc %14 : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
    %27 = tt.expand_dims %20#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %28 = tt.broadcast %27 : tensor<128x1xf32, #mma> -> tensor<128x128xf32, #mma>
    %29 = arith.divf %20#2, %28 : tensor<128x128xf32, #mma>
    %30 = arith.truncf %29 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %31 = ttg.local_alloc %30 : (tensor<128x128xf16, #mma>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %arg15[%4, %c0_i32] %31 : !tt.tensordesc<tensor<128x128xf16>>, !ttg.memdesc<128x128xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

