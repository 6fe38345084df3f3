// RUN: triton-translate --ttir-to-ptx --num-warps=4 %s -o %t.ptx && FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// RUN: sed -e 's/ {maxNumImpreciseAcc = 32 : i32}//' %s | triton-translate --ttir-to-ptx --num-warps=4 -o - | FileCheck %s --check-prefix=FULL
// fp8 x fp8 -> f32 on wgmma with maxNumImpreciseAcc = 32 (upstream's
// max_num_imprecise_acc): each 32 of K (one m64n64k32 wgmma) accumulates
// from zero (scale-d 0) into a partial fragment, waited for, then added to
// the accumulator with add.f32: 2 chunks x 32 registers a thread (64x64 f32
// over 128 threads) = 64 adds, upstream's count
// (BLOCK_M * BLOCK_N / threads * BLOCK_K / max_num_imprecise_acc). The
// accumulator is loaded: with a zero one, the first add folds away.
// CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// CHECK: wgmma.wait_group.sync.aligned 0
// CHECK-COUNT-32: add.f32
// CHECK: wgmma.fence.sync.aligned
// CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 0
// CHECK-COUNT-32: add.f32
// CHECK-NOT: add.f32
// Without the attribute, both wgmmas accumulate in place: no add.
// FULL-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// FULL-NOT: add.f32
module {
  tt.func public @fp8acc(%x: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %z: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %r1 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %r0 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rows = arith.muli %r1, %c64 : tensor<64x1xi32>
    %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tt.broadcast %r0 : tensor<1x64xi32> -> tensor<64x64xi32>
    %o = arith.addi %rb, %cb : tensor<64x64xi32>
    %xs = tt.splat %x : !tt.ptr<f8E5M2> -> tensor<64x64x!tt.ptr<f8E5M2>>
    %xp = tt.addptr %xs, %o : tensor<64x64x!tt.ptr<f8E5M2>>, tensor<64x64xi32>
    %a = tt.load %xp : tensor<64x64x!tt.ptr<f8E5M2>>
    %ys = tt.splat %y : !tt.ptr<f8E5M2> -> tensor<64x64x!tt.ptr<f8E5M2>>
    %yp = tt.addptr %ys, %o : tensor<64x64x!tt.ptr<f8E5M2>>, tensor<64x64xi32>
    %b = tt.load %yp : tensor<64x64x!tt.ptr<f8E5M2>>
    %zs = tt.splat %z : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %zp = tt.addptr %zs, %o : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %acc = tt.load %zp : tensor<64x64x!tt.ptr<f32>>
    %d = tt.dot %a, %b, %acc, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf8E5M2> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    tt.store %zp, %d : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
