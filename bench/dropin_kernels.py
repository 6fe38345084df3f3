"""Kernels written for upstream Triton's `triton.language`, shared by the
drop-in backend's GPU scripts (dropin_smoke.py, autotune_compile.py)."""

import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        av = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        bv = tl.load(b + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(av, bv, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.float16))
