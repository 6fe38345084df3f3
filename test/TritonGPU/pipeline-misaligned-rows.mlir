// A matmul whose B rows are 333 bf16 elements apart (a 1000x333 operand,
// as torch.compile's ragged matmuls pass it): however contiguous B's
// columns are, its rows start at odd elements, so no copy of B may be
// wider than one element and cp.async (4, 8 or 16 bytes) cannot fetch it.
// B stays a register load of one element a thread; A (rows 1000 elements
// apart) is copied 8 elements at a time. It faulted with "misaligned
// address" when expand_dims and muli let a run's divisibility stand for
// every element.
// RUN: triton-opt %s --triton-to-tritongpu-pipeline="num-warps=4 num-stages=2 target=cuda:90" | FileCheck %s

// CHECK-DAG: #[[A:.*]] = #ttg.blocked<{sizePerThread = [1, 8]
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 1]
// CHECK: scf.for
// CHECK: ttg.async_copy_global_to_local {{.*}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<bf16>, #[[A]]>
// CHECK-NOT: ttg.async_copy_global_to_local {{.*}} tensor<32x64
// CHECK: tt.load {{.*}} : tensor<32x64x!tt.ptr<bf16>, #[[B]]>
module {
  tt.func public @ragged(%A: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %B: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %C: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %sa = arith.constant dense<1000> : tensor<64x1xi32>
    %sb = arith.constant dense<333> : tensor<32x1xi32>
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c32 : i32
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %bn = tt.splat %base : i32 -> tensor<64xi32>
    %n0 = arith.addi %bn, %r64 : tensor<64xi32>
    %n = arith.addi %n0, %bn {tt.contiguity = dense<64> : tensor<1xi32>, tt.divisibility = dense<64> : tensor<1xi32>} : tensor<64xi32>
    %acc = scf.for %k = %c0 to %c32 step %c1 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) : i32 {
      %k32 = arith.muli %k, %c32 : i32
      %ks = tt.splat %k32 : i32 -> tensor<32xi32>
      %kk = arith.addi %r32, %ks : tensor<32xi32>
      // A: rows r * 1000, columns k * 32 + [0, 32).
      %ar = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %arow = arith.muli %ar, %sa : tensor<64x1xi32>
      %ac = tt.expand_dims %kk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %arb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
      %acb = tt.broadcast %ac : tensor<1x32xi32> -> tensor<64x32xi32>
      %ao = arith.addi %arb, %acb : tensor<64x32xi32>
      %as = tt.splat %A : !tt.ptr<bf16> -> tensor<64x32x!tt.ptr<bf16>>
      %ap = tt.addptr %as, %ao : tensor<64x32x!tt.ptr<bf16>>, tensor<64x32xi32>
      %a = tt.load %ap : tensor<64x32x!tt.ptr<bf16>>
      // B: rows (k * 32 + [0, 32)) * 333, columns n.
      %br = tt.expand_dims %kk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %brow = arith.muli %br, %sb : tensor<32x1xi32>
      %bc = tt.expand_dims %n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %brb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
      %bcb = tt.broadcast %bc : tensor<1x64xi32> -> tensor<32x64xi32>
      %bo = arith.addi %brb, %bcb : tensor<32x64xi32>
      %bs = tt.splat %B : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
      %bp = tt.addptr %bs, %bo : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
      %b = tt.load %bp : tensor<32x64x!tt.ptr<bf16>>
      %d = tt.dot %a, %b, %a0 : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %cr = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %crow = arith.muli %cr, %c64 : tensor<64x1xi32>
    %cc = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %crb = tt.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
    %ccb = tt.broadcast %cc : tensor<1x64xi32> -> tensor<64x64xi32>
    %co = arith.addi %crb, %ccb : tensor<64x64xi32>
    %cs = tt.splat %C : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %cp = tt.addptr %cs, %co : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    tt.store %cp, %acc : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
