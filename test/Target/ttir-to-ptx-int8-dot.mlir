// RUN: triton-translate --ttir-to-ptx --num-warps=2 %s -o %t.ptx && FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// An i8 x i8 -> i32 dot on mma.sync (two warps: no warp group for wgmma)
// saturates on overflow as upstream's does: `.satfinite` (upstream's
// test_core matches mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32).
// CHECK: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// CHECK-NOT: row.col.s32.s8.s8.s32
module {
  tt.func public @i8dot(%x: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %y: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %z: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %rm = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %c64 = arith.constant dense<64> : tensor<32x1xi32>
    %c128 = arith.constant dense<128> : tensor<64x1xi32>
    %c128b = arith.constant dense<128> : tensor<32x1xi32>
    %m1 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %k0 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %k1 = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %n0 = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %xm = arith.muli %m1, %c64 : tensor<32x1xi32>
    %xmb = tt.broadcast %xm : tensor<32x1xi32> -> tensor<32x64xi32>
    %xkb = tt.broadcast %k0 : tensor<1x64xi32> -> tensor<32x64xi32>
    %xo = arith.addi %xmb, %xkb : tensor<32x64xi32>
    %xs = tt.splat %x : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>>
    %xp = tt.addptr %xs, %xo : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
    %a = tt.load %xp : tensor<32x64x!tt.ptr<i8>>
    %yk = arith.muli %k1, %c128 : tensor<64x1xi32>
    %ykb = tt.broadcast %yk : tensor<64x1xi32> -> tensor<64x128xi32>
    %ynb = tt.broadcast %n0 : tensor<1x128xi32> -> tensor<64x128xi32>
    %yo = arith.addi %ykb, %ynb : tensor<64x128xi32>
    %ys = tt.splat %y : !tt.ptr<i8> -> tensor<64x128x!tt.ptr<i8>>
    %yp = tt.addptr %ys, %yo : tensor<64x128x!tt.ptr<i8>>, tensor<64x128xi32>
    %b = tt.load %yp : tensor<64x128x!tt.ptr<i8>>
    %acc = arith.constant dense<0> : tensor<32x128xi32>
    %d = tt.dot %a, %b, %acc : tensor<32x64xi8> * tensor<64x128xi8> -> tensor<32x128xi32>
    %t = arith.trunci %d : tensor<32x128xi32> to tensor<32x128xi8>
    %zm = arith.muli %m1, %c128b : tensor<32x1xi32>
    %zmb = tt.broadcast %zm : tensor<32x1xi32> -> tensor<32x128xi32>
    %znb = tt.broadcast %n0 : tensor<1x128xi32> -> tensor<32x128xi32>
    %zo = arith.addi %zmb, %znb : tensor<32x128xi32>
    %zs = tt.splat %z : !tt.ptr<i8> -> tensor<32x128x!tt.ptr<i8>>
    %zp = tt.addptr %zs, %zo : tensor<32x128x!tt.ptr<i8>>, tensor<32x128xi32>
    tt.store %zp, %t : tensor<32x128x!tt.ptr<i8>>
    tt.return
  }
}
