// ttg.memdesc_subslice keeps its source's pointer; a local_load of the view
// XORs the origin's element offset into each register's offset (here 16
// elements, disjoint from the thread's bits: an immediate offset of 32
// bytes on the 8 x f16 vector loads).
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#b32 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @subslice
  // CHECK: llvm.store
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK-NOT: llvm.load
  tt.func public @subslice(%x: tensor<16x32xf16, #b32>) -> tensor<16x16xf16, #b> {
    %a = ttg.local_alloc %x : (tensor<16x32xf16, #b32>) -> !ttg.memdesc<16x32xf16, #plain, #smem>
    %s = ttg.memdesc_subslice %a[0, 16] : !ttg.memdesc<16x32xf16, #plain, #smem> -> !ttg.memdesc<16x16xf16, #plain, #smem, 16x32>
    %l = ttg.local_load %s : !ttg.memdesc<16x16xf16, #plain, #smem, 16x32> -> tensor<16x16xf16, #b>
    tt.return %l : tensor<16x16xf16, #b>
  }
}

// -----

// An origin that is not a multiple of the view's extent is not an XOR of
// coordinates: not lowered.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#b32 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unaligned(%x: tensor<16x32xf16, #b32>) -> tensor<16x16xf16, #b> {
    %a = ttg.local_alloc %x : (tensor<16x32xf16, #b32>) -> !ttg.memdesc<16x32xf16, #plain, #smem>
    // expected-error @+1 {{failed to legalize operation 'ttg.memdesc_subslice'}}
    %s = ttg.memdesc_subslice %a[0, 8] : !ttg.memdesc<16x32xf16, #plain, #smem> -> !ttg.memdesc<16x16xf16, #plain, #smem, 16x32>
    %l = ttg.local_load %s : !ttg.memdesc<16x16xf16, #plain, #smem, 16x32> -> tensor<16x16xf16, #b>
    tt.return %l : tensor<16x16xf16, #b>
  }
}
