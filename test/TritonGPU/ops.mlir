// Every ttg op round-trips through its custom and generic forms.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @ops
  tt.func @ops(%x: tensor<64x64xf16, #blocked>, %p: tensor<64x64x!tt.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>, %i: i32) {
    // CHECK: ttg.convert_layout %{{.*}} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %0 = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %1 = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    // CHECK: ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
    %2 = ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
    // A ring of buffers in a rank-2 swizzled layout: the layout describes
    // the trailing dimensions (the mma.sync pipeliner's rings).
    // CHECK: ttg.local_alloc : () -> !ttg.memdesc<4x64x64xf16, #shared, #smem, mutable>
    %ring = ttg.local_alloc : () -> !ttg.memdesc<4x64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.memdesc_index %{{.*}}[%{{.*}}] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64>
    %3 = ttg.memdesc_index %2[%i] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64>
    // CHECK: ttg.local_store %{{.*}}, %{{.*}} : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64>
    ttg.local_store %x, %3 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64>
    // CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked1>
    %4 = ttg.local_load %1 : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked1>
    // CHECK: ttg.memdesc_subslice %{{.*}}[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>
    %5 = ttg.memdesc_subslice %1[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>
    // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, 64x64> -> !ttg.memdesc<32x64xf16, #shared{{[0-9]+}}, #smem, 64x64>
    %6 = ttg.memdesc_trans %5 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, 64x64> -> !ttg.memdesc<32x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>, #smem, 64x64>
    // CHECK: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<4096xf16, #shared{{[0-9]+}}, #smem>
    %7 = ttg.memdesc_reshape %1 : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<4096xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem>
    // CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf32, #shared, #smem>
    %8 = ttg.memdesc_reinterpret %1 : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf32, #shared, #smem>
    // CHECK: %[[T:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} cacheModifier = cg {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable, 3x64x64>
    %9 = ttg.async_copy_global_to_local %p, %3 mask %m cacheModifier = cg {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable, 3x64x64>
    // CHECK: %[[G:.*]] = ttg.async_commit_group tokens %[[T]]
    %10 = ttg.async_commit_group tokens %9
    // CHECK: ttg.async_commit_group{{$}}
    %11 = ttg.async_commit_group
    // CHECK: ttg.async_wait %[[G]] {num = 1 : i32}
    %12 = ttg.async_wait %10 {num = 1 : i32}
    // CHECK: ttg.async_wait {num = 0 : i32}
    %13 = ttg.async_wait {num = 0 : i32}
    // CHECK: ttg.local_load %{{.*}} token %{{.*}} : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64> -> tensor<64x64xf16, #blocked>
    %14 = ttg.local_load %3 token %12 : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable, 3x64x64> -> tensor<64x64xf16, #blocked>
    // CHECK: ttg.local_dealloc %{{.*}} : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
    ttg.local_dealloc %2 : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
    // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    %15 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    tt.return
  }

  // CHECK-LABEL: tt.func @warp_specialize
  tt.func @warp_specialize(%p: !tt.ptr<f32>, %i: i32) -> i32 {
    // CHECK: %[[R:.*]] = ttg.warp_specialize(%{{.*}}, %{{.*}}) attributes {requestedRegisters = array<i32: 24, 48>}
    // CHECK-NEXT: default {
    // CHECK: ttg.warp_yield %{{.*}} : i32
    // CHECK-NEXT: }
    // CHECK-NEXT: partition0(%{{.*}}: !tt.ptr<f32>, %{{.*}}: i32) num_warps(4) {
    // CHECK: ttg.warp_return
    // CHECK-NEXT: }
    // CHECK-NEXT: partition1(%{{.*}}: !tt.ptr<f32>, %{{.*}}: i32) num_warps(1) {
    // CHECK: ttg.warp_return
    // CHECK-NEXT: } : (!tt.ptr<f32>, i32) -> i32
    %0 = ttg.warp_specialize(%p, %i) attributes {requestedRegisters = array<i32: 24, 48>}
    default {
      %c = arith.addi %i, %i : i32
      ttg.warp_yield %c : i32
    }
    partition0(%a: !tt.ptr<f32>, %b: i32) num_warps(4) {
      %f = arith.sitofp %b : i32 to f32
      tt.store %a, %f : !tt.ptr<f32>
      ttg.warp_return
    }
    partition1(%a: !tt.ptr<f32>, %b: i32) num_warps(1) {
      ttg.warp_return
    } : (!tt.ptr<f32>, i32) -> i32
    tt.return %0 : i32
  }
}
