// MLIR's inliner inlines tt.call of tt.func bodies (single- and multi-block:
// tt.return becomes a branch, which the inliner's cleanup folds into a
// select here), and leaves functions marked noinline as calls.
// RUN: triton-opt %s -inline | FileCheck %s

tt.func private @scale(%p: !tt.ptr<f32>, %s: f32) -> f32 {
  %0 = tt.load %p : !tt.ptr<f32>
  %1 = arith.mulf %0, %s : f32
  tt.return %1 : f32
}

tt.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %a : f32
^bb2:
  tt.return %b : f32
}

tt.func private @kept(%p: !tt.ptr<f32>) attributes {noinline = true} {
  tt.return
}

// CHECK-LABEL: tt.func public @kernel
tt.func public @kernel(%p: !tt.ptr<f32>, %c: i1) {
  // CHECK-NOT: tt.call @scale
  // CHECK-NOT: tt.call @pick
  // CHECK: %[[L:.*]] = tt.load
  // CHECK: %[[M:.*]] = arith.mulf %[[L]]
  // CHECK: arith.select %{{.*}}, %[[M]], %{{.*}} : f32
  // CHECK: tt.call @kept(%{{.*}}) : (!tt.ptr<f32>) -> ()
  %s = arith.constant 2.0 : f32
  %0 = tt.call @scale(%p, %s) : (!tt.ptr<f32>, f32) -> f32
  %1 = tt.call @pick(%c, %0, %s) : (i1, f32, f32) -> f32
  tt.store %p, %1 : !tt.ptr<f32>
  tt.call @kept(%p) : (!tt.ptr<f32>) -> ()
  tt.return
}
