// Targets the PTX step cannot serve: a located error and exit 1, never an
// LLVM abort or a `.target sm_1` ptxas rejects.
// RUN: not triton-translate --triton-to-ptx --chip=gfx942 %s 2>&1 | FileCheck %s --check-prefix=GFX
// GFX: ptx-bad-chip.mlir:{{[0-9]+}}:1: error: unknown NVIDIA target 'gfx942' (LLVM's NVPTX backend knows {{.*}}sm_90a
// RUN: not triton-translate --triton-to-ptx --chip=sm_1 %s 2>&1 | FileCheck %s --check-prefix=SM1
// SM1: error: unknown NVIDIA target 'sm_1'
// SM1-NOT: not a recognized processor
// A PTX version older than the chip needs (sm_120 needs 8.7).
// RUN: not triton-translate --triton-to-ptx --chip=sm_120 --ptx-version=80 %s 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: PTX ISA 8.0 is older than sm_120 needs (8.7)
// OLD-NOT: LLVM ERROR
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}
