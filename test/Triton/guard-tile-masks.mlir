// triton-guard-tile-masks: in a dot loop, a tl.where mask that compares
// index ranges is true on the whole tile for a prefix or a suffix of the
// iterations; the compare and select go into an scf.if on the induction
// variable, taken only where the mask is not all true. Every remark is
// checked.
// RUN: triton-opt %s -split-input-file -triton-guard-tile-masks="remarks=true" -verify-diagnostics | FileCheck %s

// Causal attention: rm = pm * 128 + [0, 128) against rn = s + [0, 64): all
// true while s + 63 <= pm * 128, i.e. s <= pm * 128 - 63. The range of rn
// and the comparison are computed in the else branch only; the rows' range
// (from outside the loop) stays where it is.
// CHECK-LABEL: @causal
// CHECK: %[[BASE:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[C:.*]] = arith.constant -63 : i64
// CHECK: %[[X:.*]] = arith.extsi %[[BASE]] : i32 to i64
// CHECK: %[[BOUND:.*]] = arith.addi %[[C]], %[[X]] : i64
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[QK:.*]] = tt.dot
// CHECK: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
// CHECK: %[[WHOLE:.*]] = arith.cmpi sle, %[[S64]], %[[BOUND]] : i64
// CHECK: %[[M:.*]] = scf.if %[[WHOLE]] -> (tensor<128x64xf32>) {
// CHECK-NEXT: scf.yield %[[QK]] : tensor<128x64xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: tt.splat %[[S]]
// CHECK-NEXT: arith.addi
// CHECK-NEXT: tt.expand_dims
// CHECK-NEXT: tt.broadcast
// CHECK-NEXT: %[[MASK:.*]] = arith.cmpi sge
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[MASK]], %[[QK]], %{{.*}}
// CHECK-NEXT: scf.yield %[[SEL]]
// CHECK-NEXT: }
// CHECK: arith.addf %{{.*}}, %[[M]]
tt.func @causal(%q: tensor<128x64xf16>, %k: tensor<64x64xf16>, %pm: i32) -> tensor<128x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %base = arith.muli %pm, %c128 : i32
  %pm1 = arith.addi %pm, %c0 : i32
  %hi = arith.addi %base, %c128 : i32
  %rm0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %bs = tt.splat %base : i32 -> tensor<128xi32>
  %rm = arith.addi %bs, %rm0 : tensor<128xi32>
  %rme = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rmb = tt.broadcast %rme : tensor<128x1xi32> -> tensor<128x64xi32>
  %rn0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %r = scf.for %s = %c0 to %hi step %c64 iter_args(%acc = %zero) -> (tensor<128x64xf32>) : i32 {
    %ss = tt.splat %s : i32 -> tensor<64xi32>
    %rn = arith.addi %ss, %rn0 : tensor<64xi32>
    %rne = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rnb = tt.broadcast %rne : tensor<1x64xi32> -> tensor<128x64xi32>
    %qk = tt.dot %q, %k, %zero : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    %mask = arith.cmpi sge, %rmb, %rnb : tensor<128x64xi32>
    // expected-remark @below {{mask computed only on the tiles where it is not all true (the last iterations)}}
    %m = arith.select %mask, %qk, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
    %sum = arith.addf %acc, %m : tensor<128x64xf32>
    scf.yield %sum : tensor<128x64xf32>
  }
  tt.return %r : tensor<128x64xf32>
}

// -----

