// Loads, stores, atomics, prints and asserts declare their global-memory
// effects, so MLIR's generic passes treat them correctly.
// RUN: triton-opt %s -cse -split-input-file | FileCheck %s --check-prefix=CSE
// RUN: triton-opt %s -canonicalize -split-input-file | FileCheck %s --check-prefix=DCE
// RUN: triton-opt %s -loop-invariant-code-motion -split-input-file | FileCheck %s --check-prefix=LICM

// Two identical loads with no write between them are one load; a store in
// between, or volatility, keeps them apart.
// CSE-LABEL: @cse_loads
tt.func @cse_loads(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // CSE: %[[A:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
  // CSE-NEXT: tt.store
  // CSE-NEXT: %[[B:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
  // CSE-NEXT: %[[V1:.*]] = tt.load %{{.*}} {isVolatile = true}
  // CSE-NEXT: %[[V2:.*]] = tt.load %{{.*}} {isVolatile = true}
  // CSE-NEXT: tt.return %[[A]], %[[A]], %[[B]], %[[V1]], %[[V2]]
  %0 = tt.load %p : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %p : tensor<8x!tt.ptr<f32>>
  tt.store %p, %v : tensor<8x!tt.ptr<f32>>
  %2 = tt.load %p : tensor<8x!tt.ptr<f32>>
  %3 = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  %4 = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  tt.return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Unused loads and pure ops disappear; stores, atomics, prints, asserts,
// volatile loads and impure asm/extern calls stay.
// DCE-LABEL: @dead_code
tt.func @dead_code(%p: tensor<8x!tt.ptr<i32>>, %v: tensor<8xi32>, %c: tensor<8xi1>) {
  // DCE-NOT: tt.make_range
  // DCE: tt.load %{{.*}} {isVolatile = true}
  // DCE-NEXT: tt.atomic_rmw add
  // DCE-NEXT: tt.atomic_cas
  // DCE-NEXT: tt.store
  // DCE-NEXT: tt.print
  // DCE-NEXT: tt.assert
  // DCE-NEXT: tt.elementwise_inline_asm {{.*}}pure = false
  // DCE-NEXT: tt.extern_elementwise {{.*}}pure = false
  // DCE-NEXT: tt.return
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %0 = tt.load %p : tensor<8x!tt.ptr<i32>>
  %1 = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<i32>>
  %2 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>) -> tensor<8xi32>
  %3 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tt.store %p, %v : tensor<8x!tt.ptr<i32>>
  tt.print "v" {hex = false, isSigned = array<i32: 1>} : %v : tensor<8xi32>
  tt.assert %c, "c" : tensor<8xi1>
  %4 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %v : tensor<8xi32> -> tensor<8xi32>
  %5 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %v : tensor<8xi32> -> tensor<8xi32>
  %6 = tt.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<8xi32>) -> tensor<8xi32>
  %7 = tt.extern_elementwise %v {libname = "", libpath = "", pure = false, symbol = "g"} : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

// Pure shape ops leave the loop; a load in a loop that stores stays.
// LICM-LABEL: @licm
tt.func @licm(%p: tensor<8x!tt.ptr<f32>>, %x: f32, %n: i32) {
  // LICM: tt.make_range
  // LICM-NEXT: tt.splat
  // LICM-NEXT: scf.for
  // LICM-NEXT: tt.load
  // LICM-NEXT: arith.addf
  // LICM-NEXT: tt.store
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %s = tt.splat %x : f32 -> tensor<8xf32>
    %l = tt.load %p : tensor<8x!tt.ptr<f32>>
    %a = arith.addf %l, %s : tensor<8xf32>
    tt.store %p, %a : tensor<8x!tt.ptr<f32>>
  }
  tt.return
}
