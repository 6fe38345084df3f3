// A launcher's word that is not a positive multiple is an error, at the
// module, from the pass and from the pipelines that pass it on.
// RUN: not triton-opt %s -tritongpu-plan-clusters="grid-x-multiple=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not triton-opt %s --triton-nvidia-pipeline="num-warps=4 target=cuda:90 grid-x-multiple=-2" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not triton-translate --ttir-to-ptx --grid-x-multiple=-4 %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TRANSLATE

// ZERO: plan-clusters-invalid.mlir:[[@LINE+3]]:1: error: tritongpu-plan-clusters: grid-x-multiple must be positive, got 0
// NEG: error: tritongpu-plan-clusters: grid-x-multiple must be positive, got -2
// TRANSLATE: error: tritongpu-plan-clusters: grid-x-multiple must be positive, got -4
module {
  tt.func public @k() {
    tt.return
  }
}
