// RUN: triton-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s
// RUN: triton-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=8 threads-per-warp=32 num-ctas=1" | FileCheck %s --check-prefix=W8

// CHECK-DAG: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// W8: #[[W:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// W8: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @elementwise
// CHECK-SAME: %{{.*}}: tensor<1024xf32, #[[B1]]>) -> tensor<1024xf32, #[[B1]]>
tt.func @elementwise(%p: !tt.ptr<f32>, %x: tensor<1024xf32>) -> tensor<1024xf32> {
  // CHECK: arith.constant dense<2.000000e+00> : tensor<1024xf32, #[[B1]]>
  %c = arith.constant dense<2.0> : tensor<1024xf32>
  // CHECK: tt.make_range {{.*}} : tensor<1024xi32, #[[B1]]>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B1]]>
  %l = tt.load %a : tensor<1024x!tt.ptr<f32>>
  %m = arith.mulf %l, %c : tensor<1024xf32>
  %s = arith.addf %m, %x : tensor<1024xf32>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.return %s : tensor<1024xf32>
}

// -----

// Default 2-D layouts put lanes along the last dimension first; reductions
// give slices, and expand_dims takes one.
// CHECK-DAG: #[[R:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[C:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @reduce_expand
tt.func @reduce_expand(%x: tensor<64x128xf32>) -> tensor<64x1xf32> {
  // CHECK: "tt.reduce"
  // CHECK: }) : (tensor<64x128xf32, #[[R]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[R]]}>>
  %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<64x128xf32>) -> tensor<64xf32>
  // The slice becomes the default 1-D layout and back into a slice of the
  // 64x1 default layout; remove-layout-conversions cleans this up later.
  // CHECK: ttg.convert_layout {{.*}} -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[C]]}>>
  // CHECK: tt.expand_dims {{.*}} -> tensor<64x1xf32, #[[C]]>
  %e = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  tt.return %e : tensor<64x1xf32>
}

// -----

// tt.broadcast keeps its operand's layout.
// CHECK-LABEL: tt.func @broadcast
tt.func @broadcast(%x: tensor<64x1xf32>) -> tensor<64x64xf32> {
  // CHECK: tt.broadcast %{{.*}} : tensor<64x1xf32, #[[C:.*]]> -> tensor<64x64xf32, #[[C]]>
  %b = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x64xf32>
  tt.return %b : tensor<64x64xf32>
}

// -----

// tt.dot operands become dot_op layouts of the accumulator's layout.
// CHECK-LABEL: tt.func @dot
tt.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[P:.*]]}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[P]]}>>
  // CHECK: tt.dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<64x64xf32, #[[P]]>
  %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// split needs the size-2 dimension in registers; join and trans produce
// the layouts their operands imply.
// CHECK-DAG: #[[P2:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @split_join_trans
tt.func @split_join_trans(%x: tensor<256x2xf32>, %m: tensor<32x64xf32>) {
  // CHECK: tt.split %{{.*}} : tensor<256x2xf32, #[[P2]]> -> tensor<256xf32, #[[S:.*]]>
  %a, %b = tt.split %x : tensor<256x2xf32> -> tensor<256xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<256xf32, #{{.*}}> -> tensor<256x2xf32, #{{.*}}>
  %j = tt.join %b, %a : tensor<256xf32> -> tensor<256x2xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xf32, #{{.*}}> -> tensor<64x32xf32, #{{.*}}>
  %t = tt.trans %m {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  tt.return
}

// -----

// Loops carry layouts through their iteration arguments.
// CHECK-LABEL: tt.func @loop
tt.func @loop(%n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<128xf32, #[[L:.*]]>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128xf32>) : i32 {
    %one = arith.constant dense<1.0> : tensor<128xf32>
    %next = arith.addf %acc, %one : tensor<128xf32>
    // CHECK: scf.yield %{{.*}} : tensor<128xf32, #[[L]]>
    scf.yield %next : tensor<128xf32>
  }
  tt.return %r : tensor<128xf32>
}

// -----

// A reshape onto a 2x...x2 hypercube (tl.sort's) of a tensor smaller than
// the warps: the lanes stay on their elements and the warps hold copies,
// which a blocked layout says (its warps wrap around dimension 0), so the
// result is blocked, not #ttg.linear.
// CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[C:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [2, 2, 2, 2, 2], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]}>
// CHECK-NOT: #ttg.linear
// CHECK-LABEL: tt.func @hypercube
// CHECK: tt.reshape %{{.*}} : tensor<4x8xf32, #[[T]]> -> tensor<2x2x2x2x2xf32, #[[C]]>
tt.func @hypercube(%x: tensor<4x8xf32>) -> tensor<2x2x2x2x2xf32> {
  %r = tt.reshape %x : tensor<4x8xf32> -> tensor<2x2x2x2x2xf32>
  %i = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %s = tt.reshape %i : tensor<2xi32> -> tensor<1x1x1x2x1xi32>
  %b = tt.broadcast %s : tensor<1x1x1x2x1xi32> -> tensor<2x2x2x2x2xi32>
  %f = arith.sitofp %b : tensor<2x2x2x2x2xi32> to tensor<2x2x2x2x2xf32>
  %y = arith.addf %r, %f : tensor<2x2x2x2x2xf32>
  tt.return %y : tensor<2x2x2x2x2xf32>
}
