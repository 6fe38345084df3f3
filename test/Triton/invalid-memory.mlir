// Verifier rules of pointers, block pointers, loads, stores, atomics and
// tensor descriptors.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

tt.func @addptr_result(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{failed to verify that result type matches ptr type}}
  %0 = "tt.addptr"(%p, %o) : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @addptr_shape(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<8xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>>, tensor<8xi32>
  tt.return
}

// -----

tt.func @advance_offsets(%p: !tt.ptr<tensor<16x16xf16>>, %k: i32) {
  // expected-error @+1 {{takes one offset per dimension of the block: 2 expected, 1 given}}
  %0 = tt.advance %p, [%k] : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_counts(%p: !tt.ptr<f16>, %n: i64, %k: i32) {
  // expected-error @+1 {{needs one shape, stride and offset per dimension of the block: 2 expected, 1 given}}
  %0 = tt.make_tensor_ptr %p, [%n], [%n], [%k] {order = array<i32: 0>} : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%p: !tt.ptr<f16>, %n: i64, %k: i32) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.make_tensor_ptr %p, [%n, %n], [%n, %n], [%k, %k] {order = array<i32: 1, 1>} : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base(%p: !tt.ptr<f32>, %n: i64, %k: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: '!tt.ptr<f16>' vs '!tt.ptr<f32>'}}
  %0 = tt.make_tensor_ptr %p, [%n, %n], [%n, %n], [%k, %k] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<64x!tt.ptr<f16>>, %m: tensor<32xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<64x!tt.ptr<f16>>, tensor<32xi1>) -> tensor<64xf16>
  tt.return
}

// -----

tt.func @load_other_type(%p: tensor<64x!tt.ptr<f16>>, %m: tensor<64xi1>, %o: tensor<64xf32>) {
  // expected-error @+1 {{failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<64x!tt.ptr<f16>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf16>
  tt.return
}

// -----

tt.func @load_result_type(%p: tensor<64x!tt.ptr<f16>>) {
  // expected-error @+1 {{failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<64x!tt.ptr<f16>>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @load_other_without_mask(%p: tensor<64x!tt.ptr<f16>>, %o: tensor<64xf16>) {
  // expected-error @+1 {{'other' needs a mask}}
  %0 = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<64x!tt.ptr<f16>>, tensor<64xf16>) -> tensor<64xf16>
  tt.return
}

// -----

tt.func @load_boundary_check_needs_block_ptr(%p: tensor<64x!tt.ptr<f16>>) {
  // expected-error @+1 {{boundaryCheck applies only to block pointers (!tt.ptr<tensor<...>>); use a mask instead}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @load_block_ptr_mask(%p: !tt.ptr<tensor<16x16xf16>>, %m: tensor<16x16xi1>) {
  // expected-error @+1 {{a block-pointer access takes boundaryCheck, not a mask}}
  %0 = tt.load %p, %m : !tt.ptr<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @load_boundary_dim(%p: !tt.ptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{boundaryCheck dimension 2 is out of range [0, 2)}}
  %0 = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @load_boundary_twice(%p: !tt.ptr<tensor<16x16xf16>>) {
  // expected-error @+1 {{boundaryCheck lists dimension 0 twice}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0, 0>} : !tt.ptr<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @load_padding_needs_block_ptr(%p: tensor<64x!tt.ptr<f16>>) {
  // expected-error @+1 {{padding applies only to block pointers}}
  %0 = tt.load %p {padding = 1 : i32} : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @load_store_cache_modifier(%p: tensor<64x!tt.ptr<f16>>) {
  // expected-error @+1 {{cache modifier 'wb' applies to stores only; loads take ca, cg, cs or cv}}
  %0 = tt.load %p cacheModifier = wb : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @load_bad_eviction(%p: tensor<64x!tt.ptr<f16>>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'evict' [evict_normal, evict_first, evict_last]}}
  %0 = tt.load %p evictionPolicy = evict_never : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @store_load_cache_modifier(%p: tensor<64x!tt.ptr<f16>>, %v: tensor<64xf16>) {
  // expected-error @+1 {{cache modifier 'ca' applies to loads only; stores take wb, cg, cs or wt}}
  tt.store %p, %v cacheModifier = ca : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @store_value_type(%p: tensor<64x!tt.ptr<f16>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<64x!tt.ptr<f16>>, tensor<64xf32>) -> ()
  tt.return
}

// -----

tt.func @store_mask_shape(%p: tensor<64x!tt.ptr<f16>>, %v: tensor<64xf16>, %m: tensor<32xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches ptr type}}
  "tt.store"(%p, %v, %m) : (tensor<64x!tt.ptr<f16>>, tensor<64xf16>, tensor<32xi1>) -> ()
  tt.return
}

// -----

