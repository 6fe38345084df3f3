// RUN: triton-opt %s -split-input-file --triton-combine | FileCheck %s

// CHECK-LABEL: tt.func @addptr_chain
tt.func @addptr_chain(%p: tensor<8x!tt.ptr<f32>>, %a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8x!tt.ptr<f32>> {
  // CHECK: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<8xi32>
  // CHECK: %[[P:.*]] = tt.addptr %{{.*}}, %[[S]]
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %[[P]]
  %0 = tt.addptr %p, %a : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %1 = tt.addptr %0, %b : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %1 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @select_of_masked_load
tt.func @select_of_masked_load(%p: tensor<8x!tt.ptr<f32>>, %m: tensor<8xi1>) -> tensor<8xf32> {
  %other = arith.constant dense<-1.0> : tensor<8xf32>
  // CHECK: %[[O:.*]] = arith.constant dense<-1.000000e+00>
  // CHECK: %[[L:.*]] = tt.load %{{.*}}, %{{.*}}, %[[O]] : tensor<8x!tt.ptr<f32>>
  // CHECK-NOT: arith.select
  // CHECK: tt.return %[[L]]
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %s = arith.select %m, %l, %other : tensor<8xi1>, tensor<8xf32>
  tt.return %s : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_plus_acc
tt.func @dot_plus_acc(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  // CHECK: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  // CHECK-NOT: arith.addf
  // CHECK: tt.return %[[D]]
  %p = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %d, %p : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// A dot whose accumulator is not zero keeps its add.
// CHECK-LABEL: tt.func @dot_nonzero_acc
tt.func @dot_nonzero_acc(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: tt.dot
  // CHECK: arith.addf
  %p = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %d, %p : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// sum(x[:, :, None] * y[None, :, :], 1) is x @ y: the 32x16x64 product is
// never built and the sum runs as a dot (on tensor cores later).
// CHECK-LABEL: tt.func @broadcast_mul_reduce
tt.func @broadcast_mul_reduce(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %[[Z]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK-NOT: tt.reduce
  // CHECK: tt.return %[[D]]
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %3 = tt.broadcast %2 : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x64xf32>
  %5 = "tt.reduce"(%4) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %5 : tensor<32x64xf32>
}

// -----

// Not a matrix product: reduced over another axis, a max, or a dimension
// below 16 (tl.dot's smallest tile).
// CHECK-LABEL: tt.func @broadcast_mul_reduce_not
tt.func @broadcast_mul_reduce_not(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>, %s: tensor<8x16xf32>, %t: tensor<16x8xf32>) -> (tensor<32x16xf32>, tensor<32x64xf32>, tensor<8x8xf32>) {
  // CHECK-NOT: tt.dot
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %3 = tt.broadcast %2 : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x64xf32>
  %5 = "tt.reduce"(%4) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x16xf32>
  %6 = "tt.reduce"(%4) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  %7 = tt.expand_dims %s {axis = 2 : i32} : tensor<8x16xf32> -> tensor<8x16x1xf32>
  %8 = tt.broadcast %7 : tensor<8x16x1xf32> -> tensor<8x16x8xf32>
  %9 = tt.expand_dims %t {axis = 0 : i32} : tensor<16x8xf32> -> tensor<1x16x8xf32>
  %10 = tt.broadcast %9 : tensor<1x16x8xf32> -> tensor<8x16x8xf32>
  %11 = arith.mulf %8, %10 : tensor<8x16x8xf32>
  %12 = "tt.reduce"(%11) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<8x16x8xf32>) -> tensor<8x8xf32>
  tt.return %5, %6, %12 : tensor<32x16xf32>, tensor<32x64xf32>, tensor<8x8xf32>
}
