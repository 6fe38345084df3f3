// RUN: triton-translate --ttir-to-ptx --num-warps=4 %s -o - | FileCheck %s
// tl.assume reaches TTIR as llvm.intr.assume (upstream's frontend emits it;
// Inductor's matmul templates assume non-negative program ids): the TTIR
// check lets it through and the pipeline carries it to LLVM IR.
// CHECK: .visible .entry assumed(
// CHECK: st.global
module {
  tt.func public @assumed(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c0 = arith.constant 0 : i32
    %nonneg = arith.cmpi sge, %pid, %c0 : i32
    llvm.intr.assume %nonneg : i1
    %q = arith.divsi %pid, %n : i32
    %ptr = tt.addptr %p, %pid : !tt.ptr<i32>, i32
    tt.store %ptr, %q : !tt.ptr<i32>
    tt.return
  }
}
