// RUN: triton-opt %s -split-input-file --triton-rewrite-tensor-pointer --canonicalize --cse -verify-diagnostics | FileCheck %s

// A copy loop over 16x32 blocks: block pointers become offsets carried by
// the loop; loads and stores get pointers base + index * stride and masks
// for the checked dimensions; padding = zero becomes the load's other.
// CHECK-LABEL: tt.func @copy
// CHECK-NOT: tt.make_tensor_ptr
// CHECK-NOT: tt.advance
// CHECK: scf.for {{.*}} iter_args(%[[PO:.*]] = %{{.*}}, %[[QO:.*]] = %{{.*}}) -> (i32, i32)
// CHECK: %[[PP:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
// CHECK: tt.load %[[PP]], %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f16>>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f16>>
// CHECK: %[[PN:.*]] = arith.addi %[[PO]], %{{.*}} : i32
// CHECK: %[[QN:.*]] = arith.addi %[[QO]], %{{.*}} : i32
// CHECK: scf.yield %[[PN]], %[[QN]] : i32, i32
tt.func @copy(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %m: i64, %n: i64, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %p = tt.make_tensor_ptr %a, [%m, %n], [%n, %c1], [%k, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
  %q = tt.make_tensor_ptr %b, [%m, %n], [%n, %c1], [%k, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
  %r:2 = scf.for %i = %c0 to %k step %c32 iter_args(%pp = %p, %qq = %q) -> (!tt.ptr<tensor<16x32xf16>>, !tt.ptr<tensor<16x32xf16>>) : i32 {
    %v = tt.load %pp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf16>>
    tt.store %qq, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<16x32xf16>>
    %pn = tt.advance %pp, [%c0, %c32] : <tensor<16x32xf16>>
    %qn = tt.advance %qq, [%c0, %c32] : <tensor<16x32xf16>>
    scf.yield %pn, %qn : !tt.ptr<tensor<16x32xf16>>, !tt.ptr<tensor<16x32xf16>>
  }
  tt.return
}

// -----

// Straight-line code, padding = nan, no boundary check on the store.
// CHECK-LABEL: tt.func @straight
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<8x8xf32>
// CHECK: tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<8x8x!tt.ptr<f32>>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x8x!tt.ptr<f32>>
tt.func @straight(%a: !tt.ptr<f32>, %n: i64, %k: i32) {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i32
  %p = tt.make_tensor_ptr %a, [%n, %n], [%n, %c1], [%k, %k] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<8x8xf32>>
  %q = tt.advance %p, [%c8, %c8] : <tensor<8x8xf32>>
  tt.store %q, %v : !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

tt.func private @take(%p: !tt.ptr<tensor<8x8xf32>>)
tt.func @passed_to_call(%a: !tt.ptr<f32>, %n: i64, %k: i32) {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %a, [%n, %n], [%n, %c1], [%k, %k] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  // expected-error @+1 {{uses a block pointer in a way triton-rewrite-tensor-pointer cannot lower (only tt.advance, tt.load, tt.store and scf.for iteration arguments)}}
  tt.call @take(%p) : (!tt.ptr<tensor<8x8xf32>>) -> ()
  tt.return
}

// -----

tt.func @nan_on_ints(%a: !tt.ptr<i32>, %n: i64, %k: i32) {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %a, [%n, %n], [%n, %c1], [%k, %k] {order = array<i32: 1, 0>} : <tensor<8x8xi32>>
  // expected-error @+1 {{padding = nan needs floating-point elements}}
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<8x8xi32>>
  tt.return
}
