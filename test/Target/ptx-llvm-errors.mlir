// What LLVM's NVPTX backend reports, as a located error and exit 1: its
// diagnostics (no libcall for an f64 exp) and its fatal errors (an f32
// sin it cannot select), never an abort with a stack dump.
// RUN: not triton-translate --mlir-to-ptx %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: ptx-llvm-errors.mlir:{{[0-9]+}}:1: error: LLVM: no libcall available for fexp
// CHECK-NOT: Stack dump
// RUN: not triton-translate --mlir-to-ptx %S/Inputs/fatal-sin.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FATAL
// FATAL: fatal-sin.mlir:1:1: error: LLVM (fatal): Cannot select: {{.*}} fsin
// FATAL-NOT: PLEASE submit a bug report
module attributes {ttg.target = "cuda:90"} {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f64
    %e = llvm.intr.exp(%v) : (f64) -> f64
    llvm.store %e, %p : f64, !llvm.ptr<1>
    llvm.return
  }
}
