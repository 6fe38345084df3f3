// tritongpu-fuse-nested-loops: a loop marked tt.flatten and its one inner
// loop become one loop over all inner iterations, under a check that the
// inner loop runs at least once (else the nest without it). Every remark is
// checked, those of the nests left alone included.
// RUN: triton-opt %s -split-input-file -tritongpu-fuse-nested-loops="remarks=true" -verify-diagnostics | FileCheck %s

// The scalar prologue runs under `scf.if T == 0` and is carried; the tensor
// ops built from it run in every iteration; the epilogue runs under
// `scf.if T == len_j - 1` and resets the accumulator there.
// CHECK-LABEL: @nest
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32, %[[K:.*]]: i32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.0{{.*}}> : tensor<64xf32>
// CHECK: arith.subi %[[K]], %[[C0]] : i32
// CHECK: %[[LEN_J:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[RUNS:.*]] = arith.cmpi sgt, %[[LEN_J]], %{{.*}} : i32
// CHECK: scf.if %[[RUNS]] {
// CHECK:   %[[LAST:.*]] = arith.subi %[[LEN_J]], %{{.*}} : i32
// CHECK:   %[[I0:.*]] = arith.subi %[[C0]], %[[C1]] : i32
// CHECK:   %[[TOTAL:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK:   scf.for %{{.*}} = %{{.*}} to %[[TOTAL]] step %{{.*}} iter_args(%[[T:.*]] = %[[LAST]], %[[I:.*]] = %[[I0]], %[[J:.*]] = %[[C0]], %[[ACC:.*]] = %[[ZERO]], %[[BASE:.*]] = %{{.*}}) -> (i32, i32, i32, tensor<64xf32>, i32) : i64 {
// CHECK:     %[[WRAP:.*]] = arith.cmpi eq, %[[T]], %[[LAST]] : i32
// CHECK:     %[[T1:.*]] = arith.select %[[WRAP]], %{{.*}}, %{{.*}} : i32
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[T1]], %{{.*}} : i32
// CHECK:     %[[ONCE:.*]]:2 = scf.if %[[FIRST]] -> (i32, i32) {
// CHECK:       %[[NEXTI:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK:       %[[NEWBASE:.*]] = arith.muli %[[NEXTI]], %[[K]] : i32
// CHECK:       scf.yield %[[NEXTI]], %[[NEWBASE]] : i32, i32
// CHECK:     } else {
// CHECK:       scf.yield %[[I]], %[[BASE]] : i32, i32
// CHECK:     }
// CHECK:     %[[JJ:.*]] = arith.select %[[FIRST]], %[[C0]], %[[J]] : i32
// CHECK:     tt.make_range
// CHECK:     %[[SPLAT:.*]] = tt.splat %[[ONCE]]#1 : i32 -> tensor<64xi32>
// CHECK:     %[[OFFS:.*]] = arith.addi %[[SPLAT]], %{{.*}} : tensor<64xi32>
// CHECK:     tt.load
// CHECK:     %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}} : tensor<64xf32>
// CHECK:     %[[NEXTJ:.*]] = arith.addi %[[JJ]], %[[C1]] : i32
// CHECK:     %[[END:.*]] = arith.cmpi eq, %[[T1]], %[[LAST]] : i32
// CHECK:     %[[KEPT:.*]] = scf.if %[[END]] -> (tensor<64xf32>) {
// CHECK:       %[[QP:.*]] = tt.addptr %{{.*}}, %[[OFFS]]
// CHECK:       tt.store %[[QP]], %[[SUM]]
// CHECK:       scf.yield %[[ZERO]] : tensor<64xf32>
// CHECK:     } else {
// CHECK:       scf.yield %[[SUM]] : tensor<64xf32>
// CHECK:     }
// CHECK:     scf.yield %[[T1]], %[[ONCE]]#0, %[[NEXTJ]], %[[KEPT]], %[[ONCE]]#1
// CHECK:   }
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C1]] : i32 {
// CHECK-NOT: scf.for
// CHECK:     tt.store %{{.*}}, %[[ZERO]]
// CHECK:   }
// CHECK: }
tt.func @nest(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  // expected-remark @below {{loop flattened with its inner loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %base = arith.muli %i, %k : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %b = tt.splat %base : i32 -> tensor<64xi32>
    %offs = arith.addi %b, %r : tensor<64xi32>
    %pp = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %ptrs = tt.addptr %pp, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %acc = scf.for %j = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<64xf32>) : i32 {
      %js = tt.splat %j : i32 -> tensor<64xi32>
      %pj = tt.addptr %ptrs, %js : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %x = tt.load %pj : tensor<64x!tt.ptr<f32>>
      %s = arith.addf %a, %x : tensor<64xf32>
      scf.yield %s : tensor<64xf32>
    }
    %qq = tt.splat %q : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %qp = tt.addptr %qq, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %qp, %acc : tensor<64x!tt.ptr<f32>>
  } {tt.flatten}
  tt.return
}

