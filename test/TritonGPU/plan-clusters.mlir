// tritongpu-plan-clusters: blocks of kernels with a warp-group dot loop in
// 2-block clusters, only where the launcher says the grid's x extent is even
// and two or more blocks fit on a multiprocessor (228 KiB on sm_90, 1 KiB
// kept per block).
// RUN: triton-opt %s -split-input-file -tritongpu-plan-clusters="grid-x-multiple=2 remarks=true" -verify-diagnostics | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-plan-clusters="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=UNKNOWN

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.cluster-dim-x" = 2 : i32
// CHECK-SAME: "ttg.cluster-dim-y" = 1 : i32
// CHECK-SAME: "ttg.cluster-dim-z" = 1 : i32
// CHECK-SAME: "ttg.grid-x-multiple" = 2 : i32
// UNKNOWN: remark: blocks not grouped: the grid's x extent is not known to be a multiple of 2 (grid-x-multiple = 1)
// expected-remark @+1 {{blocks grouped in clusters of 2 along x}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90"} {
  tt.func public @dot_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// The module's own ttg.grid-x-multiple is the launcher's word too (with the
// option's: multiple of 2 and of 4 is multiple of 4).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.cluster-dim-x" = 2 : i32
// CHECK-SAME: "ttg.grid-x-multiple" = 4 : i32
// UNKNOWN: remark: blocks grouped in clusters of 2 along x
// expected-remark @+1 {{blocks grouped in clusters of 2 along x}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90", "ttg.grid-x-multiple" = 4 : i32} {
  tt.func public @dot_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A warp-group dot outside any loop: nothing to gain.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK-SAME: "ttg.grid-x-multiple" = 2 : i32
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @no_loop
// expected-remark @+1 {{blocks not grouped: no warp-group dot in a loop}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @no_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Before sm_90 there are no clusters.
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @ampere
// expected-remark @+1 {{blocks not grouped: clusters need sm_90 or later}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @ampere() {
    tt.return
  }
}

// -----

// A program split over several blocks (num-ctas) is not regrouped.
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @split
// expected-remark @+1 {{blocks not grouped: a program spans several blocks (ttg.num-ctas)}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32, ttg.target = "cuda:90"} {
  tt.func public @split() {
    tt.return
  }
}

// -----

// A cluster shape the module already has is kept as it is.
// CHECK-LABEL: module attributes
// CHECK-SAME: "ttg.cluster-dim-x" = 1 : i32
// CHECK-SAME: "ttg.cluster-dim-y" = 2 : i32
// CHECK: tt.func public @kept
// expected-remark @+1 {{blocks not regrouped: the module already says its cluster shape}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.cluster-dim-x" = 1 : i32, "ttg.cluster-dim-y" = 2 : i32} {
  tt.func public @kept() {
    tt.return
  }
}

// -----

// One block per multiprocessor (147456 bytes, what the 128x256x64 matmul
// uses): nothing measured to gain.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @dot_loop
// expected-remark @+1 {{blocks not grouped: 1 block per multiprocessor (147456 bytes of shared memory), nothing to gain}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.shared" = 147456 : i32, ttg.target = "cuda:90"} {
  tt.func public @dot_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// The pipeliner's ttg.max-ctas-per-sm = 1 counts too (the launch then asks
// for shared memory for one block).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @dot_loop
// expected-remark @+1 {{blocks not grouped: 1 block per multiprocessor (65536 bytes of shared memory), nothing to gain}}
module attributes {"ttg.max-ctas-per-sm" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90"} {
  tt.func public @dot_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Before allocate-shared-memory the pass cannot tell.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @dot_loop
// expected-remark @+1 {{blocks not grouped: shared memory not allocated yet (run allocate-shared-memory first)}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @dot_loop(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A dot whose A operand comes from registers (attention's second dot, fed
// by the first): single blocks, as measured.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-NOT: ttg.cluster-dim
// CHECK: tt.func public @chained_dot_loop
// expected-remark @+1 {{blocks not grouped: a warp-group dot in the loop takes its A operand from registers (a chained dot, as in attention), where clusters do not gain}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90"} {
  tt.func public @chained_dot_loop(%p: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %p, %b, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
