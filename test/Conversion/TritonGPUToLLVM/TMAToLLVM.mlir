// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// mbarriers and TMA copies: thread 0 initializes, arms and invalidates the
// barrier and issues the copies (one per box: B's 256-byte rows are two
// 128-byte-swizzle boxes, the second 8 KiB on, at column + 64; coordinates
// innermost first); every thread waits on the phase. A tensor-descriptor
// kernel argument is a byval, grid-constant, 64-byte aligned tensor map,
// and the kernel records the map each argument must be.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @tma(
  // CHECK-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
  // CHECK-SAME: ttg.tensordesc_meta = [{block_size = array<i64: 64, 64>, elem_size = 2 : i32, elem_type = 6 : i32, swizzle = 3 : i32}]
  tt.func public @tma(%d: !tt.tensordesc<tensor<64x128xf16>>, %s0: i32, %s1: i32, %t0: i64, %t1: i64, %x: i32, %y: i32, %phase: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: nvvm.read.ptx.sreg.tid.x
    // CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r"
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 16384;", "b,r"
    ttng.barrier_expect %b, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %arg6, %arg5, %{{.*}}
    // CHECK: %[[X64:.*]] = llvm.add %arg6, %{{.*}} : i32
    // CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %[[X64]], %arg5, %{{.*}}
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %b, %p : !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    // CHECK: mbarrier.try_wait.parity.shared::cta.b64 complete, [$1], $2;
    ttng.wait_barrier %b, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> -> tensor<64x128xf16, #blocked>
    %out = ttg.local_alloc %v : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #nvmma, #smem>
    ttng.fence_async_shared {bCluster = false}
    // CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
    // CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
    // CHECK: "@$0 cp.async.bulk.commit_group;", "b"
    ttng.async_tma_copy_local_to_global %d[%x, %y] %out : !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<64x128xf16, #nvmma, #smem>
    // CHECK: "cp.async.bulk.wait_group.read 0;"
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// A tensor map made on the device: the program's slice of global scratch
// (the kernel's last argument, by program id), assembled by warp 0 in its
// 128 bytes of shared memory (dimensions innermost first, rank less one,
// strides in bytes), copied out with the tensor-map proxy release, then
// acquired.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @device_map(
  // CHECK-SAME: %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %[[SCRATCH:.*]]: !llvm.ptr<1>)
  // CHECK-SAME: ttg.global_scratch_arg
  tt.func public @device_map(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64) {
    // CHECK: nvvm.read.ptx.sreg.ctaid.x
    // CHECK: llvm.getelementptr %[[SCRATCH]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: "@$0 st.shared.b32 [$1], $2;"
    // CHECK: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$1], $2;"
    // CHECK: "@$0 tensormap.replace.tile.rank.shared::cta.b1024.b32 [$1], 1;"
    // CHECK: "@$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$1], 0, $2;", "b,r,r" %{{.*}}, %{{.*}}, %arg2
    // CHECK: "@$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$1], 1, $2;", "b,r,r" %{{.*}}, %{{.*}}, %arg1
    // CHECK: "@$0 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 0, $2;", "b,r,l" %{{.*}}, %{{.*}}, %arg3
    // CHECK: "@$0 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$1], 3;"
    // CHECK: "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$1], [$2], 128;"
    ttng.tensormap_create %p, %base, [%c64, %c64], [%n, %m], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;"
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    tt.return
  }
}

// -----

// A store of a part of the block (a subtile: 64 of the block's 128
// columns) through the descriptor's tensor map, which takes the same 64x64
// box: one copy at the part's coordinates.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @store_part(
  // CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %{{.*}}, %arg2, %arg1, %{{.*}}
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: "@$0 cp.async.bulk.commit_group;", "b"
  tt.func public @store_part(%d: !tt.tensordesc<tensor<64x128xf16>>, %x: i32, %y: i32) {
    %part = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%x, %y] %part : !tt.tensordesc<tensor<64x128xf16>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// cp.async copies tracked by an mbarrier: every thread arrives once its
// earlier copies completed, as one of the barrier's expected arrivals
// (noinc) or as an extra one.
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @copy_arrive
  tt.func public @copy_arrive() {
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 128;"
    ttng.init_barrier %b, 128 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true} : !llvm.ptr<3>
    ttng.async_copy_mbarrier_arrive %b {noIncrement} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
    ttng.async_copy_mbarrier_arrive %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}
