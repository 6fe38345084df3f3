// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// ttg.warp_specialize lowered: 4 default warps and partitions of 2 and 1
// warps (7 in all, 224 threads). The partitions' warps leave the entry for
// the worker loop; the default warps store the captures (%p, %n and %x,
// which partition1 uses without capturing it: the allocator adds it) and
// the dispatch word 0 (thread 0 does), and meet them at barrier 1 (the
// whole block). partition0 starts at warp 4 and partition1 at warp 6: their
// thread ids count from there, and their bar.sync are barriers 2 and 3 with
// 64 and 32 threads; the default region's counts 128 threads (barrier 15).
// The default region's result leaves through the block after the second
// meeting. Before returning, thread 0 stores -1 and all meet once more.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK: module attributes {{{.*}}"ttg.total-num-warps" = 7 : i32
  // CHECK-LABEL: llvm.func @ws(
  // CHECK-SAME: nvvm.reqntid = array<i32: 224, 1, 1>
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32)
  // CHECK: %[[W:.*]] = llvm.icmp "uge" %[[TID]], %[[C128]]
  // CHECK: llvm.cond_br %[[W]], ^[[WORKER:bb[0-9]+]], ^[[BODY:bb[0-9]+]]
  // Default side: thread 0 stores the captures in 8-byte slots, then the
  // dispatch word.
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b64 [$1], $2;"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [$1], $2;"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [$1], $2;"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [$1], $2;"
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK: llvm.br ^[[AFTER:bb[0-9]+]](%{{.*}} : i32)
  // CHECK: ^[[AFTER]](%{{.*}}: i32):
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [$1], $2;"
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: llvm.return
  // Workers: wait for a dispatch, read the word, switch.
  // CHECK: ^[[WORKER]]:
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
  // CHECK: %[[STATE:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: llvm.switch %[[STATE]] : i32, ^[[EXIT:bb[0-9]+]] [
  // CHECK-NEXT: 0: ^[[DISPATCH:bb[0-9]+]]
  // CHECK: ^[[EXIT]]:
  // CHECK-NEXT: llvm.return
  // Partition0's thread ids count from warp 4 (thread 128).
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK-NEXT: %[[OFF:.*]] = llvm.mlir.constant(128 : i32)
  // CHECK-NEXT: llvm.sub %{{.*}}, %[[OFF]]
  tt.func public @ws(%p: !tt.ptr<i32>, %n: i32, %x: i32, %out: !tt.ptr<i32>) {
    %r = ttg.warp_specialize(%p, %n)
    default {
      %c = arith.addi %n, %n : i32
      gpu.barrier
      ttg.warp_yield %c : i32
    }
    partition0(%a: !tt.ptr<i32>, %b: i32) num_warps(2) {
      %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>
      %ptrs = tt.splat %a : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>
      %addr = tt.addptr %ptrs, %range : tensor<64x!tt.ptr<i32>, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>, tensor<64xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>
      tt.store %addr, %range : tensor<64x!tt.ptr<i32>, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>
      gpu.barrier
      ttg.warp_return
    }
    partition1(%a: !tt.ptr<i32>, %b: i32) num_warps(1) {
      %s = arith.addi %b, %x : i32
      tt.store %a, %s : !tt.ptr<i32>
      gpu.barrier
      ttg.warp_return
    } : (!tt.ptr<i32>, i32) -> i32
    tt.store %out, %r : !tt.ptr<i32>
    tt.return
  }
}

// Barriers: the default region's counts the 4 default warps, partition0's
// is barrier 2 (64 threads), partition1's barrier 3 (32 threads). Barrier 1,
// which all warps reach at different instructions, is the unaligned
// barrier.sync (bar.sync is barrier.sync.aligned).
// RUN: triton-opt %s --tritongpu-to-llvm-pipeline -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not='bar.sync 0;' --implicit-check-not='bar.sync 1;' --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// PTX: .reqntid 224, 1, 1
// PTX-DAG: bar.sync 15, 128;
// PTX-DAG: bar.sync 2, 64;
// PTX-DAG: bar.sync 3, 32;
// PTX-DAG: barrier.sync 1;

