// tritongpu-set-target: a TTGIR module without ttg.target (upstream's TTGIR
// test files) gets the one it is compiled for; a module with its own keeps
// it; a target not of the form cuda:<capability> is an error.
// RUN: triton-opt %s -split-input-file --tritongpu-set-target="target=cuda:80" | FileCheck %s
// RUN: not triton-opt %s -split-input-file --tritongpu-set-target="target=sm_90" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"}
// BAD: error: target 'sm_90' is not of the form cuda:<capability>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_target() {
    tt.return
  }
}

// -----

// CHECK: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @own_target() {
    tt.return
  }
}
