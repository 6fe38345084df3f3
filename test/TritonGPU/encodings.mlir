// Every ttg encoding in upstream's textual form round-trips; aliases are the
// ones upstream prints (#blocked, #mma, #shared, #linear, #smem); slice and
// dot_op print inline; CTA fields print only for multi-CTA layouts.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true}>
// CHECK-DAG: #shared3 = #ttg.padded_shared<[32:+4, 64:+8] {offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block = []}>
// CHECK-DAG: #shared4 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 32>
// CHECK-DAG: #smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true}>
// The short form (order, shape) is the row-major identity.
#shared3 = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>
#shared4 = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 32>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @encodings
  // CHECK-SAME: tensor<64x64xf32, #blocked>
  // CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK-SAME: tensor<128x64xf32, #blocked1>
  // CHECK-SAME: tensor<64x64xf32, #mma>
  // CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-SAME: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  // CHECK-SAME: tensor<64x64xf32, #mma1>
  // CHECK-SAME: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
  // CHECK-SAME: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  // CHECK-SAME: tensor<32x16xf32, #linear>
  // CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked2}>}>>
  tt.func @encodings(%a: tensor<64x64xf32, #blocked>, %b: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>,
                     %c: tensor<128x64xf32, #blocked1>, %d: tensor<64x64xf32, #mma>,
                     %e: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                     %f: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                     %g: tensor<64x64xf32, #mma1>,
                     %h: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>,
                     %i: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>,
                     %j: tensor<32x16xf32, #linear>,
                     %k: tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>}>}>>) {
    tt.return
  }
  // CHECK-LABEL: tt.func @memdescs
  // CHECK-SAME: !ttg.memdesc<64x64xf16, #shared, #smem>
  // CHECK-SAME: !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable>
  // CHECK-SAME: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable, 3x128x64>
  // CHECK-SAME: !ttg.memdesc<64x64xi8, #shared2, #smem>
  // CHECK-SAME: !ttg.memdesc<64x64xf16, #shared3, #smem, mutable>
  // CHECK-SAME: !ttg.memdesc<4x4xf32, #shared4, #smem>
  // CHECK-SAME: !ttg.async.token
  tt.func @memdescs(%a: !ttg.memdesc<64x64xf16, #shared, #smem>,
                    %b: !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable>,
                    %c: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable, 3x128x64>,
                    %d: !ttg.memdesc<64x64xi8, #shared2, #smem>,
                    %e: !ttg.memdesc<64x64xf16, #shared3, #smem, mutable>,
                    %f: !ttg.memdesc<4x4xf32, #shared4, #smem>,
                    %t: !ttg.async.token) {
    tt.return
  }
}
