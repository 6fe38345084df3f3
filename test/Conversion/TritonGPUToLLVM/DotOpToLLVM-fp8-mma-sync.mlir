// fp8 dots on mma.sync (sm_89 and sm_12x; on sm_90 the operands are
// widened to f16 first, as upstream's): an fp8 dot accumulating in f32
// stays fp8 there: one
// m16n8k32 mma.sync per 16x8 tile and 32 of K, the operands four fp8 to a
// register, mixed e5m2 x e4m3 allowed. nvvm.mma.sync has no dense fp8 form,
// so it is inline PTX, and the module's PTX is ISA 8.4 (fp8 mma.sync needs
// it; ptxas refuses it in 8.0). Asking for an older ISA is an error.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=1 target=cuda:89" | FileCheck %s
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=1 target=cuda:89" | triton-translate --triton-to-ptx | FileCheck %s --check-prefix=PTX
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=1 target=cuda:89" | not triton-translate --triton-to-ptx --ptx-version=83 -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: %if ptxas %{ triton-opt %s --triton-nvidia-pipeline="num-warps=2 num-stages=1 target=cuda:89" | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_89 %t.ptx -o /dev/null %}

// CHECK-NOT: tt.fp_to_fp
// CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};
// CHECK-NOT: mma.sync

// PTX: .version 8.4
// PTX-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32

// OLD: error: PTX ISA 8.3 is older than the module's fp8 mma.sync need (8.4)

module {
  tt.func public @fp8_mm(%a: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    // A: 64x32, rows of 32.
    %am = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ao = arith.muli %am, %c32 : tensor<64x1xi32>
    %ak = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %aob = tt.broadcast %ao : tensor<64x1xi32> -> tensor<64x32xi32>
    %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %aob, %akb : tensor<64x32xi32>
    %ap = tt.splat %a : !tt.ptr<f8E5M2> -> tensor<64x32x!tt.ptr<f8E5M2>>
    %aps = tt.addptr %ap, %aoff : tensor<64x32x!tt.ptr<f8E5M2>>, tensor<64x32xi32>
    %av = tt.load %aps : tensor<64x32x!tt.ptr<f8E5M2>>
    // B: 32x64, K-major (column n at n * 32).
    %bk = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %bn = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %c32r = arith.constant dense<32> : tensor<1x64xi32>
    %bno = arith.muli %bn, %c32r : tensor<1x64xi32>
    %bkb = tt.broadcast %bk : tensor<32x1xi32> -> tensor<32x64xi32>
    %bnb = tt.broadcast %bno : tensor<1x64xi32> -> tensor<32x64xi32>
    %boff = arith.addi %bkb, %bnb : tensor<32x64xi32>
    %bp = tt.splat %b : !tt.ptr<f8E4M3FN> -> tensor<32x64x!tt.ptr<f8E4M3FN>>
    %bps = tt.addptr %bp, %boff : tensor<32x64x!tt.ptr<f8E4M3FN>>, tensor<32x64xi32>
    %bv = tt.load %bps : tensor<32x64x!tt.ptr<f8E4M3FN>>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %d = tt.dot %av, %bv, %zero : tensor<64x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
    // C: 64x64 f32, rows of 64.
    %co = arith.muli %am, %c64 : tensor<64x1xi32>
    %cob = tt.broadcast %co : tensor<64x1xi32> -> tensor<64x64xi32>
    %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
    %coff = arith.addi %cob, %cn : tensor<64x64xi32>
    %cp = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %cps = tt.addptr %cp, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    tt.store %cps, %d : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
