// RUN: triton-opt %s -split-input-file --triton-reorder-broadcast | FileCheck %s

// CHECK-LABEL: tt.func @splats
tt.func @splats(%x: f32, %y: f32) -> tensor<128xf32> {
  // CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
  // CHECK: %[[S:.*]] = tt.splat %[[M]] : f32 -> tensor<128xf32>
  // CHECK: tt.return %[[S]]
  %a = tt.splat %x : f32 -> tensor<128xf32>
  %b = tt.splat %y : f32 -> tensor<128xf32>
  %c = arith.mulf %a, %b : tensor<128xf32>
  tt.return %c : tensor<128xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcasts
tt.func @broadcasts(%x: tensor<64x1xf32>, %y: tensor<64x1xf32>) -> tensor<64x32xf32> {
  // CHECK: %[[A:.*]] = arith.addf %{{.*}}, %{{.*}} : tensor<64x1xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %[[A]] : tensor<64x1xf32> -> tensor<64x32xf32>
  // CHECK: tt.return %[[B]]
  %a = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %b = tt.broadcast %y : tensor<64x1xf32> -> tensor<64x32xf32>
  %c = arith.addf %a, %b : tensor<64x32xf32>
  tt.return %c : tensor<64x32xf32>
}

// -----

// Broadcasts from different shapes stay.
// CHECK-LABEL: tt.func @mixed
tt.func @mixed(%x: tensor<64x1xf32>, %y: tensor<1x32xf32>) -> tensor<64x32xf32> {
  // CHECK: tt.broadcast
  // CHECK: tt.broadcast
  // CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<64x32xf32>
  %a = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %b = tt.broadcast %y : tensor<1x32xf32> -> tensor<64x32xf32>
  %c = arith.addf %a, %b : tensor<64x32xf32>
  tt.return %c : tensor<64x32xf32>
}
