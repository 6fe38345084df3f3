// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:80 num-stages=3" | FileCheck %s --check-prefix=SM80

// A matmul over host tensor descriptors (upstream's TTIR: each descriptor
// argument followed by its shape and strides). On sm_90 the descriptors
// stay; the loop's loads become TMA copies into three-slot rings, with one
// mbarrier per slot: armed with both tiles' bytes (16 KiB + 16 KiB) by the
// copies' iteration, waited on with the phase the loop carries (flipped
// each time the read slot wraps), invalidated after the loop. The B tile's
// 128-element rows (256 bytes) are two boxes of the 128-byte swizzle; the
// lowering issues both (TMA.h). The accumulator's store is a TMA store.
// On sm_80 the descriptors become masked pointer loads, as before.

module {
  tt.func public @matmul_tma(%a_desc: !tt.tensordesc<tensor<128x64xf16>>, %a_s0: i32, %a_s1: i32, %a_st0: i64, %a_st1: i64,
                             %b_desc: !tt.tensordesc<tensor<64x128xf16>>, %b_s0: i32, %b_s1: i32, %b_st0: i64, %b_st1: i64,
                             %c_desc: !tt.tensordesc<tensor<128x128xf16>>, %c_s0: i32, %c_s1: i32, %c_st0: i64, %c_st1: i64,
                             %K: i32) {
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %c128 = arith.constant 128 : i32
    %c64 = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %om = arith.muli %pid_m, %c128 : i32
    %on = arith.muli %pid_n, %c128 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %a = tt.descriptor_load %a_desc[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      %b = tt.descriptor_load %b_desc[%k, %on] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %c = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tt.descriptor_store %c_desc[%om, %on], %c : !tt.tensordesc<tensor<128x128xf16>>, tensor<128x128xf16>
    tt.return
  }
}

// CHECK: #[[NVMMA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @matmul_tma(%arg0: !tt.tensordesc<tensor<128x64xf16>>
// CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #[[NVMMA]], #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #[[NVMMA]], #smem, mutable>
// Prologue: two iterations' copies.
// CHECK: ttng.barrier_expect %{{.*}}, 32768
// CHECK: ttng.async_tma_copy_global_to_local %arg0
// CHECK: ttng.async_tma_copy_global_to_local %arg5
// CHECK: ttng.barrier_expect %{{.*}}, 32768
// CHECK: ttng.async_tma_copy_global_to_local %arg0
// CHECK: ttng.async_tma_copy_global_to_local %arg5
// The loop carries the accumulator, the write slot (2 after the prologue),
// the read slot and the phase.
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %cst, %{{[^ ]*}} = %c2_i32, %[[READ:[^ ]*]] = %c0_i32, %[[PHASE:[^ ]*]] = %c0_i32)
// CHECK: %[[RBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[READ]]]
// CHECK-NEXT: ttng.wait_barrier %[[RBAR]], %[[PHASE]]
// CHECK: ttng.warp_group_dot {{.*}} {isAsync = true}
// CHECK: ttng.warp_group_dot_wait {pendings = 1 : i32}
// The phase flips where the read slot wraps.
// CHECK: %[[WRAP:.*]] = arith.cmpi sge, %{{.*}}, %c3_i32
// CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
// CHECK: arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]]
// CHECK: ttng.barrier_expect %{{.*}}, 32768, %[[PRED:[^ ]*]]
// CHECK: ttng.async_tma_copy_global_to_local %arg0{{.*}}, %[[PRED]]
// CHECK: ttng.async_tma_copy_global_to_local %arg5{{.*}}, %[[PRED]]
// CHECK: }
// CHECK-COUNT-3: ttng.inval_barrier
// CHECK: ttng.async_tma_copy_local_to_global %arg10
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}

// SM80-LABEL: tt.func public @matmul_tma(%arg0: !tt.ptr<f16>
// SM80-NOT: tensordesc
// SM80-NOT: ttng.async_tma
// SM80: tt.load
