// RUN: triton-opt %s --convert-triton-gpu-to-llvm | FileCheck %s
// tt.get_program_id and tt.get_num_programs: the block's index (%ctaid)
// and the grid's extent (%nctaid) along each axis.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ids
  // CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
  // CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
  // CHECK: nvvm.read.ptx.sreg.ctaid.z : i32
  // CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
  // CHECK: nvvm.read.ptx.sreg.nctaid.y : i32
  // CHECK: nvvm.read.ptx.sreg.nctaid.z : i32
  tt.func public @ids(%p: !tt.ptr<i32>) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_program_id z : i32
    %nx = tt.get_num_programs x : i32
    %ny = tt.get_num_programs y : i32
    %nz = tt.get_num_programs z : i32
    %a = arith.addi %x, %y : i32
    %b = arith.addi %a, %z : i32
    %c = arith.addi %b, %nx : i32
    %d = arith.addi %c, %ny : i32
    %e = arith.addi %d, %nz : i32
    tt.store %p, %e : !tt.ptr<i32>
    tt.return
  }
}
