// RUN: triton-opt %s -split-input-file --tritongpu-remove-layout-conversions | FileCheck %s

// A coalesced load feeding elementwise ops and a store of the same layout:
// the ops move into the load's layout and every conversion goes.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @elementwise_chain
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @elementwise_chain(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %pv = ttg.convert_layout %p : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #v4>
    %l = tt.load %pv : tensor<1024x!tt.ptr<f32>, #v4>
    %lb = ttg.convert_layout %l : tensor<1024xf32, #v4> -> tensor<1024xf32, #blocked>
    %c = arith.constant dense<2.0> : tensor<1024xf32, #blocked>
    %m = arith.mulf %lb, %c : tensor<1024xf32, #blocked>
    %e = math.exp %m : tensor<1024xf32, #blocked>
    %ev = ttg.convert_layout %e : tensor<1024xf32, #blocked> -> tensor<1024xf32, #v4>
    %qv = ttg.convert_layout %q : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #v4>
    tt.store %qv, %ev : tensor<1024x!tt.ptr<f32>, #v4>
    tt.return
  }
}

// -----

// Cheap producers (ranges, splats, addptr) are recomputed in the layout the
// conversion wanted.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @rematerialize
  // CHECK-SAME: -> tensor<1024xf32, #[[V4:.*]]>
  // CHECK-DAG: %[[R:.*]] = tt.make_range {{.*}} : tensor<1024xi32, #[[V4]]>
  // CHECK-DAG: %[[S:.*]] = tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #[[V4]]>
  // CHECK: %[[A:.*]] = tt.addptr %[[S]], %[[R]] : tensor<1024x!tt.ptr<f32>, #[[V4]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.load %[[A]]
  tt.func @rematerialize(%p: !tt.ptr<f32>) -> tensor<1024xf32, #v4> {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %av = ttg.convert_layout %a : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #v4>
    %l = tt.load %av : tensor<1024x!tt.ptr<f32>, #v4>
    tt.return %l : tensor<1024xf32, #v4>
  }
}

// -----

// A row reduction: the reduce and the broadcast back follow the load's
// layout through slices, as upstream's softmax does.
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @reduction
  // CHECK-NOT: ttg.convert_layout
  // CHECK: "tt.reduce"
  // CHECK: -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[V:.*]]}>>
  // CHECK: tt.expand_dims {{.*}} -> tensor<16x1xf32, #[[V]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @reduction(%p: tensor<16x512x!tt.ptr<f32>, #v>, %q: tensor<16x512x!tt.ptr<f32>, #v>) {
    %l = tt.load %p : tensor<16x512x!tt.ptr<f32>, #v>
    %lb = ttg.convert_layout %l : tensor<16x512xf32, #v> -> tensor<16x512xf32, #b>
    %m = "tt.reduce"(%lb) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %z = arith.maxnumf %x, %y : f32
      tt.reduce.return %z : f32
    }) : (tensor<16x512xf32, #b>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>>
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<16x1xf32, #b>
    %bc = tt.broadcast %e : tensor<16x1xf32, #b> -> tensor<16x512xf32, #b>
    %d = arith.subf %lb, %bc : tensor<16x512xf32, #b>
    %dv = ttg.convert_layout %d : tensor<16x512xf32, #b> -> tensor<16x512xf32, #v>
    tt.store %q, %dv : tensor<16x512x!tt.ptr<f32>, #v>
    tt.return
  }
}

// -----

// A conversion stays where removing it would cost a store its vector width.
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @keeps_store_width
  // CHECK: ttg.convert_layout %{{.*}} : tensor<1024xf32, #{{.*}}> -> tensor<1024xf32, #[[W:.*]]>
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[W]]>
  tt.func @keeps_store_width(%v: tensor<1024xf32, #v1>, %q: tensor<1024x!tt.ptr<f32>, #v4>) {
    %c = ttg.convert_layout %v : tensor<1024xf32, #v1> -> tensor<1024xf32, #v4>
    tt.store %q, %c : tensor<1024x!tt.ptr<f32>, #v4>
    tt.return
  }
}

