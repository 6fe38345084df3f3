// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 target=cuda:90 num-stages=3" | FileCheck %s

// B given as [N, K] and transposed in the kernel (tutorial 09's and 08's
// form): the wgmma reads B's ring slot through a transposed view, which is
// still the ring, so the dot is kept in flight (one async wgmma, waited to
// one pending) as for row-major B. Synchronous, tutorial 08's TMA grouped
// GEMM ran at 0.29-0.74x of upstream at N = 128-1024 (H100).

module {
  tt.func public @matmul_bt(%a_desc: !tt.tensordesc<tensor<128x128xf16>>, %a_s0: i32, %a_s1: i32, %a_st0: i64, %a_st1: i64,
                            %b_desc: !tt.tensordesc<tensor<128x128xf16>>, %b_s0: i32, %b_s1: i32, %b_st0: i64, %b_st1: i64,
                            %c_ptr: !tt.ptr<f32>, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 128 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %a = tt.descriptor_load %a_desc[%c0, %k] : !tt.tensordesc<tensor<128x128xf16>> -> tensor<128x128xf16>
      %b = tt.descriptor_load %b_desc[%c0, %k] : !tt.tensordesc<tensor<128x128xf16>> -> tensor<128x128xf16>
      %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x128xf16> -> tensor<128x128xf16>
      %d = tt.dot %a, %bt, %acc : tensor<128x128xf16> * tensor<128x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rr = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %rc = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %c128 = arith.constant dense<128> : tensor<128x1xi32>
    %row = arith.muli %rr, %c128 : tensor<128x1xi32>
    %rowb = tt.broadcast %row : tensor<128x1xi32> -> tensor<128x128xi32>
    %colb = tt.broadcast %rc : tensor<1x128xi32> -> tensor<128x128xi32>
    %off = arith.addi %rowb, %colb : tensor<128x128xi32>
    %base = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %ptrs = tt.addptr %base, %off : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %ptrs, %acc : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

// CHECK-LABEL: tt.func public @matmul_bt
// CHECK: scf.for
// CHECK: ttng.wait_barrier
// CHECK: %[[BT:.*]] = ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>}
// CHECK: ttng.warp_group_dot %{{.*}}, %[[BT]], %{{.*}} {isAsync = true}
// CHECK-NEXT: ttng.warp_group_dot_wait {pendings = 1 : i32}
// CHECK: ttng.async_tma_copy_global_to_local
