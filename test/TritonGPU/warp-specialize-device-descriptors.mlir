// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=4" | FileCheck %s
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --num-stages=4 --target=cuda:90 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A loop marked warp_specialize over descriptors the kernel makes
// (tl.make_tensor_descriptor before the loop, as tutorial 06 does on Hopper
// with warp_specialize=True): the producer is handed the descriptors' base
// pointers, shapes and strides, not the descriptors, and makes each again
// itself, so that the threads issuing the copies write, release and acquire
// the tensor maps (in their own 128 bytes of global scratch). The output's
// descriptor stays with the default warps.

module {
  tt.func public @matmul_ws_device(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32},
                                   %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32},
                                   %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %c128 = arith.constant 128 : i32
    %c256 = arith.constant 256 : i32
    %c64 = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %Kl = arith.extsi %K : i32 to i64
    %Nl = arith.extsi %N : i32 to i64
    %a_desc = tt.make_tensor_descriptor %a_ptr, [%M, %K], [%Kl, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16>>
    %b_desc = tt.make_tensor_descriptor %b_ptr, [%K, %N], [%Nl, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x256xf16>>
    %c_desc = tt.make_tensor_descriptor %c_ptr, [%M, %N], [%Nl, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x256xf16>>
    %om = arith.muli %pid_m, %c128 : i32
    %on = arith.muli %pid_n, %c256 : i32
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
      %a = tt.descriptor_load %a_desc[%om, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      %b = tt.descriptor_load %b_desc[%k, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16>
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    } {tt.warp_specialize}
    %c = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
    tt.descriptor_store %c_desc[%om, %on], %c : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16>
    tt.return
  }
}

// CHECK-LABEL: tt.func public @matmul_ws_device
// Before the loop only the output's map is made.
// CHECK: %[[CMAP:.*]] = ttg.global_scratch_alloc
// CHECK-NEXT: ttng.tensormap_create %[[CMAP]], %arg2,
// CHECK: %[[CD:.*]] = ttng.reinterpret_tensor_descriptor %[[CMAP]]
// CHECK-NOT: tensormap_create
// CHECK: ttg.warp_specialize(%arg5, %arg0, %arg3, {{[^,]*}}, {{[^,]*}}, %arg1, %arg4,
// CHECK: default {
// CHECK-NOT: tensormap_create
// CHECK: ttng.warp_group_dot
// CHECK: partition0(%[[PK:[^:]*]]: i32, %[[PAP:[^:]*]]: !tt.ptr<f16>, %[[PM:[^:]*]]: i32, %[[PAS:[^:]*]]: i64, %{{[^:]*}}: i32, %[[PBP:[^:]*]]: !tt.ptr<f16>, %[[PN:[^:]*]]: i32, %[[PBS:[^:]*]]: i64,
// CHECK-NOT: !tt.tensordesc
// CHECK-SAME: num_warps(4) {
// CHECK: %[[AMAP:.*]] = ttg.global_scratch_alloc
// CHECK-NEXT: ttng.tensormap_create %[[AMAP]], %[[PAP]], [%c64_i32{{[_0-9]*}}, %c128_i32{{[_0-9]*}}], [%[[PK]], %[[PM]]]
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[AMAP]]
// CHECK-NEXT: %[[AD:.*]] = ttng.reinterpret_tensor_descriptor %[[AMAP]]
// CHECK: %[[BMAP:.*]] = ttg.global_scratch_alloc
// CHECK-NEXT: ttng.tensormap_create %[[BMAP]], %[[PBP]], [%c64_i32{{[_0-9]*}}, %c64_i32{{[_0-9]*}}], [%[[PN]], %[[PK]]]
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[BMAP]]
// CHECK-NEXT: %[[BD:.*]] = ttng.reinterpret_tensor_descriptor %[[BMAP]]
// CHECK: scf.for
// CHECK: ttng.async_tma_copy_global_to_local %[[AD]]
// CHECK: ttng.async_tma_copy_global_to_local %[[BD]]
// CHECK: ttg.warp_return
// CHECK: ttng.async_tma_copy_local_to_global %[[CD]]

// The producer warps (after their setmaxnreg.dec) write both maps through
// shared memory, release and acquire them, then copy.
// PTX: .reqntid 384, 1, 1
// PTX: setmaxnreg.dec.sync.aligned.u32 40;
// PTX: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// PTX: fence.proxy.tensormap::generic.acquire.gpu
// PTX: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// PTX: fence.proxy.tensormap::generic.acquire.gpu
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: setmaxnreg.inc.sync.aligned.u32 232;
// Three maps: the producer's two and the output's.
// META: "global_scratch_size": 384
