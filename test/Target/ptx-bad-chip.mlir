// RUN: not triton-translate --triton-to-ptx --chip=gfx942 %s 2>&1 | FileCheck %s
// CHECK: ptx-bad-chip.mlir:3:1: error: unknown NVIDIA target 'gfx942' (want sm_NN)
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}
