// TMA multicast end to end (triton-translate --tma-multicast, the grid's x
// extent even): a matmul loop marked warp_specialize whose B tile is the
// same for blocks 2i and 2i + 1 (its column from program id y). The PTX
// runs in 2-block clusters; the producer issues each box both alone
// (predicated on nothing being shared) and multicast to both blocks (mask
// 3, predicated on its rank: boxes r, r + 2, ... of rank r); consumer
// warps arrive on the other block's "empty" barrier through mapa with
// cluster-scope release; the cluster barrier follows the barriers' init
// fence. ptxas takes it. Without --tma-multicast, none of it.
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --num-stages=4 --target=cuda:90 --grid-x-multiple=2 --tma-multicast %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --num-stages=4 --target=cuda:90 --grid-x-multiple=2 %s -o %tplain.ptx
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %tplain.ptx

// PTX: .reqnctapercluster 2, 1, 1
// PTX: mov.u32 {{.*}}, %cluster_ctarank;
// PTX: barrier.cluster.arrive.relaxed;
// PTX-NEXT: barrier.cluster.wait;
// A's box: alone, then multicast (from rank 0).
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [
// PTX: @{{%p[0-9]+}} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK:%rs[0-9]+]];
// B's four boxes, each alone and multicast: ranks 0, 1, 0, 1.
// PTX: @[[R0:%p[0-9]+]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK]];
// PTX: @[[R1:%p[0-9]+]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK]];
// PTX: @[[R0]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK]];
// PTX: @[[R1]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK]];
// PTX: fence.mbarrier_init.release.cluster;
// PTX-NEXT: barrier.cluster.arrive;
// PTX-NEXT: barrier.cluster.wait;
// PTX: %laneid;
// PTX: mapa.shared::cluster.u32 remote,
// PTX-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [remote], 1;
// META: "cluster_dims": [2, 1, 1]
// PLAIN-NOT: multicast::cluster
// PLAIN-NOT: mapa
// PLAIN-NOT: barrier.cluster
// PLAIN-NOT: reqnctapercluster

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
