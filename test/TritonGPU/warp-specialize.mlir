// RUN: triton-opt %s -split-input-file --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=4" | FileCheck %s
// RUN: triton-opt %s -split-input-file --triton-to-tritongpu-pipeline="num-warps=8 target=cuda:90 num-stages=4" --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --num-stages=4 --target=cuda:90 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A matmul over tensor descriptors whose loop upstream's frontend marks
// `tl.range(..., warp_specialize=True)` (a unit attribute). On sm_90 the
// loop becomes a ttg.warp_specialize: partition0 (one warp group) waits for
// a free slot ("empty", its phase flipped so the first round passes), arms
// the slot's "full" mbarrier with both tiles' bytes and issues the TMA
// copies; the default warps wait on "full", keep the wgmma in flight and,
// once the previous one completed, release its slot (every one of the 256
// consumer threads arrives on "empty"). 384 threads: the producer drops to
// 40 registers, the consumers take 232.

module {
  tt.func public @matmul_ws(%a_desc: !tt.tensordesc<tensor<128x64xf16>>, %a_s0: i32, %a_s1: i32, %a_st0: i64, %a_st1: i64,
                            %b_desc: !tt.tensordesc<tensor<64x256xf16>>, %b_s0: i32, %b_s1: i32, %b_st0: i64, %b_st1: i64,
                            %c_desc: !tt.tensordesc<tensor<128x256xf16>>, %c_s0: i32, %c_s1: i32, %c_st0: i64, %c_st1: i64,
                            %K: i32) {
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %c128 = arith.constant 128 : i32
    %c256 = arith.constant 256 : i32
    %c64 = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
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

// CHECK-LABEL: tt.func public @matmul_ws
// CHECK: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<4x1xi64
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 1 :
// CHECK: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<4x1xi64
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 256 :
// CHECK: %[[RA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #{{.*}}, #smem, mutable>
// CHECK: %[[RB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<4x64x256xf16, #{{.*}}, #smem, mutable>
// CHECK: %[[WS:.*]] = ttg.warp_specialize(%arg15, %arg0, %{{.*}}, %arg5, %{{.*}}, %[[FULL]], %[[EMPTY]], %[[RA]], %[[RB]]) attributes {actualRegisters = array<i32: 232, 40>}
// CHECK-NEXT: default {
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %cst, %[[N:[^ ]*]] = %c0_i32)
// CHECK: %[[SLOT:.*]] = arith.remui %[[N]], %c4_i32
// CHECK: %[[PH:.*]] = arith.andi
// CHECK: %[[FB:.*]] = ttg.memdesc_index %[[FULL]][%[[SLOT]]]
// CHECK-NEXT: ttng.wait_barrier %[[FB]], %[[PH]]
// CHECK: %[[TA:.*]] = ttg.memdesc_index %[[RA]][%[[SLOT]]]
// CHECK: %[[TB:.*]] = ttg.memdesc_index %[[RB]][%[[SLOT]]]
// CHECK-NOT: fence_async_shared
// CHECK: ttng.warp_group_dot %[[TA]], %[[TB]], %[[ACC]] {isAsync = true}
// CHECK-NEXT: ttng.warp_group_dot_wait {pendings = 1 : i32}
// The previous iteration's slot, released from the second iteration on.
// CHECK: %[[PREV:.*]] = arith.remui
// CHECK: %[[STARTED:.*]] = arith.cmpi ugt, %[[N]], %c0_i32
// CHECK: %[[EB:.*]] = ttg.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT: ttng.arrive_barrier %[[EB]], 1, %[[STARTED]]
// CHECK: %[[DONE:.*]] = ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
// CHECK-NEXT: ttg.warp_yield %[[DONE]]
// CHECK: partition0(%[[K:[^:]*]]: i32, %[[AD:[^:]*]]: !tt.tensordesc<tensor<128x64xf16>>, %[[OM:[^:]*]]: i32, %[[BD:[^:]*]]: !tt.tensordesc<tensor<64x256xf16>>, %[[ON:[^:]*]]: i32, %[[PF:[^:]*]]: !ttg.memdesc<4x1xi64{{.*}}, %[[PE:[^:]*]]: !ttg.memdesc<4x1xi64{{.*}}, %[[PA:[^:]*]]: !ttg.memdesc<4x128x64xf16{{.*}}, %[[PB:[^:]*]]: !ttg.memdesc<4x64x256xf16{{.*}}) num_warps(4) {
// CHECK: scf.for %[[KK:[^ ]*]] = %c0_i32{{[_0-9]*}} to %[[K]] step %c64_i32{{[_0-9]*}} iter_args(%[[M:[^ ]*]] = %c0_i32{{[_0-9]*}})
// CHECK: %[[PSLOT:.*]] = arith.remui %[[M]], %c4_i32
// CHECK: %[[FLIP:.*]] = arith.xori
// CHECK: %[[PEB:.*]] = ttg.memdesc_index %[[PE]][%[[PSLOT]]]
// CHECK-NEXT: ttng.wait_barrier %[[PEB]], %[[FLIP]]
// CHECK: %[[PFB:.*]] = ttg.memdesc_index %[[PF]][%[[PSLOT]]]
// CHECK-NEXT: ttng.barrier_expect %[[PFB]], 49152
// CHECK: ttng.async_tma_copy_global_to_local %[[AD]][%[[OM]], %[[KK]]] %{{.*}}, %[[PFB]]
// CHECK: ttng.async_tma_copy_global_to_local %[[BD]][%[[KK]], %[[ON]]] %{{.*}}, %[[PFB]]
// CHECK: ttg.warp_return
// CHECK: ttng.inval_barrier
// CHECK: ttg.local_dealloc %[[RA]]
// CHECK: ttng.async_tma_copy_local_to_global

// The kernel runs on 12 warps: warps 8-11 go from the entry to the worker
// loop, which waits at barrier 1 (all 384 threads; the unaligned
// barrier.sync, as the warps reach it at different instructions) for a
// dispatch word and runs partition0 on warps 8-11 with the captures loaded
// from shared memory;
// inside it thread ids count from warp 8. Default thread 0 stores the
// captures and the word, the default warps meet the workers at barrier 1,
// and again after the loop; before returning thread 0 stores -1 (exit).
// LLVM: module attributes {{{.*}}"ttg.total-num-warps" = 12 : i32
// LLVM: llvm.func @matmul_ws({{.*}} nvvm.reqntid = array<i32: 384, 1, 1>
// LLVM: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// LLVM: %[[ISW:.*]] = llvm.icmp "uge" %[[TID]], %{{.*}} : i32
// LLVM: llvm.cond_br %[[ISW]], ^[[WORKER:bb[0-9]+]], ^[[BODY:bb[0-9]+]]
// LLVM: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [$1], $2;"
// LLVM: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// LLVM: nvvm.setmaxregister increase 232
// LLVM: ^[[WORKER]]:
// LLVM: llvm.switch
// LLVM: nvvm.setmaxregister decrease 40
// LLVM: nvvm.setmaxregister increase 168

// PTX: .reqntid 384, 1, 1
// PTX: setmaxnreg.inc.sync.aligned.u32 168;
// PTX: barrier.sync 1;
// PTX: setmaxnreg.dec.sync.aligned.u32 40;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// The default warps' own barriers count their 256 threads (barrier 15).
// PTX: bar.sync 15, 256;
// PTX: barrier.sync 1;
// PTX-NEXT: setmaxnreg.inc.sync.aligned.u32 232;
// PTX: wgmma.mma_async
// PTX: setmaxnreg.dec.sync.aligned.u32 168;
// PTX-NEXT: barrier.sync 1;
// The launcher starts 12 warps.
// META: "num_warps": 12
