// Verifier rules of dot, dot_scaled, reduce and scan.
// RUN: triton-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

tt.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{operands must be 2-D (or 3-D with a batch dimension), got rank 1}}
  %0 = tt.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_mixed_rank(%a: tensor<2x16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a, b and the accumulator must have the same rank, got 3, 2 and 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2, 4 and 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<64x32xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{K of a (32) differs from K of b (16)}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<16x64xf16> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @dot_m(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{a has 64 rows but the accumulator has 32}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<32x64xf32>
  tt.return
}

// -----

tt.func @dot_n(%a: tensor<64x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{b has 128 columns but the accumulator has 64}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @dot_element_types(%a: tensor<16x16xf16>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b element types differ: 'f16' and 'f32' (only fp8 formats may mix)}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_fp8_mix(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x16xf8E5M2>, %c: tensor<16x16xf32>) {
  // e4m3 times e5m2 is allowed.
  %0 = tt.dot %a, %b, %c : tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_into_float(%a: tensor<16x32xi8>, %b: tensor<32x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{an integer product cannot accumulate into 'f32'}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_imprecise(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{maxNumImpreciseAcc must be non-negative, got -1}}
  %0 = tt.dot %a, %a, %c {maxNumImpreciseAcc = -1 : i32} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_result(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{failed to verify that result's type matches accumulator's type}}
  %0 = "tt.dot"(%a, %a, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @dot_precision(%a: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee, bf16x3, bf16x6]}}
  %0 = tt.dot %a, %a, %c, inputPrecision = fp64 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_fp4_storage(%a: tensor<64x32xf16>, %b: tensor<32x64xi8>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{e2m1 operand a must be stored as i8 (two values per byte), got 'f16'}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xf16> * tensor<32x64xi8> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @dot_scaled_k(%a: tensor<64x32xi8>, %b: tensor<32x64xi8>, %c: tensor<64x64xf32>) {
  // e2m1 a packs 2 values per byte along K (64); e4m3 b holds 32.
  // expected-error @+1 {{K of a (64) differs from K of b (32)}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @reduce_no_operand() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<8xf32>) {
  // expected-error @+1 {{axis 1 is out of range [0, 1)}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_result(%x: tensor<8x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_shapes(%x: tensor<8xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tt.reduce.return %a, %ai : f32, i32
  }) : (tensor<8xf32>, tensor<4xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @reduce_combiner_arity(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner takes 1 arguments but needs 2 (an accumulator and an element per operand)}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner argument 1 has type 'f16' but operand 0 holds 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_count(%x: tensor<8xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{returns 2 values but the combiner needs 1}}
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_type(%x: tensor<8xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %h = arith.truncf %a : f32 to f16
    // expected-error @+1 {{value 0 has type 'f16' but operand 0 holds 'f32'}}
    tt.reduce.return %h : f16
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_outside(%x: f32) {
  // expected-error @+1 {{expects parent op 'tt.reduce'}}
  tt.reduce.return %x : f32
}

// -----

tt.func @scan_axis(%x: tensor<8xf32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 1)}}
  %0 = "tt.scan"(%x) <{axis = 2 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @scan_combiner(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner must end with 'tt.scan.return'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    "test.terminator"(%a) : (f32) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<2x16x32xf16>, %b: tensor<2x32x16xf16>, %c: tensor<2x16x16xf32>, %c2: tensor<16x16xf32>) {
  // Batched (3-D) operands are fine, as upstream.
  %0 = tt.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 {fastMath = false} : tensor<2x16x32xf16> * tensor<2x32x16xf16> -> tensor<2x16x16xf32>
  // expected-error @+1 {{a, b and the accumulator must have the same rank, got 3, 3 and 2}}
  %1 = tt.dot_scaled %a, %b, %c2 lhs = fp16 rhs = fp16 {fastMath = false} : tensor<2x16x32xf16> * tensor<2x32x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_shape(%a: tensor<64x32xi8>, %b: tensor<64x64xbf16>, %c: tensor<64x64xf32>, %s: tensor<64x2xi8>, %t: tensor<32x2xi8>) {
  // One e8m0 scale per 32 elements of K = 64, per row of a.
  %0 = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
  // expected-error @+1 {{scale of a must be 64 x (a divisor of K = 64), got 32 x 2}}
  %1 = tt.dot_scaled %a scale %t, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8>, tensor<32x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_rank(%a: tensor<64x64xbf16>, %b: tensor<32x64xi8>, %c: tensor<64x64xf32>, %s: tensor<64xi8>) {
  // expected-error @+1 {{scale of b must have rank 2, got 1}}
  %0 = tt.dot_scaled %a, %b scale %s, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<64x64xbf16> * tensor<32x64xi8>, tensor<64xi8> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @dot_scaled_m_packed(%a: tensor<32x64xi8>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>) {
  // fp4 a packed along M (lhs_k_pack = false) stores 32 rows of K = 64 for
  // M = 64: fine.
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<32x64xi8> * tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
  // Packed along K instead, the same bytes hold K = 128.
  // expected-error @+1 {{K of a (128) differs from K of b (64)}}
  %1 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<32x64xi8> * tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
  tt.return
}

// -----

tt.func @scan_result(%x: tensor<8xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<8xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf16>
  tt.return
}
