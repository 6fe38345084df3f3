// Every folder and canonicalization pattern of the tt dialect.
// RUN: triton-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: @splat_constant
tt.func @splat_constant() -> tensor<8xf32> {
  // CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<8xf32>
  // CHECK-NOT: tt.splat
  // CHECK: tt.return %[[C]]
  %c = arith.constant 2.5 : f32
  %0 = tt.splat %c : f32 -> tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: @broadcast_of_splat
tt.func @broadcast_of_splat(%x: f32) -> tensor<8x16xf32> {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f32 -> tensor<8x16xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[S]]
  %0 = tt.splat %x : f32 -> tensor<8x1xf32>
  %1 = tt.broadcast %0 : tensor<8x1xf32> -> tensor<8x16xf32>
  tt.return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: @broadcast_chain
tt.func @broadcast_chain(%x: tensor<1x1xf32>) -> tensor<8x16xf32> {
  // CHECK: %[[B:.*]] = tt.broadcast %{{.*}} : tensor<1x1xf32> -> tensor<8x16xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<8x1xf32>
  %1 = tt.broadcast %0 : tensor<8x1xf32> -> tensor<8x16xf32>
  tt.return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: @broadcast_identity_and_constant
tt.func @broadcast_identity_and_constant(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xi32>) {
  // CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<8x16xi32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %{{.*}}, %[[C]]
  %0 = tt.broadcast %x : tensor<8x16xf32> -> tensor<8x16xf32>
  %c = arith.constant dense<7> : tensor<1x16xi32>
  %1 = tt.broadcast %c : tensor<1x16xi32> -> tensor<8x16xi32>
  tt.return %0, %1 : tensor<8x16xf32>, tensor<8x16xi32>
}

// -----

// CHECK-LABEL: @expand_dims_of_splat
tt.func @expand_dims_of_splat(%x: i32) -> (tensor<1x8xi32>, tensor<8x1xi32>) {
  // CHECK-DAG: %[[C:.*]] = arith.constant dense<3> : tensor<8x1xi32>
  // CHECK-DAG: %[[S:.*]] = tt.splat %{{.*}} : i32 -> tensor<1x8xi32>
  // CHECK-NOT: tt.expand_dims
  // CHECK: tt.return %[[S]], %[[C]]
  %0 = tt.splat %x : i32 -> tensor<8xi32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %c = arith.constant dense<3> : tensor<8xi32>
  %2 = tt.expand_dims %c {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  tt.return %1, %2 : tensor<1x8xi32>, tensor<8x1xi32>
}

// -----

// CHECK-LABEL: @reshape_folds
tt.func @reshape_folds(%x: f32, %t: tensor<4x8xf32>) -> (tensor<32xf32>, tensor<4x8xf32>, tensor<32xf32>) {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f32 -> tensor<32xf32>
  // CHECK: %[[R:.*]] = tt.reshape %{{.*}} : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK-NOT: tt.reshape
  // CHECK: tt.return %[[S]], %{{.*}}, %[[R]]
  %0 = tt.splat %x : f32 -> tensor<4x8xf32>
  %1 = tt.reshape %0 : tensor<4x8xf32> -> tensor<32xf32>
  %2 = tt.reshape %t : tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = tt.reshape %t : tensor<4x8xf32> -> tensor<8x4xf32>
  %4 = tt.reshape %3 : tensor<8x4xf32> -> tensor<32xf32>
  tt.return %1, %2, %4 : tensor<32xf32>, tensor<4x8xf32>, tensor<32xf32>
}

// -----

// A reshape that may reorder elements does not merge into one that may not.
// CHECK-LABEL: @reshape_keeps_reorder
tt.func @reshape_keeps_reorder(%t: tensor<4x8xf32>) -> tensor<32xf32> {
  // CHECK: tt.reshape %{{.*}} allow_reorder : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<8x4xf32> -> tensor<32xf32>
  %0 = tt.reshape %t allow_reorder : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = tt.reshape %0 : tensor<8x4xf32> -> tensor<32xf32>
  tt.return %1 : tensor<32xf32>
}

// -----

// CHECK-LABEL: @trans_folds
tt.func @trans_folds(%x: f32, %t: tensor<2x4x8xf32>) -> (tensor<8x4xf32>, tensor<2x4x8xf32>, tensor<4x2x8xf32>) {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f32 -> tensor<8x4xf32>
  // CHECK: %[[T:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0, 2>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[S]], %{{.*}}, %[[T]]
  %0 = tt.splat %x : f32 -> tensor<4x8xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %2 = tt.trans %t {order = array<i32: 0, 1, 2>} : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  // [2,4,8] -(2,0,1)-> [8,2,4] -(2,1,0)-> [4,2,8] == [2,4,8] permuted by (1,0,2)
  %3 = tt.trans %t {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %4 = tt.trans %3 {order = array<i32: 2, 1, 0>} : tensor<8x2x4xf32> -> tensor<4x2x8xf32>
  tt.return %1, %2, %4 : tensor<8x4xf32>, tensor<2x4x8xf32>, tensor<4x2x8xf32>
}

// -----

// CHECK-LABEL: @unsplat_folds
tt.func @unsplat_folds(%x: f32) -> (f32, i32) {
  // CHECK-DAG: %[[C:.*]] = arith.constant 5 : i32
  // CHECK-NOT: tt.unsplat
  // CHECK: tt.return %{{.*}}, %[[C]]
  %0 = tt.splat %x : f32 -> tensor<1xf32>
  %1 = tt.unsplat %0 : tensor<1xf32>
  %c = arith.constant dense<5> : tensor<1x1xi32>
  %2 = tt.unsplat %c : tensor<1x1xi32>
  tt.return %1, %2 : f32, i32
}

// -----

// CHECK-LABEL: @make_range_one
tt.func @make_range_one() -> tensor<1xi32> {
  // CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<1xi32>
  // CHECK-NOT: tt.make_range
  %0 = tt.make_range {end = 8 : i32, start = 7 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: @addptr_zero
tt.func @addptr_zero(%p: !tt.ptr<f32>, %ps: tensor<8x!tt.ptr<f32>>) -> (!tt.ptr<f32>, tensor<8x!tt.ptr<f32>>) {
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %{{.*}}, %{{.*}} : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<0> : tensor<8xi64>
  %0 = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  %1 = tt.addptr %ps, %z : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  tt.return %0, %1 : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: @advance_zero
tt.func @advance_zero(%p: !tt.ptr<tensor<16x16xf16>>) -> !tt.ptr<tensor<16x16xf16>> {
  // CHECK-NOT: tt.advance
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %p, [%c0, %c0] : <tensor<16x16xf16>>
  tt.return %0 : !tt.ptr<tensor<16x16xf16>>
}

// -----

// CHECK-LABEL: @bitcast_chain
tt.func @bitcast_chain(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>, tensor<8xf32>) {
  // CHECK: %[[B:.*]] = tt.bitcast %{{.*}} : tensor<8xf32> -> tensor<8xi32>
  // CHECK-NOT: tt.bitcast
  // CHECK: tt.return %{{.*}}, %[[B]], %{{.*}}
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi32>
  %1 = tt.bitcast %0 : tensor<8xi32> -> tensor<8xf32>
  %2 = tt.bitcast %x : tensor<8xf32> -> tensor<8xf32>
  tt.return %1, %0, %2 : tensor<8xf32>, tensor<8xi32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: @fp_to_fp_constant
tt.func @fp_to_fp_constant() -> (tensor<8xf16>, tensor<8xf16>, tensor<8xf32>) {
  // 1 + 3 * 2^-12 rounds to nearest (1 + 2^-10) or towards zero (1) in f16.
  // CHECK-DAG: arith.constant dense<1.000980e+00> : tensor<8xf16>
  // CHECK-DAG: arith.constant dense<1.000000e+00> : tensor<8xf16>
  // CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<8xf32>
  // CHECK-NOT: tt.fp_to_fp
  %c = arith.constant dense<1.000732421875> : tensor<8xf32>
  %0 = tt.fp_to_fp %c, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
  %1 = tt.fp_to_fp %c, rounding = rtz : tensor<8xf32> -> tensor<8xf16>
  %h = arith.constant dense<1.5> : tensor<8xf16>
  %2 = tt.fp_to_fp %h : tensor<8xf16> -> tensor<8xf32>
  tt.return %0, %1, %2 : tensor<8xf16>, tensor<8xf16>, tensor<8xf32>
}

// -----

// CHECK-LABEL: @mulhiui_constant
tt.func @mulhiui_constant() -> (i32, tensor<4xi32>) {
  // 0xFFFFFFFF * 0xFFFFFFFF = 0xFFFFFFFE_00000001
  // CHECK-DAG: arith.constant -2 : i32
  // 0x80000000 * 4 = 0x2_00000000
  // CHECK-DAG: arith.constant dense<2> : tensor<4xi32>
  // CHECK-NOT: tt.mulhiui
  %a = arith.constant -1 : i32
  %0 = tt.mulhiui %a, %a : i32
  %b = arith.constant dense<-2147483648> : tensor<4xi32>
  %c = arith.constant dense<4> : tensor<4xi32>
  %1 = tt.mulhiui %b, %c : tensor<4xi32>
  tt.return %0, %1 : i32, tensor<4xi32>
}

// -----

// CHECK-LABEL: @int_to_ptr_round_trip
tt.func @int_to_ptr_round_trip(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8x!tt.ptr<f32>> {
  // CHECK-NOT: tt.ptr_to_int
  // CHECK-NOT: tt.int_to_ptr
  // CHECK: tt.return %{{.*}} : tensor<8x!tt.ptr<f32>>
  %0 = tt.ptr_to_int %p : tensor<8x!tt.ptr<f32>> -> tensor<8xi64>
  %1 = tt.int_to_ptr %0 : tensor<8xi64> -> tensor<8x!tt.ptr<f32>>
  tt.return %1 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: @load_mask_true
tt.func @load_mask_true(%p: tensor<8x!tt.ptr<f32>>, %o: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
  %m = arith.constant dense<true> : tensor<8xi1>
  %0 = tt.load %p, %m, %o : tensor<8x!tt.ptr<f32>>
  tt.return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: @load_mask_false
tt.func @load_mask_false(%p: tensor<8x!tt.ptr<f32>>, %o: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // A volatile load stays, even when masked off.
  // CHECK: %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} {isVolatile = true}
  // CHECK: tt.return %{{.*}}, %[[V]]
  %m = arith.constant dense<false> : tensor<8xi1>
  %0 = tt.load %p, %m, %o : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %p, %m, %o {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: @store_masks
tt.func @store_masks(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<f32>>
  // CHECK-NOT: tt.store
  %t = arith.constant dense<true> : tensor<8xi1>
  %f = arith.constant dense<false> : tensor<8xi1>
  tt.store %p, %v, %t : tensor<8x!tt.ptr<f32>>
  tt.store %p, %v, %f : tensor<8x!tt.ptr<f32>>
  tt.return
}
