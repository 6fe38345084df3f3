// tritongpu-optimize-dot-operands: a local_alloc of a tt.trans stores the
// untransposed tensor, in the shared layout whose transpose is the
// original one, and views it through memdesc_trans; other allocs stay.
// RUN: triton-opt %s --tritongpu-optimize-dot-operands | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[NV:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[NVT:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
  // CHECK-DAG: #[[SW:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
  // CHECK-DAG: #[[SWT:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>

  // CHECK-LABEL: tt.func @nvmma
  tt.func @nvmma(%x: tensor<128x64xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[NV]], #smem>
    // CHECK: %[[T:.*]] = ttg.memdesc_trans %[[A]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[NV]], #smem> -> !ttg.memdesc<64x128xf16, #[[NVT]], #smem>
    // CHECK: tt.return %[[T]]
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    %a = ttg.local_alloc %t : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %a : !ttg.memdesc<64x128xf16, #shared, #smem>
  }

  // CHECK-LABEL: tt.func @swizzled
  tt.func @swizzled(%x: tensor<128x64xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared1, #smem> {
    // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[SW]], #smem>
    // CHECK: ttg.memdesc_trans %[[A]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[SW]], #smem> -> !ttg.memdesc<64x128xf16, #[[SWT]], #smem>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    %a = ttg.local_alloc %t : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    tt.return %a : !ttg.memdesc<64x128xf16, #shared1, #smem>
  }

  // CHECK-LABEL: tt.func @untouched
  tt.func @untouched(%x: tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem> {
    // CHECK-NEXT: ttg.local_alloc %arg0
    // CHECK-NEXT: tt.return
    %a = ttg.local_alloc %x : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    tt.return %a : !ttg.memdesc<64x128xf16, #shared1, #smem>
  }
}
