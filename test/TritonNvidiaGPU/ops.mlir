// Every ttng op round-trips through its custom and generic forms.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma
  tt.func @wgmma(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>,
                 %ar: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                 %c: tensor<64x64xf32, #mma>, %use: i1) -> tensor<64x64xf32, #mma> {
    // CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    // CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %1 = ttng.warp_group_dot %ar, %b, %0, %use : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    // CHECK: ttng.warp_group_dot_wait %{{.*}}, %{{.*}} {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    %2:2 = ttng.warp_group_dot_wait %1, %b {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    // CHECK: ttng.warp_group_dot_wait {pendings = 1 : i32}{{$}}
    ttng.warp_group_dot_wait {pendings = 1 : i32}
    // CHECK: ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = false}
    tt.return %2#0 : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: tt.func @barriers_and_tma
  tt.func @barriers_and_tma(%d: !tt.tensordesc<tensor<64x64xf16>>, %k: i32, %pred: i1, %raw: !tt.ptr<i8>, %g: !tt.ptr<f16>, %s: i64) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.init_barrier %{{.*}}, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.barrier_expect %{{.*}}, 8192, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%k, %k] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.wait_barrier %{{.*}}, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %k : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.wait_barrier %{{.*}}, %{{.*}}, %{{.*}} deps %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %k, %pred deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.arrive_barrier %{{.*}}, 2, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_copy_mbarrier_arrive %{{.*}} {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_copy_mbarrier_arrive %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%k, %k] %buf : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK: ttng.inval_barrier %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_create %raw, %g, [%k, %k], [%k, %k], [%s], [%k, %k] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: ttng.tensormap_fenceproxy_acquire %{{.*}} : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %raw : !tt.ptr<i8>
    // CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    %r = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    tt.return
  }
}

// 2-block clusters: the multicast copy, the arrival on a block of the
// cluster, and the cluster barrier with the init fence.
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @clusters
  tt.func @clusters(%d: !tt.tensordesc<tensor<64x64xf16>>, %k: i32, %pred: i1, %share: i1, %rank: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.fence_mbarrier_init_release_cluster
    ttng.fence_mbarrier_init_release_cluster
    // CHECK-NEXT: ttng.cluster_arrive{{$}}
    ttng.cluster_arrive
    // CHECK-NEXT: ttng.cluster_arrive {relaxed}
    ttng.cluster_arrive {relaxed}
    // CHECK-NEXT: ttng.cluster_wait
    ttng.cluster_wait
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} multicast %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>
    ttng.async_tma_copy_global_to_local %d[%k, %k] %buf, %bar, %pred multicast %share : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.arrive_barrier %{{.*}}, 1, %{{.*}} cta %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred cta %rank : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.arrive_barrier %{{.*}}, 1 cta %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 1 cta %rank : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
