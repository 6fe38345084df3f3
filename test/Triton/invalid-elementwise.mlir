// Verifier rules of the elementwise ops: casts, clampf, extern calls,
// inline asm and map_elementwise.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

tt.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{source and result element widths differ: 'f32' is 32 bits, 'i16' is 16}}
  %0 = tt.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  tt.return
}

// -----

tt.func @bitcast_ptr_float(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cannot bitcast between a pointer and a float}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> f64
  tt.return
}

// -----

tt.func @bitcast_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = tt.bitcast %x : tensor<4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @fp_to_fp_narrowing(%x: tensor<4xf32>) {
  // expected-error @+1 {{narrowing conversion from 'f32' to 'f16' needs a rounding mode}}
  %0 = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @fp_to_fp_widening(%x: tensor<4xf16>) {
  // expected-error @+1 {{widening conversion from 'f16' to 'f32' is exact and takes no rounding mode}}
  %0 = tt.fp_to_fp %x, rounding = rtne : tensor<4xf16> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @fp_to_fp_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be floating-point or ranked tensor of floating-point values}}
  %0 = tt.fp_to_fp %x : tensor<4xi32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @int_to_ptr_i32(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values}}
  %0 = tt.int_to_ptr %x : tensor<4xi32> -> tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @clampf_types(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "tt.clampf"(%x, %y, %x) <{propagateNan = 0 : i32}> : (tensor<4xf32>, tensor<4xf16>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @clampf_nan_mode(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'propagateNan' [none, all]}}
  %0 = tt.clampf %x, %x, %x, propagateNan = some : tensor<4xf32>
  tt.return
}

// -----

tt.func @mulhiui_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be integer or ranked tensor of integer values}}
  %0 = tt.mulhiui %x, %x : tensor<4xf32>
  tt.return
}

// -----

tt.func @extern_symbol(%x: tensor<4xf32>) {
  // expected-error @+1 {{needs a non-empty symbol}}
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = ""} : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @extern_shapes(%x: tensor<4xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @asm_pack_zero(%x: tensor<4xi32>) {
  // expected-error @+1 {{packed_element must be at least 1, got 0}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @asm_pack_multiple(%x: tensor<4xi32>) {
  // expected-error @+1 {{tensor of 4 elements is not a multiple of packed_element 3}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @map_pack_zero(%x: tensor<4xf32>) {
  // expected-error @+1 {{pack must be at least 1, got 0}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_arg_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{region takes 1 arguments but needs 2 (pack 2 for each of 1 operands)}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_arg_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{region argument 0 has type 'f16' but operand 0 holds 'f32'}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f16):
    tt.map_elementwise.return %a : f16
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_return_count(%x: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{returns 2 values but the op needs 1}}
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_return_type(%x: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %b = arith.truncf %a : f32 to f16
    // expected-error @+1 {{value 0 has type 'f16' but result 0 holds 'f32'}}
    tt.map_elementwise.return %b : f16
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @asm_shapes(%x: tensor<4xi32>, %y: tensor<8xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x, %y : tensor<4xi32>, tensor<8xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @map_pack_multiple(%x: tensor<4xf32>) {
  // expected-error @+1 {{tensor of 4 elements is not a multiple of pack 8}}
  %0 = "tt.map_elementwise"(%x) <{pack = 8 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32, %e: f32, %f: f32, %g: f32, %h: f32):
    tt.map_elementwise.return %a, %b, %c, %d, %e, %f, %g, %h : f32, f32, f32, f32, f32, f32, f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_no_operand() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    tt.map_elementwise.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @map_no_body(%x: tensor<4xf32>) {
  // expected-error @+1 {{needs a region body}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}
