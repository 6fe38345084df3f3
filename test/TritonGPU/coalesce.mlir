// RUN: triton-opt %s -split-input-file --tritongpu-coalesce | FileCheck %s
// RUN: triton-opt %s -split-input-file --tritongpu-coalesce=remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Aligned, contiguous f32 pointers with a mask uniform over 16: 4 x f32.
  // CHECK: #[[V4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: tt.func @vector_add
  // REMARK: remark: tt.load: 4 x 32-bit elements per vector (128 bits)
  // REMARK: remark: tt.store: 4 x 32-bit elements per vector (128 bits)
  tt.func @vector_add(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #[[V4]]>
    // CHECK: %[[M:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, #blocked> -> tensor<1024xi1, #[[V4]]>
    // CHECK: %[[L:.*]] = tt.load %[[P]], %[[M]] : tensor<1024x!tt.ptr<f32>, #[[V4]]>
    // CHECK: ttg.convert_layout %[[L]] : tensor<1024xf32, #[[V4]]> -> tensor<1024xf32, #blocked>
    %l = tt.load %a, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[V4]]>
    tt.store %a, %l, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // What limits the width, each with its remark.
  // REMARK-LABEL: remark: tt.load: 1 x 32-bit elements per vector (32 bits), limited by the pointers' alignment
  // REMARK: remark: tt.load: 1 x 32-bit elements per vector (32 bits), limited by the pointers' contiguity
  // REMARK: remark: tt.load: 2 x 32-bit elements per vector (64 bits), limited by the mask, which is not uniform over wider vectors
  // REMARK: remark: tt.load: 2 x 32-bit elements per vector (64 bits), limited by the elements per thread
  // REMARK: remark: tt.atomic_rmw: 1 x 32-bit elements per vector (32 bits), limited by being an atomic, issued one element at a time
  tt.func @limits(%p: !tt.ptr<f32>, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 2 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    // No known alignment of %p.
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %l0 = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    // Every other element: not contiguous.
    %two = arith.constant dense<2> : tensor<1024xi32, #blocked>
    %r2 = arith.muli %r, %two : tensor<1024xi32, #blocked>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %b = tt.addptr %qs, %r2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %l1 = tt.load %b : tensor<1024x!tt.ptr<f32>, #blocked>
    // A bound known only to be even.
    %c = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %l2 = tt.load %c, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    // 256 elements over 128 threads: 2 each.
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %qs256 = tt.splat %q : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %d = tt.addptr %qs256, %r256 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %l3 = tt.load %d : tensor<256x!tt.ptr<f32>, #blocked>
    // Atomics are not vectorized.
    %v = arith.constant dense<1.0> : tensor<1024xf32, #blocked>
    %x = tt.atomic_rmw fadd, acq_rel, gpu, %c, %v : (tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return
  }
}

// -----

// 2-D: the order follows the pointers' contiguity; a column-major access
// gets order [0, 1].
// CHECK-DAG: #[[ROW:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#s0 = #ttg.slice<{dim = 0, parent = #blocked}>
#s1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @transpose
  tt.func @transpose(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #s1>
    %r1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #s0>
    %i = tt.expand_dims %r0 {axis = 1 : i32} : tensor<64xi32, #s1> -> tensor<64x1xi32, #blocked>
    %j = tt.expand_dims %r1 {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %row = arith.muli %i, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %row : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %jb = tt.broadcast %j : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %jb : tensor<64x64xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %off : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[ROW]]>
    %v = tt.load %xp : tensor<64x64x!tt.ptr<f32>, #blocked>
    %c64b = arith.constant dense<64> : tensor<1x64xi32, #blocked>
    %col = arith.muli %j, %c64b : tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %col : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %ib = tt.broadcast %i : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %toff = arith.addi %cb, %ib : tensor<64x64xi32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %toff : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[COL]]>
    tt.store %yp, %v : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Accesses of one shape share their elements per thread: the f32 load
// holds 8 elements (two 128-bit vectors) like the f16 store it feeds.
// CHECK: #[[E8:.*]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @cast
  tt.func @cast(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %h: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[E8]]>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f32>, #blocked>
    %t = arith.truncf %v : tensor<1024xf32, #blocked> to tensor<1024xf16, #blocked>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[E8]]>
    tt.store %hp, %t : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Sharing is decided for every access before any is rewritten (rewriting
// erases the access; deciding afterwards read freed ops, issue 17): the
// f16 store in the loop body shares with the f16 load there (8 elements),
// while the f32 load and store of the function body, in another region,
// keep their own 4.
// CHECK-DAG: #[[F4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[F8:.*]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @regions
  tt.func @regions(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[F4]]>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f32>, #blocked>
    // CHECK: scf.for
    scf.for %i = %c0 to %n step %c1 : i32 {
      // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[F8]]>
      %w = tt.load %hp : tensor<1024x!tt.ptr<f16>, #blocked>
      %w2 = arith.addf %w, %w : tensor<1024xf16, #blocked>
      // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[F8]]>
      tt.store %hp, %w2 : tensor<1024x!tt.ptr<f16>, #blocked>
    }
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[F4]]>
    tt.store %xp, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