tt.func @store_block_ptr_mask(%p: !tt.ptr<tensor<16x16xf16>>, %v: tensor<16x16xf16>, %m: tensor<16x16xi1>) {
  // expected-error @+1 {{a block-pointer access takes boundaryCheck, not a mask}}
  tt.store %p, %v, %m : !tt.ptr<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @store_boundary_needs_block_ptr(%p: tensor<64x!tt.ptr<f16>>, %v: tensor<64xf16>) {
  // expected-error @+1 {{boundaryCheck applies only to block pointers}}
  tt.store %p, %v {boundaryCheck = array<i32: 0>} : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @atomic_fadd_int(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'fadd' needs floating-point values, got 'i32'}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_add_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'add' needs integer values, got 'f32'; use 'fadd' for floats}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_xor_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'xor' needs integer values, got 'f32'}}
  %0 = tt.atomic_rmw xor, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_max_ptr(%p: !tt.ptr<!tt.ptr<f32>>, %v: !tt.ptr<f32>) {
  // expected-error @+1 {{'max' needs integer or floating-point values, got '!tt.ptr<f32>'}}
  %0 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (!tt.ptr<!tt.ptr<f32>>, !tt.ptr<f32>) -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @atomic_ptr_type(%p: !tt.ptr<i32>, %v: f32) {
  // expected-error @+1 {{failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_mask_shape(%p: tensor<8x!tt.ptr<i32>>, %v: tensor<8xi32>, %m: tensor<4xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches value type}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %m : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>, tensor<4xi1>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @atomic_result_type(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{failed to verify that result type matches value type}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i64
  tt.return
}

// -----

tt.func @atomic_bad_scope(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [gpu, cta, sys]}}
  %0 = tt.atomic_rmw add, acq_rel, warp, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @cas_types(%p: !tt.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{failed to verify that ptr type matches cmp type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i64, i32) -> i32
  tt.return
}

// -----

tt.func @desc_counts(%p: !tt.ptr<f16>, %k: i32, %s: i64) {
  // expected-error @+1 {{needs one shape and stride per block dimension: 2 expected, 1 given}}
  %0 = tt.make_tensor_descriptor %p, [%k], [%s] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @desc_base(%p: !tt.ptr<f32>, %k: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f32' but the descriptor holds 'f16'}}
  %0 = tt.make_tensor_descriptor %p, [%k, %k], [%s, %s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @desc_load_indices(%d: !tt.tensordesc<tensor<16x16xf16>>, %k: i32) {
  // expected-error @+1 {{takes one index per descriptor dimension: 2 expected, 1 given}}
  %0 = tt.descriptor_load %d[%k] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @desc_load_shape(%d: !tt.tensordesc<tensor<16x16xf16>>, %k: i32) {
  // expected-error @+1 {{result type 'tensor<16x8xf16>' does not match the descriptor block 'tensor<16x16xf16>'}}
  %0 = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x8xf16>
  tt.return
}

// -----

tt.func @desc_load_rank_reduced(%d: !tt.tensordesc<tensor<1x16xf16>>, %k: i32) {
  // A leading size-1 dimension of the block may be dropped.
  %0 = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<1x16xf16>> -> tensor<16xf16>
  // expected-error @+1 {{result element type 'f32' differs from the descriptor's 'f16'}}
  %1 = tt.descriptor_load %d[%k, %k] : !tt.tensordesc<tensor<1x16xf16>> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @desc_store_shape(%d: !tt.tensordesc<tensor<16x16xf16>>, %k: i32, %v: tensor<8x16xf16>) {
  // expected-error @+1 {{stored value type 'tensor<8x16xf16>' does not match the descriptor block 'tensor<16x16xf16>'}}
  tt.descriptor_store %d[%k, %k], %v : !tt.tensordesc<tensor<16x16xf16>>, tensor<8x16xf16>
  tt.return
}

// -----

tt.func @desc_reduce_kind(%d: !tt.tensordesc<tensor<16x16xf16>>, %k: i32, %v: tensor<16x16xf16>) {
  // expected-error @+1 {{reduction 'xor' needs integer elements, got 'f16'}}
  tt.descriptor_reduce xor, %d[%k, %k], %v : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x16xf16>
  tt.return
}

// -----

tt.func @desc_gather_block(%d: !tt.tensordesc<tensor<2x16xf16>>, %x: tensor<8xi32>, %k: i32) {
  // expected-error @+1 {{descriptor block must be a single row (1xN), got 'tensor<2x16xf16>'}}
  %0 = tt.descriptor_gather %d[%x, %k] : (!tt.tensordesc<tensor<2x16xf16>>, tensor<8xi32>, i32) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @desc_gather_offsets(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<2x4xi32>, %k: i32) {
  // expected-error @+1 {{row offsets must be a 1-D tensor, got 'tensor<2x4xi32>'}}
  %0 = tt.descriptor_gather %d[%x, %k] : (!tt.tensordesc<tensor<1x16xf16>>, tensor<2x4xi32>, i32) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @desc_gather_result(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<8xi32>, %k: i32) {
  // expected-error @+1 {{result must be 8x16 (one row per offset), got 'tensor<4x16xf16>'}}
  %0 = tt.descriptor_gather %d[%x, %k] : (!tt.tensordesc<tensor<1x16xf16>>, tensor<8xi32>, i32) -> tensor<4x16xf16>
  tt.return
}

// -----

tt.func @desc_gather_elements(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<8xi32>, %k: i32) {
  // expected-error @+1 {{result element type 'f32' differs from the descriptor's 'f16'}}
  %0 = tt.descriptor_gather %d[%x, %k] : (!tt.tensordesc<tensor<1x16xf16>>, tensor<8xi32>, i32) -> tensor<8x16xf32>
  tt.return
}

// -----

tt.func @desc_scatter(%d: !tt.tensordesc<tensor<1x16xf16>>, %x: tensor<8xi32>, %k: i32, %v: tensor<8x8xf16>) {
  // expected-error @+1 {{scattered value must be 8x16 (one row per offset), got 'tensor<8x8xf16>'}}
  tt.descriptor_scatter %d[%x, %k], %v : !tt.tensordesc<tensor<1x16xf16>>, tensor<8xi32>, i32, tensor<8x8xf16>
  tt.return
}
