// `ttg.max-ctas-per-sm` (set by the pipeliner) becomes a launch request
// for enough shared memory that one more block no longer fits on a
// multiprocessor, next to the 1 KiB the driver keeps per block: sm_90 has
// 228 KiB per multiprocessor, so 2 blocks ask for 76928 bytes (3 x (76928 +
// 1024) > 233472 >= 2 x (76928 + 1024)); sm_80 (164 KiB), 55040. A kernel
// that already needs more keeps its own size; without the attribute the
// request is what the kernel uses.
// RUN: triton-translate --triton-to-ptx %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=SM90 --input-file %t.meta.json
// RUN: sed -e 's/cuda:90/cuda:80/' %s | triton-translate --triton-to-ptx -o %t80.ptx
// RUN: FileCheck %s --check-prefix=SM80 --input-file %t80.meta.json
// RUN: sed -e 's/"ttg.shared" = 1024/"ttg.shared" = 100000/' %s | triton-translate --triton-to-ptx -o %tbig.ptx
// RUN: FileCheck %s --check-prefix=BIG --input-file %tbig.meta.json
// RUN: sed -e 's/"ttg.max-ctas-per-sm" = 2 : i32, //' %s | triton-translate --triton-to-ptx -o %tnone.ptx
// RUN: FileCheck %s --check-prefix=NONE --input-file %tnone.meta.json

// SM90: "shared_bytes": 76928}
// SM80: "shared_bytes": 55040}
// BIG: "shared_bytes": 100000}
// NONE: "shared_bytes": 1024}

module attributes {"ttg.max-ctas-per-sm" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.shared" = 1024 : i32, ttg.target = "cuda:90"} {
  llvm.func @k() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
    llvm.return
  }
}