// -----

// An MMA accumulator stored through pointers whose alignment is unknown
// (one element a lane, 32 lanes along a row): the conversion stays. In the
// MMA layout one warp instruction covers 8 rows of 8 columns, each row a
// pair per lane: storing from it would not be coalesced, even though the
// accumulator's registers cover whole rows (tutorial 08's grouped GEMM).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @keeps_mma_store_coalesced
  // CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<128x128xf16, #{{.*}}> -> tensor<128x128xf16, #[[ROW:.*]]>
  // CHECK: tt.store %{{.*}}, %[[C]] : tensor<128x128x!tt.ptr<f16>, #[[ROW]]>
  tt.func @keeps_mma_store_coalesced(%base: !tt.ptr<f16>, %acc: tensor<128x128xf16, #mma>) {
    %p = tt.splat %base : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #row>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #row}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x128xi32, #row>
    %b = tt.broadcast %e : tensor<1x128xi32, #row> -> tensor<128x128xi32, #row>
    %q = tt.addptr %p, %b : tensor<128x128x!tt.ptr<f16>, #row>, tensor<128x128xi32, #row>
    %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #row>
    tt.store %q, %c : tensor<128x128x!tt.ptr<f16>, #row>
    tt.return
  }
}

// -----

// Conversions to the same layout and chains of conversions fold.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @chains
  // CHECK-NEXT: tt.return %{{.*}} : tensor<256xf32, #{{.*}}>
  tt.func @chains(%x: tensor<256xf32, #a>) -> tensor<256xf32, #a> {
    %0 = ttg.convert_layout %x : tensor<256xf32, #a> -> tensor<256xf32, #b>
    %1 = ttg.convert_layout %0 : tensor<256xf32, #b> -> tensor<256xf32, #a>
    tt.return %1 : tensor<256xf32, #a>
  }
}

// -----

// Layouts flow through scf.if results and scf.for iteration arguments.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @regions
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.if {{.*}} -> (tensor<256xf32, #[[V2:.*]]>)
  // CHECK: scf.for {{.*}} -> (tensor<256xf32, #[[V2]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store
  tt.func @regions(%x: !tt.ptr<f32>, %c: i1, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #v2>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #v2>
    %p = tt.addptr %xs, %r : tensor<256x!tt.ptr<f32>, #v2>, tensor<256xi32, #v2>
    %l = tt.load %p : tensor<256x!tt.ptr<f32>, #v2>
    %lb = ttg.convert_layout %l : tensor<256xf32, #v2> -> tensor<256xf32, #blocked>
    %two = arith.constant dense<2.0> : tensor<256xf32, #blocked>
    %y = scf.if %c -> (tensor<256xf32, #blocked>) {
      %a = arith.mulf %lb, %two : tensor<256xf32, #blocked>
      scf.yield %a : tensor<256xf32, #blocked>
    } else {
      %b = arith.addf %lb, %two : tensor<256xf32, #blocked>
      scf.yield %b : tensor<256xf32, #blocked>
    }
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (tensor<256xf32, #blocked>) : i32 {
      %s = arith.addf %acc, %two : tensor<256xf32, #blocked>
      scf.yield %s : tensor<256xf32, #blocked>
    }
    %zv = ttg.convert_layout %z : tensor<256xf32, #blocked> -> tensor<256xf32, #v2>
    tt.store %p, %zv : tensor<256x!tt.ptr<f32>, #v2>
    tt.return
  }
}

// -----

