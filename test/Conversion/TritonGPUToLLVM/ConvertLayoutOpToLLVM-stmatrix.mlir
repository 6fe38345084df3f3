// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: sed -e 's/cuda:90/cuda:80/' %s | triton-opt -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=SM80

// A tensor-core result in f16 converted for a store (a matmul's epilogue):
// each 8x8 tile of the accumulator is 16-byte rows of 8 columns, which the
// exchange plan keeps whole (the reader takes 8 columns a thread). On
// sm_90 the writes are stmatrix, four tiles an instruction (64x64 f16 over
// four warps: 32 elements, 16 words, 4 stmatrix.x4 a thread), as upstream
// does; on sm_80 (no stmatrix) a 32-bit store per word. The reads are
// 16-byte vectors either way.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @epilogue
  // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK: llvm.return
  // SM80-LABEL: llvm.func @epilogue
  // SM80-NOT: nvvm.stmatrix
  // SM80-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
  // SM80: nvvm.barrier0
  tt.func public @epilogue(%x: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #blocked> {
    %y = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.return %y : tensor<64x64xf16, #blocked>
  }
}

// -----

// f32 results are not 16-bit: no stmatrix.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f32_epilogue
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.return
  tt.func public @f32_epilogue(%x: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.return %y : tensor<64x64xf32, #blocked>
  }
}
