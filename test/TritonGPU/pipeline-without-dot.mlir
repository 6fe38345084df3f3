// Loops without a dot: pipelined only when they carry `tt.num_stages`
// (`tl.range(..., num_stages=)`), as upstream. Their copyable loads are
// staged through shared memory (`local_alloc`, read back by `local_load` in
// the load's own layout) and become a ring of async copies; a loop that is
// not pipelined keeps its loads as they are (the staging is undone).
// RUN: triton-opt %s -split-input-file -tritongpu-pipeline="remarks=true" -verify-diagnostics | FileCheck %s
// The buffer is laid out in the load's own order, unswizzled:
// RUN: triton-opt %s -split-input-file -tritongpu-pipeline | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>

#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @row_sum_three_stages
  // CHECK: %[[RING:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x16x128xf32, #[[SH:[a-z_0-9]+]], #smem, mutable>
  // CHECK-COUNT-2: ttg.async_copy_global_to_local {{.*}} {contiguity = 4 : i32}
  // CHECK: scf.for
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_wait {{.*}}{num = 2 : i32}
  // CHECK: %[[SLOT:.*]] = ttg.memdesc_index %[[RING]]
  // CHECK: %[[X:.*]] = ttg.local_load %[[SLOT]] : !ttg.memdesc<16x128xf32, #[[SH]], #smem, mutable, 3x16x128> -> tensor<16x128xf32, #blocked>
  // CHECK: "tt.reduce"(%[[X]])
  // CHECK: scf.yield
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK: ttg.local_dealloc %[[RING]]
  tt.func @row_sum_three_stages(%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>> {
    %c0 = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
    %zt = arith.constant dense<0.000000e+00> : tensor<16x128xf32, #bl>
    %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %re = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<16x1xi32, #bl>
    %stride = tt.splat %n : i32 -> tensor<16x1xi32, #bl>
    %ro = arith.muli %re, %stride : tensor<16x1xi32, #bl>
    %rb = tt.broadcast %ro : tensor<16x1xi32, #bl> -> tensor<16x128xi32, #bl>
    %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #bl> -> tensor<16x128xi32, #bl>
    %off = arith.addi %rb, %cb : tensor<16x128xi32, #bl>
    %base = tt.splat %X : !tt.ptr<f32> -> tensor<16x128x!tt.ptr<f32>, #bl>
    %p0 = tt.addptr %base, %off : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
    %nsplat = tt.splat %n : i32 -> tensor<1x128xi32, #bl>
    // expected-remark @+1 {{loop pipelined: 1 loads as async copies, 3 stages}}
    %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%p = %p0, %acc = %zero) -> (tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>) : i32 {
      %ks = tt.splat %k : i32 -> tensor<1x128xi32, #bl>
      %kc = arith.addi %ks, %ce : tensor<1x128xi32, #bl>
      %m1 = arith.cmpi slt, %kc, %nsplat : tensor<1x128xi32, #bl>
      %m = tt.broadcast %m1 : tensor<1x128xi1, #bl> -> tensor<16x128xi1, #bl>
      %x = tt.load %p, %m, %zt : tensor<16x128x!tt.ptr<f32>, #bl>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<16x128xf32, #bl>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %acc2 = arith.addf %acc, %s : tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %step = tt.splat %c128 : i32 -> tensor<16x128xi32, #bl>
      %pn = tt.addptr %p, %step : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
      scf.yield %pn, %acc2 : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
    } {tt.num_stages = 3 : i32}
    tt.return %r#1 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #bl}>>
  }
}

// -----

// Without `tt.num_stages` the loop is not looked at: no staging, no ring.
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @no_num_stages
  // CHECK-NOT: ttg.local_alloc
  // CHECK-NOT: async_copy
  // CHECK: tt.load
  tt.func @no_num_stages(%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<16x128xf32, #bl> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zt = arith.constant dense<0.000000e+00> : tensor<16x128xf32, #bl>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #bl> -> tensor<16x128xi32, #bl>
    %base = tt.splat %X : !tt.ptr<f32> -> tensor<16x128x!tt.ptr<f32>, #bl>
    %p0 = tt.addptr %base, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %zt) -> (tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>) : i32 {
      %x = tt.load %p : tensor<16x128x!tt.ptr<f32>, #bl>
      %acc2 = arith.addf %acc, %x : tensor<16x128xf32, #bl>
      %pn = tt.addptr %p, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
      scf.yield %pn, %acc2 : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>
    }
    tt.return %r#1 : tensor<16x128xf32, #bl>
  }
}

// -----

// A masked load whose masked-off elements are not zero cannot be a cp.async
// (it fills with zeros): nothing is staged, the loop stays as it was.
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @not_zero_filled
  // CHECK-NOT: ttg.local_alloc
  // CHECK-NOT: async_copy
  // CHECK: tt.load
  tt.func @not_zero_filled(%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<16x128xf32, #bl> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ninf = arith.constant dense<0xFF800000> : tensor<16x128xf32, #bl>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #bl> -> tensor<16x128xi32, #bl>
    %nsplat = tt.splat %n : i32 -> tensor<16x128xi32, #bl>
    %m = arith.cmpi slt, %cb, %nsplat : tensor<16x128xi32, #bl>
    %base = tt.splat %X : !tt.ptr<f32> -> tensor<16x128x!tt.ptr<f32>, #bl>
    %p0 = tt.addptr %base, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
    // expected-remark @+1 {{loop not pipelined: no load feeds shared memory}}
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %ninf) -> (tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>) : i32 {
      // expected-remark @+1 {{load not pipelined: masked-off elements are not zero}}
      %x = tt.load %p, %m, %ninf : tensor<16x128x!tt.ptr<f32>, #bl>
      %acc2 = arith.maxnumf %acc, %x : tensor<16x128xf32, #bl>
      %pn = tt.addptr %p, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
      scf.yield %pn, %acc2 : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>
    } {tt.num_stages = 3 : i32}
    tt.return %r#1 : tensor<16x128xf32, #bl>
  }
}

// -----

// One stage asks for no pipelining.
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @one_stage
  // CHECK-NOT: ttg.local_alloc
  // CHECK-NOT: async_copy
  tt.func @one_stage(%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<16x128xf32, #bl> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zt = arith.constant dense<0.000000e+00> : tensor<16x128xf32, #bl>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %cb = tt.broadcast %ce : tensor<1x128xi32, #bl> -> tensor<16x128xi32, #bl>
    %base = tt.splat %X : !tt.ptr<f32> -> tensor<16x128x!tt.ptr<f32>, #bl>
    %p0 = tt.addptr %base, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
    // expected-remark @+1 {{loop not pipelined: 1 stage}}
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %zt) -> (tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>) : i32 {
      %x = tt.load %p : tensor<16x128x!tt.ptr<f32>, #bl>
      %acc2 = arith.addf %acc, %x : tensor<16x128xf32, #bl>
      %pn = tt.addptr %p, %cb : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xi32, #bl>
      scf.yield %pn, %acc2 : tensor<16x128x!tt.ptr<f32>, #bl>, tensor<16x128xf32, #bl>
    } {tt.num_stages = 1 : i32}
    tt.return %r#1 : tensor<16x128xf32, #bl>
  }
}
