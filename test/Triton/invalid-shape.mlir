// Every verifier rule of the shape ops (make_range, splat, unsplat,
// broadcast, expand_dims, reshape, trans, cat, join, split, gather,
// histogram) and the tensor-size rule all tt ops share.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

tt.func @range_2d() {
  // expected-error @+1 {{result must be a 1-D tensor}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<2x2xi32>
  tt.return
}

// -----

tt.func @range_i64() {
  // expected-error @+1 {{result elements must be i32, got 'i64'}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi64>
  tt.return
}

// -----

tt.func @range_empty() {
  // expected-error @+1 {{end (4) must be greater than start (4)}}
  %0 = tt.make_range {end = 4 : i32, start = 4 : i32} : tensor<1xi32>
  tt.return
}

// -----

tt.func @range_length() {
  // expected-error @+1 {{range [0, 8) has 8 elements but the result has 4}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<4xi32>
  tt.return
}

// -----

tt.func @range_not_pow2() {
  // expected-error @+1 {{has 3 elements; Triton tensors hold a power-of-two number of elements}}
  %0 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  tt.return
}

// -----

tt.func @tensor_too_big(%x: f32) {
  // expected-error @+1 {{has 2097152 elements, more than the maximum of 1048576}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @splat_of_tensor(%x: tensor<4xf32>) {
  // expected-error @+1 {{source must be a scalar, got 'tensor<4xf32>'}}
  %0 = tt.splat %x : tensor<4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @splat_element_type(%x: f32) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tt.splat %x : f32 -> tensor<4xf16>
  tt.return
}

// -----

tt.func @unsplat_many(%x: tensor<2xf32>) {
  // expected-error @+1 {{source must have exactly one element, got 'tensor<2xf32>'}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{source rank 1 differs from result rank 2; use tt.expand_dims to add dimensions}}
  %0 = tt.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{dimension 0 has size 2 in the source and 4 in the result; only size-1 dimensions broadcast}}
  %0 = tt.broadcast %x : tensor<2x1xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+2 {{'tt.expand_dims' axis 3 is out of range [0, 1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 3 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1x4xf32>' are incompatible with return type(s) of operation 'tensor<4x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @reshape_size(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{source has 16 elements but the result has 8}}
  %0 = tt.reshape %x : tensor<4x4xf32> -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reshape_element_type(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tt.reshape %x : tensor<4x4xf32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 0, 0>} : tensor<2x4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @trans_shape(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{result shape 2x4 should be 4x2, the source shape permuted by order}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @cat_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{result rank 2 differs from operand rank 1}}
  %0 = tt.cat %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @cat_size(%x: tensor<4xf32>) {
  // expected-error @+1 {{result must hold the 8 elements of both operands, but has 4}}
  %0 = tt.cat %x, %x : tensor<4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @cat_operand_types(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{requires all operands to have the same type}}
  %0 = "tt.cat"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape 2x4 should be 4x2, the operand shape with a new minor dimension of size 2}}
  %0 = tt.join %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @split_last_dim(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{source's last dimension must have size 2, got 'tensor<4x4xf32>'}}
  %0, %1 = tt.split %x : tensor<4x4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @split_result_shape(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{result shape 2 should be 4, the source shape without its last dimension}}
  %0, %1 = tt.split %x : tensor<4x2xf32> -> tensor<2xf32>
  tt.return
}

// -----

tt.func @split_element_type(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{result element type 'f16' differs from the source's 'f32'}}
  %0, %1 = tt.split %x : tensor<4x2xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @gather_rank(%x: tensor<4x4xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{indices rank 1 differs from source rank 2}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4x4xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_axis(%x: tensor<4x4xf32>, %i: tensor<4x4xi32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 2)}}
  %0 = tt.gather %x[%i] {axis = 2 : i32} : (tensor<4x4xf32>, tensor<4x4xi32>) -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @gather_index_dim(%x: tensor<4x4xf32>, %i: tensor<8x8xi32>) {
  // expected-error @+1 {{indices dimension 0 (8) exceeds the source's (4)}}
  %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4x4xf32>, tensor<8x8xi32>) -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @gather_result(%x: tensor<4x4xf32>, %i: tensor<4x8xi32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4x4xf32>, tensor<4x8xi32>) -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @histogram_2d(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{source must be a 1-D tensor, got 'tensor<4x4xi32>'}}
  %0 = tt.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @histogram_bins_2d(%x: tensor<16xi32>) {
  // expected-error @+1 {{result must be a 1-D tensor of bins, got 'tensor<2x4xi32>'}}
  %0 = tt.histogram %x : tensor<16xi32> -> tensor<2x4xi32>
  tt.return
}

// -----

tt.func @histogram_mask(%x: tensor<16xi32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches src type}}
  %0 = "tt.histogram"(%x, %m) : (tensor<16xi32>, tensor<8xi1>) -> tensor<8xi32>
  tt.return
}
