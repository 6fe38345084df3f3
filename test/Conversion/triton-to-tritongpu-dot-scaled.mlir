// tt.dot_scaled decomposes into upcasts, scale multiplications and a tt.dot
// in convert-triton-to-tritongpu (no tensor core before Blackwell takes
// microscaled operands). test/Frontend/test-core-idioms.py compiles
// tl.dot_scaled kernels through the whole pipeline to PTX (wgmma) and ptxas.
// RUN: triton-opt %s --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s
module {
  // CHECK-LABEL: @fp4_lhs
  // fp4: each nibble's bits built in bf16 (0.5 = 16128 = 0x3F00 is both the
  // value for magnitude 1 and the offset of the normal ones), low nibble
  // first along K.
  // CHECK: %[[W:.*]] = arith.extui %arg0 : tensor<32x16xi8, {{.*}}> to tensor<32x16xi16
  // CHECK: %[[LO:.*]] = arith.andi %[[W]], %{{.*}} : tensor<32x16xi16
  // CHECK: %[[HI:.*]] = arith.shrui %[[W]], %{{.*}} : tensor<32x16xi16
  // CHECK: arith.muli %{{.*}}, %[[HALF:.*]] : tensor<32x16xi16
  // CHECK: arith.cmpi ule
  // CHECK: %[[LOF:.*]] = tt.bitcast %{{.*}} -> tensor<32x16xbf16
  // CHECK: %[[HIF:.*]] = tt.bitcast %{{.*}} -> tensor<32x16xbf16
  // CHECK: tt.join %[[LOF]], %[[HIF]] : tensor<32x16xbf16, {{.*}}> -> tensor<32x16x2xbf16
  // CHECK: %[[A:.*]] = tt.reshape %{{.*}} -> tensor<32x32xbf16
  // e8m0 -> bf16: the scale's bits shifted into the exponent field.
  // CHECK: arith.extui %arg1 : tensor<32x1xi8, {{.*}}> to tensor<32x1xi16
  // CHECK: arith.shli
  // CHECK: tt.bitcast %{{.*}} : tensor<32x1xi16, {{.*}}> -> tensor<32x1xbf16
  // CHECK: tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<32x1xbf16, {{.*}}> -> tensor<32x1x1xbf16
  // CHECK: tt.broadcast %{{.*}} -> tensor<32x1x32xbf16
  // CHECK: %[[S:.*]] = tt.reshape %{{.*}} -> tensor<32x32xbf16
  // CHECK: %[[P:.*]] = arith.mulf %[[A]], %[[S]] : tensor<32x32xbf16
  // A scale of 0xFF (-1 as i8) makes its 32 elements NaN.
  // CHECK: arith.cmpi eq, %arg1, %{{.*}} : tensor<32x1xi8
  // CHECK: %[[NAN:.*]] = tt.reshape %{{.*}} -> tensor<32x32xi1
  // CHECK: arith.select %[[NAN]], %{{.*}}, %[[P]] : tensor<32x32xi1, {{.*}}>, tensor<32x32xbf16
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %arg3 : tensor<32x32xbf16, #ttg.dot_op<{opIdx = 0{{.*}}> * tensor<32x32xbf16, #ttg.dot_op<{opIdx = 1{{.*}}> -> tensor<32x32xf32
  // CHECK-NOT: tt.dot_scaled
  tt.func public @fp4_lhs(%a: tensor<32x16xi8>, %s: tensor<32x1xi8>, %b: tensor<32x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x16xi8>, tensor<32x1xi8> * tensor<32x32xbf16> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }

  // CHECK-LABEL: @fp4_rhs_fast
  // An fp16 operand makes f16 the compute type: 0.5 is 14336 = 0x3800. b is
  // packed along K, its first dimension: the nibbles interleave there.
  // CHECK: arith.muli %{{.*}}, %{{.*}} : tensor<32x32xi16
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x32xf16, {{.*}}> -> tensor<32x32x2xf16
  // CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<32x32x2xf16, {{.*}}> -> tensor<32x2x32xf16
  // CHECK: tt.reshape %{{.*}} -> tensor<64x32xf16
  // e8m0 -> f16 goes through f32 (23 mantissa bits), then rounds.
  // CHECK: arith.extui %arg2 : tensor<32x2xi8, {{.*}}> to tensor<32x2xi32
  // CHECK: tt.bitcast %{{.*}} -> tensor<32x2xf32
  // CHECK: arith.truncf %{{.*}} to tensor<32x2xf16
  // b's scale is N x K/32: transposed to K/32 x N, then repeated along K.
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x2xf16, {{.*}}> -> tensor<2x32xf16
  // CHECK: tt.broadcast %{{.*}} -> tensor<2x32x32xf16
  // CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<2x32x32xf16, {{.*}}> -> tensor<2x32x32xf16
  // CHECK: tt.reshape %{{.*}} -> tensor<64x32xf16
  // fastMath: no NaN select.
  // CHECK-NOT: arith.select {{.*}}tensor<64x32xf16
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %arg3 : tensor<32x64xf16, {{.*}}> * tensor<64x32xf16
  tt.func public @fp4_rhs_fast(%a: tensor<32x64xf16>, %b: tensor<32x32xi8>, %s: tensor<32x2xi8>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = e2m1 {fastMath = true} : tensor<32x64xf16> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }

  // CHECK-LABEL: @fp8_unscaled
  // CHECK: tt.fp_to_fp %arg0 : tensor<32x32xf8E4M3FN, {{.*}}> -> tensor<32x32xbf16
  // CHECK: tt.fp_to_fp %arg1 : tensor<32x32xf8E5M2, {{.*}}> -> tensor<32x32xbf16
  // CHECK-NOT: arith.mulf
  // CHECK: tt.dot
  tt.func public @fp8_unscaled(%a: tensor<32x32xf8E4M3FN>, %b: tensor<32x32xf8E5M2>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<32x32xf8E4M3FN> * tensor<32x32xf8E5M2> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}
