// A thread's pointers as one base plus constants (AffinePointers.cpp): where
// a tile's pointers are `base + a . idx` and the layout gives registers
// coordinate bits of their own, register r's pointer is register 0's plus a
// byte offset, so the accesses share one address register.
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s

// A 64 x 64 f16 tile at rows of 64 elements: each thread holds 8 columns of
// rows t, t + 16, t + 32 and t + 48, so its four 16-byte cp.async copies read
// from one pointer at 0, 2048, 4096 and 6144 bytes.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tile_copy
  // CHECK: %[[C1:[0-9]+]] = llvm.mlir.constant(2048 : i32) : i32
  // CHECK-NEXT: %[[P1:[0-9]+]] = llvm.getelementptr %[[P:[0-9]+]][%[[C1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: %[[C2:[0-9]+]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK-NEXT: %[[P2:[0-9]+]] = llvm.getelementptr %[[P]][%[[C2]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: %[[C3:[0-9]+]] = llvm.mlir.constant(6144 : i32) : i32
  // CHECK-NEXT: %[[P3:[0-9]+]] = llvm.getelementptr %[[P]][%[[C3]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P]], 16, cache = cg
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P1]], 16, cache = cg
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P2]], 16, cache = cg
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P3]], 16, cache = cg
  // CHECK-NOT: nvvm.cp.async.shared.global
  tt.func public @tile_copy(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #b>
    %rs = arith.muli %r2, %c64 : tensor<64x1xi32, #b>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #b>
    %base = tt.splat %src : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #b>
    %p = tt.addptr %base, %off : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #b> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }

  // A store of the same tile outside any loop keeps a pointer per register
  // (loads and stores share theirs in loops only).
  // CHECK-LABEL: llvm.func @tile_store
  // CHECK-NOT: [$0+
  // CHECK-COUNT-4: "st.global.v4.b32 [$0], {$1, $2, $3, $4};"
  // CHECK-NOT: [$0+
  // CHECK: llvm.return
  tt.func public @tile_store(%dst: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %x: tensor<64x64xf16, #b>) {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #b>
    %rs = arith.muli %c64, %r2 : tensor<64x1xi32, #b>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %off = arith.addi %cb, %rb : tensor<64x64xi32, #b>
    %base = tt.splat %dst : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #b>
    %p = tt.addptr %base, %off : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
    tt.store %p, %x : tensor<64x64x!tt.ptr<f16>, #b>
    tt.return
  }
}

// -----

// Through a loop: the pointers advance by a splat each iteration, so their
// coefficients stay (64, 1) and the loads inside share one pointer, the
// other registers' addresses immediates in the PTX, as does the second
// store; the first store's pointers advance by the tile's own offsets
// (coefficients doubling each iteration) and keep one address per register.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @loop
  // CHECK: ^bb1(%{{[0-9]+}}: i32, %[[PS:[0-9]+]]: !llvm.struct<(ptr<1>,
  // CHECK: %[[P:[0-9]+]] = llvm.extractvalue %[[PS]][0]
  // CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l" %[[P]]
  // CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+2048];", "=r,=r,=r,=r,l" %[[P]]
  // CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+4096];", "=r,=r,=r,=r,l" %[[P]]
  // CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4+6144];", "=r,=r,=r,=r,l" %[[P]]
  // CHECK-NOT: [$0+
  // CHECK: "st.global.b16 [$0], $1;"
  // CHECK: "st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r" %[[O:[0-9]+]],
  // CHECK: "st.global.v4.b32 [$0+2048], {$1, $2, $3, $4};", "l,r,r,r,r" %[[O]],
  // CHECK: "st.global.v4.b32 [$0+4096], {$1, $2, $3, $4};", "l,r,r,r,r" %[[O]],
  // CHECK: "st.global.v4.b32 [$0+6144], {$1, $2, $3, $4};", "l,r,r,r,r" %[[O]],
  // CHECK: llvm.return
  tt.func public @loop(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<4096> : tensor<64x64xi32, #b>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c6 = arith.constant dense<6> : tensor<64x1xi32, #b>
    %rs = arith.shli %r2, %c6 : tensor<64x1xi32, #b>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #b>
    %sb = tt.splat %src : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #b>
    %sp = tt.addptr %sb, %off : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
    %db = tt.splat %dst : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #b>
    %dp = tt.addptr %db, %off : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ps = %sp, %pd = %dp, %po = %dp) -> (tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %ps : tensor<64x64x!tt.ptr<f16>, #b>
      tt.store %pd, %x : tensor<64x64x!tt.ptr<f16>, #b>
      tt.store %po, %x : tensor<64x64x!tt.ptr<f16>, #b>
      %ps2 = tt.addptr %ps, %step : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
      %pd2 = tt.addptr %pd, %off : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
      %po2 = tt.addptr %po, %step : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
      scf.yield %ps2, %pd2, %po2 : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64x!tt.ptr<f16>, #b>
    }
    tt.return
  }
}

