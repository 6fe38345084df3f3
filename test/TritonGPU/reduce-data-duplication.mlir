// RUN: triton-opt %s -split-input-file --tritongpu-reduce-data-duplication | FileCheck %s

// FMA operands (blocked parent): staged through shared memory without a
// swizzle, in the source's order.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[S10:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
  // CHECK-DAG: #[[S01:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
  // CHECK-LABEL: tt.func @fma_operands
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x32xf16, #{{.*}}>) -> !ttg.memdesc<128x32xf16, #[[S10]], #smem>
  // CHECK: ttg.local_load %[[A]] : !ttg.memdesc<128x32xf16, #[[S10]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}}>>
  // CHECK: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<32x128xf16, #{{.*}}>) -> !ttg.memdesc<32x128xf16, #[[S01]], #smem>
  // CHECK: ttg.local_load %[[B]]
  // CHECK: tt.dot
  tt.func @fma_operands(%x: tensor<128x32xf16, #a>, %y: tensor<32x128xf16, #b>, %acc: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %xa = ttg.convert_layout %x : tensor<128x32xf16, #a> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %yb = ttg.convert_layout %y : tensor<32x128xf16, #b> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %xa, %yb, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// Tensor-core operands: 16-byte vectors (8 x f16, 4 x f32); rows sharing a
// 128-byte bank line share a phase (64-byte f16 rows: 2; 128-byte f32 rows:
// 1); phases cycle over the line's eight 16-byte chunks.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[F16:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
  // CHECK-DAG: #[[F32:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
  // CHECK-LABEL: tt.func @mma_operands
  // CHECK: ttg.local_alloc %arg0 : (tensor<128x32xf16, #{{.*}}>) -> !ttg.memdesc<128x32xf16, #[[F16]], #smem>
  // CHECK: ttg.local_alloc %arg1 : (tensor<64x32xf32, #{{.*}}>) -> !ttg.memdesc<64x32xf32, #[[F32]], #smem>
  // CHECK-NOT: ttg.convert_layout
  tt.func @mma_operands(%x: tensor<128x32xf16, #blocked>, %y: tensor<64x32xf32, #blocked>) -> (tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>) {
    %xa = ttg.convert_layout %x : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %ya = ttg.convert_layout %y : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %xa, %ya : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// Conversions that are not into a dot operand, or that keep every element
// in its warp (one warp: lanes exchange by shuffles), are left alone.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @left_alone
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout %arg0 : tensor<32x32xf16, #{{.*}}> -> tensor<32x32xf16, #{{.*}}>
  // CHECK: ttg.convert_layout %arg0 : tensor<32x32xf16, #{{.*}}> -> tensor<32x32xf16, #ttg.dot_op
  // CHECK-NOT: ttg.local_alloc
  tt.func @left_alone(%x: tensor<32x32xf16, #a>) -> (tensor<32x32xf16, #blocked>, tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>) {
    %b = ttg.convert_layout %x : tensor<32x32xf16, #a> -> tensor<32x32xf16, #blocked>
    %d = ttg.convert_layout %x : tensor<32x32xf16, #a> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return %b, %d : tensor<32x32xf16, #blocked>, tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  }
}
