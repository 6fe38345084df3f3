// RUN: triton-opt %s -split-input-file --triton-loop-unroll -verify-diagnostics | FileCheck %s

// CHECK-LABEL: tt.func @unroll
tt.func @unroll(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = arith.constant 1.0 : f32
  // Two loops: the unrolled one (step 4) and the epilogue for leftovers.
  // CHECK: scf.for
  // CHECK-COUNT-4: tt.store
  // CHECK: scf.for
  // CHECK-COUNT-1: tt.store
  // CHECK-NOT: tt.loop_unroll_factor
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %v : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

tt.func @bad_factor(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tt.loop_unroll_factor' must be a positive integer, got 0 : i32}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tt.loop_unroll_factor = 0 : i32}
  tt.return
}