// -----

// Left alone: a gather in a loop (offsets loaded from memory; the load of
// the offsets is affine), and a layout whose
// register and lane bases share coordinate bit 0 of rows, where register 1
// is row r ^ 1 rather than r + 1 (the sum of the two would be wrong for odd
// lanes).
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin = #ttg.linear<{register = [[1, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 2], [0, 4]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @gather
  // The indices' own load reads base + idx: one pointer, 4 bytes apart.
  // CHECK: ^bb1
  // CHECK: "ld.global.b32 $0, [$1];", "=r,l" %[[I:[0-9]+]]
  // CHECK: "ld.global.b32 $0, [$1+4];", "=r,l" %[[I]]
  // CHECK: "ld.global.b32 $0, [$1+8];", "=r,l" %[[I]]
  // CHECK: "ld.global.b32 $0, [$1+12];", "=r,l" %[[I]]
  // CHECK-NOT: [$1+
  // CHECK-COUNT-4: "ld.global.b32 $0, [$1];"
  // CHECK-NOT: [$0+
  // CHECK-COUNT-4: "st.global.b32 [$0], $1;"
  // CHECK: llvm.return
  tt.func public @gather(%src: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %dst: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
      %ib = tt.splat %idx : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b1>
      %ip = tt.addptr %ib, %r : tensor<512x!tt.ptr<i32>, #b1>, tensor<512xi32, #b1>
      %i = tt.load %ip : tensor<512x!tt.ptr<i32>, #b1>
      %sb = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
      %sp = tt.addptr %sb, %i : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
      %x = tt.load %sp : tensor<512x!tt.ptr<f32>, #b1>
      %db = tt.splat %dst : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
      %dp = tt.addptr %db, %i : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
      tt.store %dp, %x : tensor<512x!tt.ptr<f32>, #b1>
    }
    tt.return
  }

  // Offsets from -1 zero-extended: element 0's is 2^32 - 1, element 1's 0.
  // CHECK-LABEL: llvm.func @zero_extended
  // CHECK: ^bb1
  // CHECK-NOT: [$1+
  // CHECK-COUNT-4: "ld.global.b32 $0, [$1];"
  // CHECK-NOT: [$1+
  // CHECK: llvm.return
  tt.func public @zero_extended(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m1 = arith.constant dense<-1> : tensor<512xi32, #b1>
    scf.for %k = %c0 to %n step %c1 : i32 {
      %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
      %o = arith.addi %r, %m1 : tensor<512xi32, #b1>
      %w = arith.extui %o : tensor<512xi32, #b1> to tensor<512xi64, #b1>
      %sb = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
      %sp = tt.addptr %sb, %w : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi64, #b1>
      %x = tt.load %sp : tensor<512x!tt.ptr<f32>, #b1>
      %db = tt.splat %dst : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
      %dp = tt.addptr %db, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
      tt.store %dp, %x : tensor<512x!tt.ptr<f32>, #b1>
    }
    tt.return
  }

  // CHECK-LABEL: llvm.func @shared_bits
  // CHECK: ^bb1
  // CHECK-NOT: !llvm.ptr<1>, i8
  // CHECK-NOT: [$1+
  // CHECK-NOT: [$0+
  // CHECK: llvm.return
  tt.func public @shared_bits(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #lin}>>
      %cols = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #lin}>>
      %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #lin}>> -> tensor<32x1xi32, #lin>
      %c8 = arith.constant dense<8> : tensor<32x1xi32, #lin>
      %rs = arith.muli %c8, %r2 : tensor<32x1xi32, #lin>
      %rb = tt.broadcast %rs : tensor<32x1xi32, #lin> -> tensor<32x8xi32, #lin>
      %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #lin}>> -> tensor<1x8xi32, #lin>
      %cb = tt.broadcast %c2 : tensor<1x8xi32, #lin> -> tensor<32x8xi32, #lin>
      %off = arith.addi %rb, %cb : tensor<32x8xi32, #lin>
      %sb = tt.splat %src : !tt.ptr<f32> -> tensor<32x8x!tt.ptr<f32>, #lin>
      %sp = tt.addptr %sb, %off : tensor<32x8x!tt.ptr<f32>, #lin>, tensor<32x8xi32, #lin>
      %x = tt.load %sp : tensor<32x8x!tt.ptr<f32>, #lin>
      %db = tt.splat %dst : !tt.ptr<f32> -> tensor<32x8x!tt.ptr<f32>, #lin>
      %dp = tt.addptr %db, %off : tensor<32x8x!tt.ptr<f32>, #lin>, tensor<32x8xi32, #lin>
      tt.store %dp, %x : tensor<32x8x!tt.ptr<f32>, #lin>
    }
    tt.return
  }
}
