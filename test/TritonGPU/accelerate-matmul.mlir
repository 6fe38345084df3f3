// RUN: triton-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s
// RUN: triton-opt %s -split-input-file --tritongpu-accelerate-matmul=remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: triton-opt %s -split-input-file --tritongpu-accelerate-matmul=disable-mma-v3=true | FileCheck %s --check-prefix=NOV3

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // f16 on sm_90: wgmma, both operands in nvmma_shared (A rows of 64 bytes:
  // 64-byte swizzle; B N-major, 128 bytes), a fence before the dot.
  // CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
  // CHECK-DAG: #[[S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[MMA8:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
  // CHECK-DAG: #[[T128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
  // CHECK-LABEL: tt.func @f16
  // CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #[[S64]], #smem>
  // CHECK: %[[B:.*]] = ttg.local_alloc %{{.*}} : (tensor<32x128xf16, #blocked>) -> !ttg.memdesc<32x128xf16, #[[S128]], #smem>
  // CHECK: ttng.fence_async_shared
  // CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} {{.*}} -> tensor<128x128xf32, #[[MMA]]>
  // CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #blocked{{[0-9]*}}>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 128, 16], warpsPerCTA [4, 1]
  // NOV3-LABEL: tt.func @f16
  // NOV3: tt.dot {{.*}} -> tensor<128x128xf32, #mma>
  tt.func @f16(%a: tensor<128x32xf16, #blocked>, %b: tensor<32x128xf16, #blocked>, %c: tensor<128x128xf32, #acc>) -> tensor<128x128xf32, #acc> {
    %ad = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %bd = ttg.convert_layout %b : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %ad, %bd, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    tt.return %d : tensor<128x128xf32, #acc>
  }

  // tf32: wgmma K = 8; B is staged K-major (transposed) whatever its
  // register order, since wgmma transposes 16-bit operands only.
  // CHECK-LABEL: tt.func @tf32
  // CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x64xf32, #[[T128]], #smem>
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[MMA8]]>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 8], warpsPerCTA [4, 1]
  tt.func @tf32(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %ad, %bd, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }

  // f32 under ieee precision stays exact: CUDA cores.
  // CHECK-LABEL: tt.func @ieee
  // CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked{{[0-9]*}}>
  // REMARK: remark: tt.dot: CUDA cores (FMA); not wgmma: no wgmma takes these operand and accumulator types; not mma.sync: no mma.sync takes these operand and accumulator types
  tt.func @ieee(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }

  // i8 x i8 -> i32: wgmma K = 32, both operands K-major.
  // CHECK-LABEL: tt.func @i8
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xi32, #{{.*}}>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 32], warpsPerCTA [4, 1]
  tt.func @i8(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xi32, #acc>) -> tensor<64x64xi32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xi32, #acc>
    tt.return %d : tensor<64x64xi32, #acc>
  }

  // fp8 (e4m3): wgmma K = 32; under disable-mma-v3 on sm_90, as upstream,
  // mma.sync on the operands widened to f16 (fp8 mma.sync only on sm_89
  // and sm_12x: @fp8_sm89 below).
  // CHECK-LABEL: tt.func @fp8
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #{{.*}}>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 32], warpsPerCTA [4, 1]
  // NOV3-LABEL: tt.func @fp8
  // NOV3-DAG: ttg.convert_layout %arg0 : {{.*}} -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // NOV3-DAG: ttg.convert_layout %arg1 : {{.*}} -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // NOV3: tt.dot {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>> -> tensor<64x64xf32, #mma{{[0-9]*}}>
  tt.func @fp8(%a: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }

  // f16 accumulators (out_dtype=tl.float16): wgmma accumulating in f16
  // for f16 and fp8 operands; mma.sync for f16 (fp8 widened to f16 first).
  // bf16 has no 16-bit accumulator on tensor cores: CUDA cores.
  // CHECK-LABEL: tt.func @f16_acc
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf16, #{{.*}}>
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf16, #{{.*}}>
  // CHECK: tt.dot {{.*}} -> tensor<64x64xbf16, #blocked{{[0-9]*}}>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 16], warpsPerCTA [4, 1]
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 32], warpsPerCTA [4, 1]
  // REMARK: remark: tt.dot: CUDA cores (FMA); not wgmma: no wgmma takes these operand and accumulator types
  // NOV3-LABEL: tt.func @f16_acc
  // NOV3: tt.dot {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 2}>> -> tensor<64x64xf16, #mma{{[0-9]*}}>
  // NOV3: tt.fp_to_fp {{.*}} : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>> -> tensor<64x64xf16,
  // NOV3: tt.dot {{.*}} -> tensor<64x64xf16, #mma{{[0-9]*}}>
  tt.func @f16_acc(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %a8: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b8: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %ab: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %bb: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf16, #acc>, %cb: tensor<64x64xbf16, #acc>) -> (tensor<64x64xf16, #acc>, tensor<64x64xf16, #acc>, tensor<64x64xbf16, #acc>) {
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf16, #acc>
    %d8 = tt.dot %a8, %b8, %c : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf16, #acc>
    %db = tt.dot %ab, %bb, %cb : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xbf16, #acc>
    tt.return %d, %d8, %db : tensor<64x64xf16, #acc>, tensor<64x64xf16, #acc>, tensor<64x64xbf16, #acc>
  }

  // M = 32 is too small for a warp group's 64 rows: mma.sync.
  // CHECK-LABEL: tt.func @small_m
  // CHECK: tt.dot {{.*}} -> tensor<32x64xf32, #{{mma[0-9]*}}>
  // REMARK: remark: tt.dot: mma.sync (nvidia_mma v2), warpsPerCTA [2, 2]; not wgmma: M is not a multiple of 64
  tt.func @small_m(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x64xf32, #acc>) -> tensor<32x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x64xf32, #acc>
    tt.return %d : tensor<32x64xf32, #acc>
  }
}

