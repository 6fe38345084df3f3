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
