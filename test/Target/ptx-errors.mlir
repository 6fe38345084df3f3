// Bad input to triton-translate: a diagnostic with its location, exit 1.
// RUN: not triton-translate --triton-to-ptx %s 2>&1 | FileCheck %s

// CHECK: error: expected exactly one kernel (an llvm.func with nvvm.kernel), found 0
module {
  llvm.func @helper() {
    llvm.return
  }
}
