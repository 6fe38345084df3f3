// Every tt op in upstream Triton 3.6's textual form: parse, print, parse
// again; and through the generic form, which must carry every attribute.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// CHECK-LABEL: tt.func public @casts_and_math
tt.func public @casts_and_math(%p: !tt.ptr<f32>, %i: tensor<128xi64>, %f: tensor<128xf32>, %u: tensor<128xi32>) {
  // CHECK: tt.int_to_ptr %{{.*}} : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
  %0 = tt.int_to_ptr %i : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
  // CHECK: tt.ptr_to_int %{{.*}} : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
  %1 = tt.ptr_to_int %0 : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
  // CHECK: tt.bitcast %{{.*}} : tensor<128xf32> -> tensor<128xi32>
  %2 = tt.bitcast %f : tensor<128xf32> -> tensor<128xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
  %4 = tt.fp_to_fp %f, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<128xf32> -> tensor<128xf8E5M2>
  %5 = tt.fp_to_fp %f, rounding = rtz : tensor<128xf32> -> tensor<128xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<128xf8E4M3FN> -> tensor<128xbf16>
  %6 = tt.fp_to_fp %4 : tensor<128xf8E4M3FN> -> tensor<128xbf16>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<128xf32>
  %7 = tt.clampf %f, %f, %f, propagateNan = none : tensor<128xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<128xf32>
  %8 = tt.clampf %f, %f, %f, propagateNan = all : tensor<128xf32>
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<128xf32>
  %9 = tt.precise_sqrt %f : tensor<128xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<128xf32>
  %10 = tt.precise_divf %f, %f : tensor<128xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<128xi32>
  %11 = tt.mulhiui %u, %u : tensor<128xi32>
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  %12 = tt.extern_elementwise %f {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  // CHECK: tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<128xi32> -> tensor<128xi32>
  %13 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %u : tensor<128xi32> -> tensor<128xi32>
  // CHECK: tt.elementwise_inline_asm "mov.u32 $0, 0;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  %14 = tt.elementwise_inline_asm "mov.u32 $0, 0;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  // CHECK: "tt.map_elementwise"(%{{.*}}) <{pack = 2 : i32}> ({
  // CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}} : f32, f32
  // CHECK: }) : (tensor<128xf32>) -> tensor<128xf32>
  %15 = "tt.map_elementwise"(%f) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %b, %a : f32, f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%s: f32, %t: tensor<32xf32>, %m: tensor<32x64xf32>, %i: tensor<32x64xi32>) {
  // CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<32x64xf32>
  %1 = tt.splat %s : f32 -> tensor<32x64xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>
  %u0 = tt.splat %s : f32 -> tensor<1x1xf32>
  %u1 = tt.unsplat %u0 : tensor<1x1xf32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %2 = tt.expand_dims %t {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<32x1xf32> -> tensor<32x64xf32>
  %3 = tt.broadcast %2 : tensor<32x1xf32> -> tensor<32x64xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<32x64xf32> -> tensor<2048xf32>
  %4 = tt.reshape %m : tensor<32x64xf32> -> tensor<2048xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<32x64xf32> -> tensor<64x32xf32>
  %5 = tt.reshape %m allow_reorder efficient_layout : tensor<32x64xf32> -> tensor<64x32xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  %6 = tt.trans %m {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<64xf32>
  %7 = tt.cat %t, %t : tensor<32xf32> -> tensor<64xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x64xf32> -> tensor<32x64x2xf32>
  %8 = tt.join %m, %m : tensor<32x64xf32> -> tensor<32x64x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tt.split %{{.*}} : tensor<32x64x2xf32> -> tensor<32x64xf32>
  %9, %10 = tt.split %8 : tensor<32x64x2xf32> -> tensor<32x64xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<32x64xf32>, tensor<32x64xi32>) -> tensor<32x64xf32>
  %11 = tt.gather %m[%i] {axis = 1 : i32} : (tensor<32x64xf32>, tensor<32x64xi32>) -> tensor<32x64xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<32xi32> -> tensor<16xi32>
  %12 = tt.histogram %0 : tensor<32xi32> -> tensor<16xi32>
  %mask = arith.constant dense<true> : tensor<32xi1>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<32xi32> -> tensor<16xi32>
  %13 = tt.histogram %0, %mask : tensor<32xi32> -> tensor<16xi32>
  tt.return
}

// CHECK-LABEL: tt.func @memory
tt.func @memory(%p: !tt.ptr<f16>, %q: !tt.ptr<f32, 3>, %ps: tensor<64x!tt.ptr<f16>>, %off: tensor<64xi32>, %m: tensor<64xi1>, %o: tensor<64xf16>, %n: i64, %k: i32) {
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f16>, i32
  %0 = tt.addptr %p, %k : !tt.ptr<f16>, i32
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  %1 = tt.addptr %ps, %off : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32, 3>, i32
  %2 = tt.addptr %q, %k : !tt.ptr<f32, 3>, i32
  // CHECK: tt.load %{{.*}} : !tt.ptr<f16>
  %3 = tt.load %p : !tt.ptr<f16>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = ca evictionPolicy = evict_last : tensor<64x!tt.ptr<f16>>
  %4 = tt.load %1, %m, %o cacheModifier = ca evictionPolicy = evict_last : tensor<64x!tt.ptr<f16>>
  // CHECK: tt.load %{{.*}}, %{{.*}} evictionPolicy = evict_first {isVolatile = true} : tensor<64x!tt.ptr<f16>>
  %5 = tt.load %1, %m evictionPolicy = evict_first {isVolatile = true} : tensor<64x!tt.ptr<f16>>
  // CHECK: tt.load %{{.*}} cacheModifier = cv : tensor<64x!tt.ptr<f16>>
  %6 = tt.load %1 cacheModifier = cv : tensor<64x!tt.ptr<f16>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = wt evictionPolicy = evict_first : tensor<64x!tt.ptr<f16>>
  tt.store %1, %4, %m cacheModifier = wt evictionPolicy = evict_first : tensor<64x!tt.ptr<f16>>
  // CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f16>
  tt.store %p, %3 : !tt.ptr<f16>
  // CHECK: tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %bp = tt.make_tensor_ptr %p, [%n, %n], [%n, %n], [%k, %k] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
  %bp2 = tt.advance %bp, [%k, %k] : <tensor<64x32xf16>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  %7 = tt.load %bp2 {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.store %bp2, %7 {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  %fp = tt.splat %q : !tt.ptr<f32, 3> -> tensor<64x!tt.ptr<f32, 3>>
  tt.return
}

// CHECK-LABEL: tt.func @atomics
tt.func @atomics(%p: !tt.ptr<i32>, %fp: !tt.ptr<f16>, %ps: tensor<32x!tt.ptr<i32>>, %v: tensor<32xi32>, %m: tensor<32xi1>, %x: i32, %h: f16, %c: i1) {
  // CHECK: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
  %0 = tt.atomic_rmw add, acq_rel, gpu, %ps, %v, %m : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
  // CHECK: tt.atomic_rmw fadd, relaxed, cta, %{{.*}}, %{{.*}} : (!tt.ptr<f16>, f16) -> f16
  %1 = tt.atomic_rmw fadd, relaxed, cta, %fp, %h : (!tt.ptr<f16>, f16) -> f16
  // CHECK: tt.atomic_rmw max, acquire, sys, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i1) -> i32
  %2 = tt.atomic_rmw max, acquire, sys, %p, %x, %c : (!tt.ptr<i32>, i32, i1) -> i32
  %3 = tt.atomic_rmw min, release, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %4 = tt.atomic_rmw umax, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %5 = tt.atomic_rmw umin, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %6 = tt.atomic_rmw and, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %7 = tt.atomic_rmw or, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %8 = tt.atomic_rmw xor, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw exch, acq_rel, gpu, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %9 = tt.atomic_rmw exch, acq_rel, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
  %10 = tt.atomic_cas acq_rel, gpu, %p, %x, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%p: !tt.ptr<f16>, %k: i32, %s: i64, %x: tensor<32xi32>, %v: tensor<32x64xf16>, %b: tensor<64x64xf16>) {
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f16>, <tensor<64x64xf16>>
  %d = tt.make_tensor_descriptor %p, [%k, %k], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cacheModifier = cg : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %0 = tt.descriptor_load %d[%k, %k] cacheModifier = cg : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_store %d[%k, %k], %b : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_reduce add, %d[%k, %k], %b : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  %r = tt.make_tensor_descriptor %p, [%k, %k], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<tensor<1x64xf16>>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  %1 = tt.descriptor_gather %r[%x, %k] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.descriptor_scatter %r[%x, %k], %v : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.return
}

// CHECK-LABEL: tt.func @compute
tt.func @compute(%a: tensor<64x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x128xf32>, %f: tensor<64x32xf32>, %g: tensor<32x128xf32>,
                 %ba: tensor<2x16x16xf16>, %bb: tensor<2x16x16xf16>, %bc: tensor<2x16x16xf32>,
                 %ia: tensor<16x32xi8>, %ib: tensor<32x16xi8>, %ic: tensor<16x16xi32>,
                 %sa: tensor<64x16xi8>, %sb: tensor<16x128xi8>, %ssa: tensor<64x1xi8>, %ssb: tensor<128x1xi8>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %1 = tt.dot %f, %g, %c : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %2 = tt.dot %f, %g, %c, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %3 = tt.dot %f, %g, %c, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %4 = tt.dot %f, %g, %c, inputPrecision = bf16x6 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<2x16x16xf16> * tensor<2x16x16xf16> -> tensor<2x16x16xf32>
  %5 = tt.dot %ba, %bb, %bc, inputPrecision = tf32 : tensor<2x16x16xf16> * tensor<2x16x16xf16> -> tensor<2x16x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  %6 = tt.dot %ia, %ib, %ic : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x16xi8>, tensor<64x1xi8> * tensor<16x128xi8>, tensor<128x1xi8> -> tensor<64x128xf32>
  %7 = tt.dot_scaled %sa scale %ssa, %sb scale %ssb, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x16xi8>, tensor<64x1xi8> * tensor<16x128xi8>, tensor<128x1xi8> -> tensor<64x128xf32>
  // CHECK: tt.dot_scaled %{{.*}}, %{{.*}}, %{{.*}} lhs = fp16 rhs = fp16 {fastMath = true} : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  %8 = tt.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 {fastMath = true} : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  tt.return
}

// Upstream prints reduce and scan in generic form; so do we.
// CHECK-LABEL: tt.func @reductions
tt.func @reductions(%x: tensor<16x32xf32>, %i: tensor<16x32xi32>) {
  // CHECK: %{{.*}}:2 = "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: i32):
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK: }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  %0:2 = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %vi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %v, %vi : f32, i32
  }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
  // CHECK: tt.scan.return %{{.*}} : f32
  // CHECK: }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  tt.return
}

// CHECK-LABEL: tt.func @spmd_and_debug
tt.func @spmd_and_debug(%x: tensor<16xi32>, %c: tensor<16xi1>) {
  // CHECK: tt.get_program_id x : i32
  %0 = tt.get_program_id x : i32
  // CHECK: tt.get_program_id y : i32
  %1 = tt.get_program_id y : i32
  // CHECK: tt.get_program_id z : i32
  %2 = tt.get_program_id z : i32
  // CHECK: tt.get_num_programs z : i32
  %3 = tt.get_num_programs z : i32
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1, 1>} : %{{.*}}, %{{.*}} : i32, tensor<16xi32>
  tt.print " x: " {hex = false, isSigned = array<i32: 1, 1>} : %0, %x : i32, tensor<16xi32>
  // CHECK: tt.print "hello" {hex = true, isSigned = array<i32>}
  tt.print "hello" {hex = true, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "x must be positive" : tensor<16xi1>
  tt.assert %c, "x must be positive" : tensor<16xi1>
  tt.return
}

// CHECK-LABEL: tt.func private @callee(%{{.*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{.*}}: i32) -> f32 attributes {noinline = true}
tt.func private @callee(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> f32 attributes {noinline = true} {
  %0 = tt.load %p : !tt.ptr<f32>
  tt.return %0 : f32
}
// CHECK-LABEL: tt.func public @caller
tt.func public @caller(%p: !tt.ptr<f32>, %n: i32) {
  // CHECK: tt.call @callee(%{{.*}}, %{{.*}}) : (!tt.ptr<f32>, i32) -> f32
  %0 = tt.call @callee(%p, %n) : (!tt.ptr<f32>, i32) -> f32
  tt.return
}
// CHECK: tt.func private @declared(i32) -> i32
tt.func private @declared(i32) -> i32
