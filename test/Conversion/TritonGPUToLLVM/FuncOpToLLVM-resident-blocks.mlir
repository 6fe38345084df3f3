// A kernel whose module asks for resident blocks (ttg.min-ctas-per-sm, from
// tritongpu-pipeline) carries nvvm.minctasm (.minnctapersm) where its shared
// memory lets that many blocks reside on the multiprocessor and the module
// does not also limit them to fewer (ttg.max-ctas-per-sm); otherwise ptxas
// is asked for nothing.
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm | FileCheck %s

// 64 KiB blocks: three fit in sm_90's 228 KiB.
// CHECK-LABEL: llvm.func @three_fit
// CHECK-SAME: nvvm.minctasm = 3 : i32
module attributes {"ttg.min-ctas-per-sm" = 3 : i32, "ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @three_fit() {
    tt.return
  }
}

// -----

// 80 KiB blocks: two fit.
// CHECK-LABEL: llvm.func @two_fit
// CHECK-NOT: minctasm
// CHECK: llvm.return
module attributes {"ttg.min-ctas-per-sm" = 3 : i32, "ttg.num-warps" = 4 : i32, "ttg.shared" = 81920 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_fit() {
    tt.return
  }
}

// -----

// The module also limits resident blocks to two.
// CHECK-LABEL: llvm.func @limited
// CHECK-NOT: minctasm
// CHECK: llvm.return
module attributes {"ttg.max-ctas-per-sm" = 2 : i32, "ttg.min-ctas-per-sm" = 3 : i32, "ttg.num-warps" = 4 : i32, "ttg.shared" = 65536 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @limited() {
    tt.return
  }
}