// -----

// A chain (attention): the first dot's result feeds the second, so every
// warp goes along M; the second dot's A is computed from the first's result
// and stays in registers (#ttg.dot_op of the wgmma layout).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: tt.func @chain
  // CHECK: %[[S:.*]] = ttng.warp_group_dot {{.*}} -> tensor<128x64xf32, #[[M:mma[0-9]*]]>
  // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<128x64xf16, #blocked{{[0-9]*}}> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[M]], kWidth = 2}>>
  // CHECK: ttng.warp_group_dot %[[P]], %{{.*}} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[M]], kWidth = 2}>> * !ttg.memdesc<64x64xf16
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 16], warpsPerCTA [8, 1]
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 16], warpsPerCTA [8, 1]
  tt.func @chain(%q: tensor<128x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %v: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #acc>) -> tensor<128x64xf32, #acc> {
    %qd = ttg.convert_layout %q : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %kd = ttg.convert_layout %k : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %s = tt.dot %qd, %kd, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    %p = arith.truncf %s : tensor<128x64xf32, #acc> to tensor<128x64xf16, #acc>
    %pd = ttg.convert_layout %p : tensor<128x64xf16, #acc> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %vd = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %o = tt.dot %pd, %vd, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    tt.return %o : tensor<128x64xf32, #acc>
  }
}

// -----

// A chain with 64-row tiles over 8 warps: both warp groups take the first
// dot's 64 rows (as upstream's does) instead of falling back to mma.sync
// (attention at 0.32-0.48x of upstream's speed on an H200, 0.53-0.89x
// after); the second dot, whose result feeds no dot, splits N.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: tt.func @chain_64_rows
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[M:mma[0-9]*]]>
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #[[M2:mma[0-9]*]]>
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 16], warpsPerCTA [8, 1]
  // REMARK: remark: tt.dot: wgmma (nvidia_mma v3), instrShape [16, 64, 16], warpsPerCTA [4, 2]
  tt.func @chain_64_rows(%q: tensor<64x128xf16, #blocked>, %k: tensor<128x64xf16, #blocked>, %v: tensor<64x128xf16, #blocked>, %c: tensor<64x64xf32, #acc>, %c2: tensor<64x128xf32, #acc>) -> tensor<64x128xf32, #acc> {
    %qd = ttg.convert_layout %q : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %kd = ttg.convert_layout %k : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %s = tt.dot %qd, %kd, %c : tensor<64x128xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    %p = arith.truncf %s : tensor<64x64xf32, #acc> to tensor<64x64xf16, #acc>
    %pd = ttg.convert_layout %p : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %vd = ttg.convert_layout %v : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %o = tt.dot %pd, %vd, %c2 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %o : tensor<64x128xf32, #acc>
  }
}

// -----

// sm_80: mma.sync, batched dots included (warps on the batch first).
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: tt.func @batched
  // CHECK: tt.dot {{.*}} -> tensor<4x32x32xf32, #[[M3:mma[0-9]*]]>
  // REMARK: remark: tt.dot: mma.sync (nvidia_mma v2), warpsPerCTA [4, 1, 1]; not wgmma: the target is not sm_90
  tt.func @batched(%a: tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>, %b: tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>>, %c: tensor<4x32x32xf32, #blocked3>) -> tensor<4x32x32xf32, #blocked3> {
    %d = tt.dot %a, %b, %c : tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> * tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>> -> tensor<4x32x32xf32, #blocked3>
    tt.return %d : tensor<4x32x32xf32, #blocked3>
  }

  // fp8 before sm_89: no fp8 mma.sync; the operands are widened to f16.
  // As upstream's, they keep kWidth = 4 (their fp8 width) and are converted
  // into the dot-operand layout before they are widened.
  // CHECK-LABEL: tt.func @fp8_sm80
  // CHECK-DAG: %[[B8:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // CHECK-DAG: %[[B:.*]] = tt.fp_to_fp %[[B8]] : {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // CHECK-DAG: %[[A8:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // CHECK-DAG: %[[A:.*]] = tt.fp_to_fp %[[A8]] : {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>>
  // CHECK: tt.dot %[[A]], %[[B]], {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>> -> tensor<64x64xf32, #mma{{[0-9]*}}>
  tt.func @fp8_sm80(%a: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// sm_89 (and sm_12x): fp8 mma.sync (m16n8k32, four fp8 a register) on the
// operands as they are.
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:89"} {
  // CHECK-LABEL: tt.func @fp8_sm89
  // CHECK-NOT: tt.fp_to_fp
  // CHECK: tt.dot {{.*}} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 4}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>> -> tensor<64x64xf32, #mma{{[0-9]*}}>
  tt.func @fp8_sm89(%a: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}