// Layouts flow through reshape, trans, split and join (their result layout
// from the layout algebra); a single conversion remains before each store,
// as in upstream's TTGIR for the same kernel.
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#pair = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @shape_ops
  // CHECK: %[[L:.*]] = tt.load
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.reshape %[[L]]
  // CHECK: tt.split
  // CHECK: %[[J:.*]] = tt.join
  // CHECK: ttg.convert_layout %[[J]]
  // CHECK: tt.store
  tt.func @shape_ops(%p: tensor<2048x!tt.ptr<f32>, #flat>, %q: tensor<1024x2x!tt.ptr<f32>, #row>) {
    %l = tt.load %p : tensor<2048x!tt.ptr<f32>, #flat>
    %lb = ttg.convert_layout %l : tensor<2048xf32, #flat> -> tensor<2048xf32, #one>
    %r = tt.reshape %lb : tensor<2048xf32, #one> -> tensor<1024x2xf32, #ttg.linear<{register = [[64, 0], [128, 0], [256, 0], [512, 0]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>>
    %rp = ttg.convert_layout %r : tensor<1024x2xf32, #ttg.linear<{register = [[64, 0], [128, 0], [256, 0], [512, 0]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>> -> tensor<1024x2xf32, #pair>
    %a, %b = tt.split %rp : tensor<1024x2xf32, #pair> -> tensor<1024xf32, #one>
    %j = tt.join %b, %a : tensor<1024xf32, #one> -> tensor<1024x2xf32, #pair>
    %jr = ttg.convert_layout %j : tensor<1024x2xf32, #pair> -> tensor<1024x2xf32, #row>
    tt.store %q, %jr : tensor<1024x2x!tt.ptr<f32>, #row>
    tt.return
  }
}

// -----

// A pointer tensor carried by a loop and converted for the load inside it:
// the loop carries it in the load's layout, the initial value is recomputed
// in that layout before the loop and nothing is converted per iteration.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK: #[[V4:.*]] = #ttg.blocked<{sizePerThread = [4]
  // CHECK-LABEL: tt.func @hoist_pointer_iter_arg
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.splat %{{.*}} -> tensor<512x!tt.ptr<f32>, #[[V4]]>
  // CHECK: scf.for {{.*}} -> (tensor<512x!tt.ptr<f32>, #[[V4]]>, tensor<512xf32, #[[V4]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.load %{{.*}} : tensor<512x!tt.ptr<f32>, #[[V4]]>
  // CHECK: tt.addptr %{{.*}} : tensor<512x!tt.ptr<f32>, #[[V4]]>, tensor<512xi32, #[[V4]]>
  // CHECK: scf.yield
  tt.func @hoist_pointer_iter_arg(%x: !tt.ptr<f32>, %n: i32) -> tensor<512xf32, #v4> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<512> : tensor<512xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #v4>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p0 = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %out:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %zero) -> (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #v4>) : i32 {
      %pv = ttg.convert_layout %p : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #v4>
      %l = tt.load %pv : tensor<512x!tt.ptr<f32>, #v4>
      %a = arith.addf %acc, %l : tensor<512xf32, #v4>
      %pn = tt.addptr %p, %step : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      scf.yield %pn, %a : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #v4>
    }
    tt.return %out#1 : tensor<512xf32, #v4>
  }
}

// -----

// The initial value comes from a load, which is not recomputed: it is
// converted once before the loop instead of once per iteration (the store
// keeps the conversion's target layout, which has the wider vectors).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @hoist_converts_init
  // CHECK: %[[INIT:.*]] = tt.load %{{.*}} : tensor<512x!tt.ptr<f32>, #[[B:blocked[0-9]*]]>
  // CHECK: %[[CVT:.*]] = ttg.convert_layout %[[INIT]] : tensor<512xf32, #[[B]]> -> tensor<512xf32, #[[V:blocked[0-9]*]]>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[CVT]]) -> (tensor<512xf32, #[[V]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<512x!tt.ptr<f32>, #[[V]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.yield
  tt.func @hoist_converts_init(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p0 = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %init = tt.load %p0 : tensor<512x!tt.ptr<f32>, #blocked>
    %r4 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #v4>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v4>
    %q = tt.addptr %ys, %r4 : tensor<512x!tt.ptr<f32>, #v4>, tensor<512xi32, #v4>
    %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<512xf32, #blocked>) : i32 {
      %v = ttg.convert_layout %acc : tensor<512xf32, #blocked> -> tensor<512xf32, #v4>
      tt.store %q, %v : tensor<512x!tt.ptr<f32>, #v4>
      %e = math.exp %acc : tensor<512xf32, #blocked>
      scf.yield %e : tensor<512xf32, #blocked>
    }
    tt.return
  }
}