// The mask the other way: rn > x + 7 (x from outside) holds on the whole
// tile once s >= x + 8; the step need not be a constant.
// CHECK-LABEL: @suffix
// CHECK: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: %[[X:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[BOUND:.*]] = arith.addi %[[C8]], %[[X]] : i64
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[D:.*]] = tt.dot
// CHECK: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
// CHECK: %[[WHOLE:.*]] = arith.cmpi sge, %[[S64]], %[[BOUND]] : i64
// CHECK: scf.if %[[WHOLE]] -> (tensor<16x16xf32>) {
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: } else {
// CHECK-NEXT: tt.splat %[[S]]
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.cmpi sgt
// CHECK-NEXT: arith.select
tt.func @suffix(%a: tensor<16x16xf16>, %x: i32, %n: i32, %step: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant dense<7> : tensor<16x16xi32>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %xs = tt.splat %x : i32 -> tensor<16x16xi32>
  %lim = arith.addi %xs, %c7 : tensor<16x16xi32>
  %r0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %re = tt.expand_dims %r0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tt.broadcast %re : tensor<1x16xi32> -> tensor<16x16xi32>
  %r = scf.for %s = %c0 to %n step %step iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %ss = tt.splat %s : i32 -> tensor<16x16xi32>
    %rn = arith.addi %rb, %ss : tensor<16x16xi32>
    %d = tt.dot %a, %a, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %mask = arith.cmpi sgt, %rn, %lim : tensor<16x16xi32>
    // expected-remark @below {{mask computed only on the tiles where it is not all true (the first iterations)}}
    %m = arith.select %mask, %d, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    scf.yield %m : tensor<16x16xf32>
  }
  tt.return %r : tensor<16x16xf32>
}

// -----

// Left alone: a mask that does not move with the iterations; a mask on
// loaded values; a mask with a second user; a loop without a dot (no
// remark).
// CHECK-LABEL: @left_alone
// CHECK-NOT: scf.if
tt.func @left_alone(%a: tensor<16x16xf16>, %p: tensor<16x16x!tt.ptr<i32>>, %x: i32, %n: i32) -> (tensor<16x16xf32>, tensor<16x16xi1>) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %f = arith.constant dense<false> : tensor<16x16xi1>
  %r0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %re = tt.expand_dims %r0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tt.broadcast %re : tensor<1x16xi32> -> tensor<16x16xi32>
  %xs = tt.splat %x : i32 -> tensor<16x16xi32>
  // expected-remark @below {{no mask to guard: no select whose mask is true on whole tiles for a range of iterations}}
  %r2 = scf.for %s = %c0 to %n step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %d = tt.dot %a, %a, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %mask = arith.cmpi sgt, %rb, %xs : tensor<16x16xi32>
    %m = arith.select %mask, %d, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    scf.yield %m : tensor<16x16xf32>
  }
  // expected-remark @below {{no mask to guard: no select whose mask is true on whole tiles for a range of iterations}}
  %r3 = scf.for %s = %c0 to %n step %c16 iter_args(%acc = %r2) -> (tensor<16x16xf32>) : i32 {
    %v = tt.load %p : tensor<16x16x!tt.ptr<i32>>
    %d = tt.dot %a, %a, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %mask = arith.cmpi sgt, %v, %xs : tensor<16x16xi32>
    %m = arith.select %mask, %d, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    scf.yield %m : tensor<16x16xf32>
  }
  // expected-remark @below {{no mask to guard: no select whose mask is true on whole tiles for a range of iterations}}
  %r4:2 = scf.for %s = %c0 to %n step %c16 iter_args(%acc = %r3, %keep = %f) -> (tensor<16x16xf32>, tensor<16x16xi1>) : i32 {
    %ss = tt.splat %s : i32 -> tensor<16x16xi32>
    %rn = arith.addi %rb, %ss : tensor<16x16xi32>
    %d = tt.dot %a, %a, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %mask = arith.cmpi sgt, %rn, %xs : tensor<16x16xi32>
    %m = arith.select %mask, %d, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    scf.yield %m, %mask : tensor<16x16xf32>, tensor<16x16xi1>
  }
  %r5 = scf.for %s = %c0 to %n step %c16 iter_args(%acc = %r4#0) -> (tensor<16x16xf32>) : i32 {
    %ss = tt.splat %s : i32 -> tensor<16x16xi32>
    %rn = arith.addi %rb, %ss : tensor<16x16xi32>
    %mask = arith.cmpi sgt, %rn, %xs : tensor<16x16xi32>
    %m = arith.select %mask, %acc, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    scf.yield %m : tensor<16x16xf32>
  }
  tt.return %r5, %r4#1 : tensor<16x16xf32>, tensor<16x16xi1>
}
