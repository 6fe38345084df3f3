// wgmma exists on sm_90a only: asking for portable sm_90 PTX of a module
// that uses it is a located error (exit 1), not PTX that ptxas rejects.
// RUN: not triton-translate --mlir-to-ptx --chip=sm_90 %s 2>&1 | FileCheck %s
// RUN: triton-translate --mlir-to-ptx %s | FileCheck %s --check-prefix=A
// CHECK: error: the module uses wgmma or setmaxnreg, which sm_90 does not have: compile for sm_90a
// A: .target sm_90a
// A: wgmma.fence.sync.aligned
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "" : () -> ()
    llvm.return
  }
}
