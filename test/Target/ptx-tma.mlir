// Host tensor descriptors, TTIR to PTX on sm_90: each descriptor argument
// is a 128-byte tensor map passed by value (a 64-byte aligned .param whose
// address TMA reads); thread 0 initializes the ring's mbarriers, arms them
// and issues the bulk tensor copies (two boxes for B's 256-byte rows), every
// thread waits on the phase; the accumulator leaves by a TMA store. The
// metadata names the tensor map each argument must be (upstream's
// tensordesc_meta: 128-byte swizzle, f16, the box).
// RUN: triton-translate --ttir-to-ptx --num-warps=4 --num-stages=3 --target=cuda:90 %S/../TritonGPU/pipeline-tma.mlir -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// CHECK: .param .align 64 .b8 matmul_tma_param_0[128]
// CHECK: .param .align 64 .b8 matmul_tma_param_5[128]
// CHECK: .param .align 64 .b8 matmul_tma_param_10[128]
// CHECK-COUNT-3: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [[[BAR:%r[0-9]+]]], 32768;
// CHECK: cvta.param.u64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[BAR]]];
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: wgmma.mma_async
// CHECK: mbarrier.inval.shared::cta.b64
// CHECK: fence.proxy.async.shared::cta
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// CHECK: cp.async.bulk.commit_group
// CHECK: cp.async.bulk.wait_group.read 0

// META: "tensordesc_meta": [{"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [128, 64], "fp4_padded": false}, {"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64], "fp4_padded": false}, {"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [128, 64], "fp4_padded": false}]