// -----

// Outer iteration arguments are carried and updated by the epilogue; a
// loop without tt.flatten is left alone.
// CHECK-LABEL: @outer_args
// CHECK: scf.if
// CHECK: %[[F:.*]]:5 = scf.for {{.*}} -> (i32, i32, i32, i32, i32) : i64 {
// CHECK:   %[[E:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK:     %[[NEXT:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:     scf.yield %[[NEXT]], %{{.*}} : i32, i32
// CHECK:   } else {
// CHECK:     scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: scf.yield %[[F]]#3 : i32
// CHECK: scf.for %{{.*}} = {{.*}} : i32 {
// CHECK:   scf.for %{{.*}} = {{.*}} : i32 {
tt.func @outer_args(%n: i32, %k: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{loop flattened with its inner loop}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %c0) -> (i32) : i32 {
    %s = scf.for %j = %c0 to %k step %c1 iter_args(%u = %c0) -> (i32) : i32 {
      %v = arith.addi %u, %j : i32
      scf.yield %v : i32
    }
    %w = arith.addi %t, %s : i32
    scf.yield %w : i32
  } {tt.flatten}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
    }
  }
  tt.return %r : i32
}

// -----

// Nests left as they are, each with its reason; tt.flatten is dropped.
// CHECK-LABEL: @left_alone
// CHECK-NOT: tt.flatten
// CHECK-NOT: i64
// CHECK: tt.return
tt.func @left_alone(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{loop not flattened: it holds no loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.flatten}
  // expected-remark @below {{loop not flattened: it holds more than one loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
    }
    scf.for %j = %c0 to %k step %c1 : i32 {
    }
  } {tt.flatten}
  // expected-remark @below {{loop not flattened: the inner loop's bounds are computed in the outer loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  // expected-remark @below {{loop not flattened: the inner loop's iteration arguments start from values the outer loop computes}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = scf.for %j = %c0 to %k step %c1 iter_args(%u = %i) -> (i32) : i32 {
      %v = arith.addi %u, %j : i32
      scf.yield %v : i32
    }
    tt.store %p, %s : !tt.ptr<i32>
  } {tt.flatten}
  // expected-remark @below {{loop not flattened: a loop is nested in another op of its body}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %c = arith.cmpi sgt, %i, %k : i32
    scf.if %c {
      scf.for %j = %c0 to %k step %c1 : i32 {
      }
    }
  } {tt.flatten}
  // expected-remark @below {{loop not flattened: its inner loop holds a loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      scf.for %l = %c0 to %k step %c1 : i32 {
        tt.store %p, %l : !tt.ptr<i32>
      }
    }
  } {tt.flatten}
  tt.return
}

// -----

// A nest marked for warp specialization (tutorial 09's persistent loop over
// tiles with `warp_specialize=True, flatten=False`) is flattened too: warp
// specialization covers innermost loops only. An innermost loop marked for
// it is left to that pass.
// CHECK-LABEL: @warp_specialized_nest
// CHECK: scf.if
// CHECK: scf.for {{.*}} -> (i32, i32, i32, i32, i32) : i64 {
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} : i32 {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: } {tt.warp_specialize}
tt.func @warp_specialized_nest(%n: i32, %k: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{loop flattened with its inner loop (marked for warp specialization, which covers innermost loops only)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %c0) -> (i32) : i32 {
    %s = scf.for %j = %c0 to %k step %c1 iter_args(%u = %c0) -> (i32) : i32 {
      %v = arith.addi %u, %j : i32
      scf.yield %v : i32
    }
    %w = arith.addi %t, %s : i32
    scf.yield %w : i32
  } {tt.warp_specialize}
  scf.for %j = %c0 to %k step %c1 : i32 {
    %x = arith.addi %j, %c1 : i32
  } {tt.warp_specialize}
  tt.return %r : i32
}

// -----

// A persistent matmul's nest whose tile results all go to stores: no outer
// iteration arguments, and the accumulator restarts in the dot (useC), so
// the epilogue's scf.if has no results. Its store stays before the
// terminator (the yield used to be put before the store, which failed to
// verify).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @stores_only
// CHECK: scf.for {{.*}} -> (i32, i32, i32, tensor<64x64xf32, #mma>) : i64 {
// CHECK:   ttng.warp_group_dot
// CHECK:   scf.if %{{.*}} {
// CHECK-NEXT: tt.store
// CHECK-NEXT: }
// CHECK:   scf.yield
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     tt.store
tt.func @stores_only(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %p: tensor<64x64x!tt.ptr<f32>, #mma>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-remark @below {{loop flattened with its inner loop}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %acc = scf.for %j = %c0 to %k step %c1 iter_args(%c = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.store %p, %acc : tensor<64x64x!tt.ptr<f32>, #mma>
  } {tt.flatten}
  tt.return
}
}