// -----

// A conversion before a loop whose value reaches, inside the loop, a
// conversion that would stay: the forward rewrite does not move it into the
// loop.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#v2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @no_conversion_into_loop
  // CHECK: tt.load
  // CHECK-NEXT: ttg.convert_layout
  // CHECK: scf.for
  // CHECK: ttg.convert_layout
  // CHECK: scf.yield
  tt.func @no_conversion_into_loop(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p0 = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %ld = tt.load %p0 : tensor<512x!tt.ptr<f32>, #blocked>
    %init = ttg.convert_layout %ld : tensor<512xf32, #blocked> -> tensor<512xf32, #v4>
    %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<512xf32, #v4>) : i32 {
      %e = math.exp %acc : tensor<512xf32, #v4>
      %r2 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #v2>
      %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v2>
      %q = tt.addptr %ys, %r2 : tensor<512x!tt.ptr<f32>, #v2>, tensor<512xi32, #v2>
      %ld2 = tt.load %q : tensor<512x!tt.ptr<f32>, #v2>
      %ev = ttg.convert_layout %ld2 : tensor<512xf32, #v2> -> tensor<512xf32, #v4>
      %s = arith.addf %e, %ev : tensor<512xf32, #v4>
      scf.yield %s : tensor<512xf32, #v4>
    }
    %os = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #v4>
    %r4 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #v4>
    %oq = tt.addptr %os, %r4 : tensor<512x!tt.ptr<f32>, #v4>, tensor<512xi32, #v4>
    tt.store %oq, %out : tensor<512x!tt.ptr<f32>, #v4>
    tt.return
  }
}

// -----

// Dominance (upstream #6733, #10327): a mask built before a loop is needed
// in one layout by a load inside the loop and in another by the store after
// it. Each recomputation is placed where the op it copies was, so every
// value still dominates its uses (triton-opt verifies after the pass).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#v4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#v2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @mask_used_in_and_after_loop
  // CHECK: scf.for
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.load %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f32>, #[[L:blocked[0-9]*]]>
  // CHECK: scf.yield
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f32>, #[[S:blocked[0-9]*]]>
  tt.func @mask_used_in_and_after_loop(%x: !tt.ptr<f32>, %tok: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #blocked>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %t = tt.splat %tok : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %tm = arith.cmpi slt, %r, %t : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %tm2 = tt.expand_dims %tm {axis = 1 : i32} : tensor<32xi1, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi1, #blocked>
    %mask = tt.broadcast %tm2 : tensor<32x1xi1, #blocked> -> tensor<32x32xi1, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #blocked>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<32x32xf32, #blocked>) : i32 {
      %p4 = ttg.convert_layout %xs : tensor<32x32x!tt.ptr<f32>, #blocked> -> tensor<32x32x!tt.ptr<f32>, #v4>
      %m4 = ttg.convert_layout %mask : tensor<32x32xi1, #blocked> -> tensor<32x32xi1, #v4>
      %l = tt.load %p4, %m4 : tensor<32x32x!tt.ptr<f32>, #v4>
      %lb = ttg.convert_layout %l : tensor<32x32xf32, #v4> -> tensor<32x32xf32, #blocked>
      %s = arith.addf %a, %lb : tensor<32x32xf32, #blocked>
      scf.yield %s : tensor<32x32xf32, #blocked>
    }
    %p2 = ttg.convert_layout %xs : tensor<32x32x!tt.ptr<f32>, #blocked> -> tensor<32x32x!tt.ptr<f32>, #v2>
    %m2 = ttg.convert_layout %mask : tensor<32x32xi1, #blocked> -> tensor<32x32xi1, #v2>
    %acc2 = ttg.convert_layout %acc : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #v2>
    tt.store %p2, %acc2, %m2 : tensor<32x32x!tt.ptr<f32>, #v2>
    tt.return
  }
}

