// RUN: triton-opt %s -split-input-file --triton-rewrite-tensor-descriptor-to-pointer --canonicalize --cse -verify-diagnostics | FileCheck %s

// A kernel argument of descriptor type, followed by its shape and strides as
// the frontend flattens it, becomes the base pointer: 16-byte aligned, the
// row stride a multiple of 16 bytes (8 f16), the last stride folded to 1.
// CHECK-LABEL: tt.func public @host
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S0:.*]]: i64 {tt.divisibility = 8 : i32}, %{{.*}}: i64, %{{.*}}: i32)
tt.func public @host(%d: !tt.tensordesc<tensor<64x32xf16>>, %m: i32, %n: i32, %s0: i64, %s1: i64, %x: i32) {
  %c0 = arith.constant 0 : i32
  // Rows x + [0, 64) times the row stride; columns [0, 32) with stride 1.
  // CHECK-DAG: %[[R:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32}
  // CHECK-DAG: %[[C:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32}
  // CHECK-DAG: tt.splat %[[S0]] : i64 -> tensor<64x1xi64>
  // CHECK-DAG: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64x1xi64>
  // CHECK-DAG: arith.extsi %[[N]] : i32 to i64
  // CHECK: %[[P:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  // CHECK: %[[PTRS:.*]] = tt.addptr %[[P]]
  // CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK:.*]], %cst{{.*}} : tensor<64x32x!tt.ptr<f16>>
  %v = tt.descriptor_load %d[%x, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<64x32x!tt.ptr<f16>>
  tt.descriptor_store %d[%c0, %x], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  // CHECK-NOT: tensordesc
  tt.return
}

// -----

// A descriptor made in the kernel; a one-row block read as 1-D (leading unit
// dimension dropped), NaN padding, a reduction, a gather and a scatter.
// CHECK-LABEL: tt.func public @device
tt.func public @device(%p: !tt.ptr<f32>, %m: i32, %n: i32, %k: i64, %x: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<1x64xf32>
  // CHECK-DAG: %[[NAN8:.*]] = arith.constant dense<0x7FC00000> : tensor<8x64xf32>
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%k, %c1] {padding = 2 : i32} : <f32>, <tensor<1x64xf32>>
  // CHECK: %[[V:.*]] = tt.load %[[PTRS:.*]], %[[MASK:.*]], %[[NAN]] : tensor<1x64x!tt.ptr<f32>>
  %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<1x64xf32>> -> tensor<64xf32>
  // The reduction reshapes the 1-D value back to the block: the two fold.
  // CHECK: tt.atomic_rmw fadd, relaxed, gpu, %[[PTRS]], %[[V]], %[[MASK]]
  tt.descriptor_reduce add, %d[%x, %x], %v : !tt.tensordesc<tensor<1x64xf32>>, tensor<64xf32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  // CHECK: %[[G:.*]] = tt.load %[[GP:.*]], %[[GM:.*]], %[[NAN8]] : tensor<8x64x!tt.ptr<f32>>
  %g = tt.descriptor_gather %d[%r, %x] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  // CHECK: tt.store %[[GP]], %[[G]], %[[GM]] : tensor<8x64x!tt.ptr<f32>>
  tt.descriptor_scatter %d[%r, %x], %g : !tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32, tensor<8x64xf32>
  tt.return
}

// -----

// A descriptor passed to a noinline function passes its base pointer; the
// shape and strides operands follow it already (the only stride is the
// last, 1).
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%{{.*}}: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %{{.*}}: i32, %{{.*}}: i64)
tt.func private @callee(%d: !tt.tensordesc<tensor<16xi32>>, %n: i32, %s: i64) attributes {noinline = true} {
  %c0 = arith.constant 0 : i32
  %v = tt.descriptor_load %d[%c0] : !tt.tensordesc<tensor<16xi32>> -> tensor<16xi32>
  tt.descriptor_store %d[%c0], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return
}
// CHECK-LABEL: tt.func public @caller
tt.func public @caller(%p: !tt.ptr<i32>, %n: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] : <i32>, <tensor<16xi32>>
  // CHECK: tt.call @callee(%arg0, %arg1, %c1_i64) : (!tt.ptr<i32>, i32, i64) -> ()
  tt.call @callee(%d, %n, %c1) : (!tt.tensordesc<tensor<16xi32>>, i32, i64) -> ()
  tt.return
}

// -----

// expected-error @+1 {{argument 0 is a tensor descriptor of rank 2; it must be followed by its shape (2 x i32) and strides (2 x i64) arguments, as the frontend flattens it}}
tt.func public @missing_shape(%d: !tt.tensordesc<tensor<64x32xf16>>, %m: i32) {
  tt.return
}

// -----

tt.func public @through_loop(%p: !tt.ptr<f32>, %n: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] : <f32>, <tensor<16xf32>>
  // expected-error @+1 {{uses a tensor descriptor in a way triton-rewrite-tensor-descriptor-to-pointer cannot lower}}
  %r = scf.for %i = %c0 to %c4 step %c0 iter_args(%a = %d) -> (!tt.tensordesc<tensor<16xf32>>) {
    scf.yield %a : !tt.tensordesc<tensor<16xf32>>
  }
  tt.return
}

// -----

tt.func public @no_atomic(%p: !tt.ptr<f32>, %n: i32, %v: tensor<16xf32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] : <f32>, <tensor<16xf32>>
  // expected-error @+1 {{reduction 'max' of 'f32' has no per-element atomic to lower to}}
  tt.descriptor_reduce max, %d[%c0], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return
}
