// Verifier rules of tt.func/tt.call/tt.return, program ids, print, assert,
// and Triton's function-argument attributes.
// RUN: triton-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

tt.func @return_count() -> f32 {
  // expected-error @+1 {{has 0 operands, but enclosing function (@return_count) returns 1}}
  tt.return
}

// -----

tt.func @return_type(%x: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @return_type}}
  tt.return %x : i32
}

// -----

tt.func @call_unknown() {
  // expected-error @+1 {{'nope' does not reference a valid tt.func}}
  tt.call @nope() : () -> ()
  tt.return
}

// -----

tt.func private @g(%a: i32, %b: i32) -> i32

tt.func @call_arity(%x: i32) {
  // expected-error @+1 {{passes 1 operands but @g takes 2}}
  %0 = tt.call @g(%x) : (i32) -> i32
  tt.return
}

// -----

tt.func private @g(%a: i32) -> i32

tt.func @call_operand_type(%x: i64) {
  // expected-error @+1 {{operand 0 has type 'i64' but @g expects 'i32'}}
  %0 = tt.call @g(%x) : (i64) -> i32
  tt.return
}

// -----

tt.func private @g(%a: i32) -> i32

tt.func @call_result_count(%x: i32) {
  // expected-error @+1 {{has 0 results but @g returns 1}}
  tt.call @g(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @g(%a: i32) -> i32

tt.func @call_result_type(%x: i32) {
  // expected-error @+1 {{result 0 has type 'f32' but @g returns 'i32'}}
  %0 = tt.call @g(%x) : (i32) -> f32
  tt.return
}

// -----

func.func private @not_triton()

tt.func @call_func_func() {
  // expected-error @+1 {{'not_triton' does not reference a valid tt.func}}
  tt.call @not_triton() : () -> ()
  tt.return
}

// -----

tt.func @nested() {
  // expected-error @+1 {{expects parent op 'builtin.module'}}
  tt.func @inner() {
    tt.return
  }
  tt.return
}

// -----

// expected-error @+1 {{argument 0: 'tt.divisibility' must be a positive integer, got 0 : i32}}
tt.func @divisibility_zero(%p: !tt.ptr<f32> {tt.divisibility = 0 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{argument 1: 'tt.contiguity' must be a positive integer, got "yes"}}
tt.func @contiguity_string(%p: !tt.ptr<f32>, %x: tensor<4xi32> {tt.contiguity = "yes"}) {
  tt.return
}

// -----

// expected-error @+1 {{argument 0: 'tt.constancy' must hold positive integers, got dense<[1, 0]> : tensor<2xi32>}}
tt.func @constancy_array(%x: tensor<4x4xi32> {tt.constancy = dense<[1, 0]> : tensor<2xi32>}) {
  tt.return
}

// -----

tt.func @program_id_axis() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

tt.func @program_id_type() {
  // expected-error @+1 {{result #0 must be 32-bit signless integer}}
  %0 = tt.get_program_id x : i64
  tt.return
}

// -----

tt.func @print_signedness(%x: i32) {
  // expected-error @+1 {{isSigned has 0 entries but there are 1 arguments; give one per argument}}
  tt.print "x" {hex = false, isSigned = array<i32>} : %x : i32
  tt.return
}

// -----

tt.func @assert_condition(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values}}
  tt.assert %x, "bad" : tensor<4xi32>
  tt.return
}
