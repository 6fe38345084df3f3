// Rules that involve tensor shapes and encodings (layouts), checked with
// placeholder encodings before the TritonGPU dialect defines real ones.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

tt.func @dynamic_shape(%x: f32) {
  // expected-error @+1 {{result 'tensor<?xf32>' must have a static shape}}
  %0 = tt.splat %x : f32 -> tensor<?xf32>
  tt.return
}

// -----

tt.func @addptr_encodings(%p: tensor<4x!tt.ptr<f32>, 1 : i32>, %o: tensor<4xi32, 2 : i32>) {
  // expected-error @+1 {{requires the same encoding for all operands and results}}
  %0 = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>, 1 : i32>, tensor<4xi32, 2 : i32>
  tt.return
}

// -----

tt.func @reduce_operand_encodings(%x: tensor<4xf32, 1 : i32>, %y: tensor<4xi32, 2 : i32>) {
  // expected-error @+1 {{requires the same encoding for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tt.reduce.return %a, %ai : f32, i32
  }) : (tensor<4xf32, 1 : i32>, tensor<4xi32, 2 : i32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @splat_encoding(%x: f32) {
  // A splat result may carry any encoding.
  %0 = tt.splat %x : f32 -> tensor<4xf32, 1 : i32>
  tt.return
}

// -----

// A shape op whose result encoding must be inferred needs the encoding's
// dialect to implement the layout-inference interface; the builtin dialect
// does not.
tt.func @expand_dims_unknown_layout(%x: tensor<4xf32, 1 : i32>) {
  // expected-error @+2 {{cannot infer how encoding 1 : i32 carries through this op: its dialect 'builtin' has no layout-inference interface}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32, 1 : i32> -> tensor<1x4xf32, 1 : i32>
  tt.return
}

// -----

tt.func @trans_unknown_layout(%x: tensor<4x8xf32, 1 : i32>) {
  // expected-error @+1 {{cannot infer how encoding 1 : i32 carries through this op}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32, 1 : i32> -> tensor<8x4xf32, 1 : i32>
  tt.return
}

// -----

tt.func @join_unknown_layout(%x: tensor<4xf32, 1 : i32>) {
  // expected-error @+1 {{cannot infer how encoding 1 : i32 carries through this op}}
  %0 = tt.join %x, %x : tensor<4xf32, 1 : i32> -> tensor<4x2xf32, 1 : i32>
  tt.return
}

// -----

tt.func @split_unknown_layout(%x: tensor<4x2xf32, 1 : i32>) {
  // expected-error @+1 {{cannot infer how encoding 1 : i32 carries through this op}}
  %0, %1 = tt.split %x : tensor<4x2xf32, 1 : i32> -> tensor<4xf32, 1 : i32>
  tt.return
}

// -----

tt.func @reduce_unknown_layout(%x: tensor<4x4xf32, 1 : i32>) {
  // expected-error @+2 {{cannot infer how encoding 1 : i32 carries through this op}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x4xf32, 1 : i32>) -> tensor<4xf32, 1 : i32>
  tt.return
}
