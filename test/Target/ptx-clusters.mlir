// Blocks grouped into clusters (`ttg.cluster-dim-x/y/z`, from
// tritongpu-plan-clusters): the kernel gets nvvm.cluster_dim, the PTX entry
// .reqnctapercluster, and the launch metadata the shape (a grid must be a
// multiple of it). Without the attributes, none of the three.
// RUN: triton-opt %s --tritongpu-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: triton-opt %s --tritongpu-to-llvm-pipeline | triton-translate --triton-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: sed -e 's/"ttg.cluster-dim-x" = 2 : i32, //' %s | triton-opt --tritongpu-to-llvm-pipeline | triton-translate --triton-to-ptx -o %tnone.ptx
// RUN: FileCheck %s --check-prefix=NONE --input-file %tnone.ptx
// RUN: FileCheck %s --check-prefix=NONE-META --input-file %tnone.meta.json

// LLVM: llvm.func @k()
// LLVM-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// LLVM-SAME: nvvm.kernel
// PTX: .entry k()
// PTX: .reqnctapercluster 2, 1, 1
// META: {"entry": "k", "num_warps": 4, "shared_bytes": 0, "cluster_dims": [2, 1, 1]}
// NONE-NOT: reqnctapercluster
// NONE-META: {"entry": "k", "num_warps": 4, "shared_bytes": 0}

module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @k() {
    tt.return
  }
}
