// tritongpu-F32DotTC: a tf32x3 dot becomes three tf32 dots over the
// operands split into a tf32-exact high part (low 13 mantissa bits cleared)
// and the remainder, accumulated small terms first; other dots stay.
// RUN: triton-opt %s --tritongpu-F32DotTC | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tf32x3
  // CHECK-DAG: %[[M:.*]] = arith.constant dense<-8192> : tensor<64x32xi32, #ttg.dot_op<{opIdx = 0
  // CHECK-DAG: %[[ABITS:.*]] = arith.bitcast %arg0 : tensor<64x32xf32, {{.*}}> to tensor<64x32xi32
  // CHECK-DAG: %[[AHI:.*]] = arith.andi %[[ABITS]], %[[M]]
  // CHECK-DAG: %[[ABIG:.*]] = arith.bitcast %[[AHI]] : tensor<64x32xi32, {{.*}}> to tensor<64x32xf32
  // CHECK-DAG: %[[ASMALL:.*]] = arith.subf %arg0, %[[ABIG]]
  // CHECK-DAG: %[[BSMALL:.*]] = arith.subf %arg1, %[[BBIG:[^ ]*]]
  // CHECK: %[[D1:.*]] = tt.dot %[[ASMALL]], %[[BBIG]], %arg2, inputPrecision = tf32
  // CHECK: %[[D2:.*]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
  // CHECK: %[[D3:.*]] = tt.dot %[[ABIG]], %[[BBIG]], %[[D2]], inputPrecision = tf32
  // CHECK: tt.return %[[D3]]
  tt.func @tf32x3(%x: tensor<64x32xf32, #a>, %y: tensor<32x64xf32, #b>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %x, %y, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  // CHECK-LABEL: tt.func @ieee
  // CHECK-NEXT: tt.dot %arg0, %arg1, %arg2 :
  // CHECK-NEXT: tt.return
  tt.func @ieee(%x: tensor<64x32xf32, #a>, %y: tensor<32x64xf32, #b>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %x, %y, %c : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