// -----

// Upstream #4178 (an assertion there): a dot accumulator carried by scf.for,
// converted to the dot's layout and back every iteration, whose result then
// feeds an scf.while. The loop carries it in the dot's layout and one
// conversion after the loop gives the while (and the store, which keeps its
// 8-wide vectors) the old layout.
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked7 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @for_then_while
  // CHECK: %[[R:.*]]:3 = scf.for {{.*}} -> (tensor<64x64xf32, #[[D:blocked[0-9]*]]>,
  // CHECK-NOT: ttg.convert_layout %{{.*}} : tensor<64x64xf32
  // CHECK: tt.dot
  // CHECK-NOT: ttg.convert_layout %{{.*}} : tensor<64x64xf32
  // CHECK: scf.yield
  // CHECK: %[[BACK:.*]] = ttg.convert_layout %[[R]]#0 : tensor<64x64xf32, #[[D]]> -> tensor<64x64xf32, #[[A:blocked[0-9]*]]>
  // CHECK: scf.while ({{.*}} = %[[BACK]]
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[A]]>
  tt.func @for_then_while(%a: tensor<64x32x!tt.ptr<f16>, #blocked2>, %b: tensor<32x64x!tt.ptr<f16>, #blocked1>, %out: tensor<64x64x!tt.ptr<f32>, #blocked1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #blocked1>
    %sa = arith.constant dense<32> : tensor<64x32xi32, #blocked2>
    %sb = arith.constant dense<2048> : tensor<32x64xi32, #blocked1>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %a, %pb = %b) -> (tensor<64x64xf32, #blocked1>, tensor<64x32x!tt.ptr<f16>, #blocked2>, tensor<32x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %x = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked2>
      %y = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked2> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked7}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked7}>>
      %c = ttg.convert_layout %acc : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked7>
      %d = tt.dot %xd, %yd, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked7}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked7}>> -> tensor<64x64xf32, #blocked7>
      %db = ttg.convert_layout %d : tensor<64x64xf32, #blocked7> -> tensor<64x64xf32, #blocked1>
      %na = tt.addptr %pa, %sa : tensor<64x32x!tt.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
      %nb = tt.addptr %pb, %sb : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %db, %na, %nb : tensor<64x64xf32, #blocked1>, tensor<64x32x!tt.ptr<f16>, #blocked2>, tensor<32x64x!tt.ptr<f16>, #blocked1>
    }
    %w:2 = scf.while (%acc = %r#0, %k = %c0) : (tensor<64x64xf32, #blocked1>, i32) -> (tensor<64x64xf32, #blocked1>, i32) {
      %cond = arith.cmpi slt, %k, %n : i32
      scf.condition(%cond) %acc, %k : tensor<64x64xf32, #blocked1>, i32
    } do {
    ^bb0(%acc2: tensor<64x64xf32, #blocked1>, %k2: i32):
      %acc7 = ttg.convert_layout %acc2 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked7>
      %e = math.exp %acc7 : tensor<64x64xf32, #blocked7>
      %eb = ttg.convert_layout %e : tensor<64x64xf32, #blocked7> -> tensor<64x64xf32, #blocked1>
      %k3 = arith.addi %k2, %c1 : i32
      scf.yield %eb, %k3 : tensor<64x64xf32, #blocked1>, i32
    }
    tt.store %out, %w#0 : tensor<64x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A matmul epilogue: the f32 accumulator is narrowed to f16 before the
// conversion to the store's layout (half the bytes through shared memory);
// a widening op after a conversion stays where it is.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @narrow_then_convert
  // CHECK: %[[T:.*]] = arith.truncf %arg0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[T]] : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
  // CHECK-NEXT: tt.store %arg1, %[[C]]
  tt.func @narrow_then_convert(%acc: tensor<128x128xf32, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    %t = arith.truncf %c : tensor<128x128xf32, #blocked> to tensor<128x128xf16, #blocked>
    tt.store %p, %t : tensor<128x128x!tt.ptr<f16>, #blocked>
    tt.return
  }
  // CHECK-LABEL: tt.func @widen_stays
  // CHECK: ttg.convert_layout %arg0 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
  // CHECK-NEXT: arith.extf
  tt.func @widen_stays(%acc: tensor<128x128xf16, #mma>, %p: tensor<128x128x!tt.ptr<f32>, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    %t = arith.extf %c : tensor<128x128xf16, #blocked> to tensor<128x128xf32, #blocked>
    tt.store %p, %t : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// tl.sort's indicator (arange(0, 2) reshaped onto one axis of the 2x...x2
// hypercube) is recomputed in the layout its user needs: the make_range
// takes the layout the reshape maps back to, and no conversion is left.
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#cube = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [2, 2, 2, 2, 2], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]}>
#axis3 = #ttg.linear<{register = [], lane = [[0, 0, 0, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], warp = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @indicator
  // CHECK: %[[R:.*]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #linear>
  // CHECK-NEXT: tt.reshape %[[R]] : tensor<2xi32, #linear> -> tensor<1x1x1x2x1xi32, #blocked>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @indicator(%x: tensor<2x2x2x2x2xi32, #cube>) -> tensor<2x2x2x2x2xi32, #cube> {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #one>
    %s = tt.reshape %r : tensor<2xi32, #one> -> tensor<1x1x1x2x1xi32, #axis3>
    %c = ttg.convert_layout %s : tensor<1x1x1x2x1xi32, #axis3> -> tensor<1x1x1x2x1xi32, #cube>
    %b = tt.broadcast %c : tensor<1x1x1x2x1xi32, #cube> -> tensor<2x2x2x2x2xi32, #cube>
    %y = arith.xori %x, %b : tensor<2x2x2x2x2xi32, #cube>
    tt.return %y : tensor<2x2x2x2x2xi32, #cube>
  }
}

// -----

// Two loops, the second starting from the first one's result (attention's
// causal split: the tiles left of the diagonal block, then the diagonal
// block's). Each loop's reductions move into its load's layout: the first
// loop's rewrite stops at the second loop's initial value (a conversion
// between the loops), which the second loop's rewrite then folds, so no
// conversion is left in either loop.
#v2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#lin = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @two_loops
  // CHECK-SAME: %[[P:.*]]: tensor<64x64x!tt.ptr<f32>, #[[V2:[a-z0-9]+]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.for {{.*}} -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[V2]]}>>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: }) : (tensor<64x64xf32, #[[V2]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.for {{.*}} -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[V2]]}>>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: }) : (tensor<64x64xf32, #[[V2]]>)
  // CHECK: scf.yield
  // CHECK: ttg.convert_layout
  // CHECK: tt.store
  tt.func @two_loops(%p: tensor<64x64x!tt.ptr<f32>, #v2>, %q: tensor<64x!tt.ptr<f32>, #lin>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %a = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #v2>
      %xb = ttg.convert_layout %x : tensor<64x64xf32, #v2> -> tensor<64x64xf32, #blocked>
      %r = "tt.reduce"(%xb) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %w = arith.maxnumf %u, %v : f32
        tt.reduce.return %w : f32
      }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %mn = arith.maxnumf %m, %r : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %mn : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    %b = scf.for %i = %n to %c1 step %c1 iter_args(%m = %a) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #v2>
      %xb = ttg.convert_layout %x : tensor<64x64xf32, #v2> -> tensor<64x64xf32, #blocked>
      %r = "tt.reduce"(%xb) <{axis = 1 : i32}> ({
      ^bb0(%u: f32, %v: f32):
        %w = arith.maxnumf %u, %v : f32
        tt.reduce.return %w : f32
      }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %mn = arith.maxnumf %m, %r : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %mn : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    %o = ttg.convert_layout %b : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64xf32, #lin>
    tt.store %q, %o : tensor<64x!tt.ptr<f32>, #lin>
    tt.return
  }
}
