"""The seeds' Triton-C kernels (test/TritonC/*.tc) on the GPU, against torch.

    python3 tests/gpu_tritonc.py prepare CACHE   # here: triton-c + our pipeline
    python3 tests/gpu_tritonc.py run CACHE       # GPU machine: launch, compare

`prepare` compiles every kernel and variant into the PTX cache
($TRITON_STUB_CACHE_DIR = CACHE); `run` launches them through
`triton_stub.tritonc` and compares with torch: exactly for the copies and
for the matmuls on small integers (exact in f16 and in the f32
accumulator), closely for the float sums. It prints one line per kernel
and the auto-tuner's choice, and exits 1 on a mismatch.
"""

import os
import sys
from pathlib import Path

here = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(here))
tc_dir = here.parent / "test" / "TritonC"

from triton_stub import tritonc  # noqa: E402

NA = dict(USE_A="a", STRIDE_AK="1", STRIDE_AM="lda", BROADCAST_AK="newaxis,:",
          BROADCAST_AM=":,newaxis", SHAPE_A="TM,TK")
TA = dict(USE_A="^a", STRIDE_AK="lda", STRIDE_AM="1", BROADCAST_AK=":,newaxis",
          BROADCAST_AM="newaxis,:", SHAPE_A="TK,TM")
NB = dict(USE_B="b", STRIDE_BK="ldb", STRIDE_BN="1", BROADCAST_BK=":,newaxis",
          BROADCAST_BN="newaxis,:", SHAPE_B="TK,TN")
TB = dict(USE_B="^b", STRIDE_BK="1", STRIDE_BN="ldb", BROADCAST_BK="newaxis,:",
          BROADCAST_BN=":,newaxis", SHAPE_B="TN,TK")

# name -> (file, defines, num_warps, num_stages)
KERNELS = {
    "add-f32-128": ("vector-add.tc", dict(TYPE="float", SIZE=128), 1, 1),
    "add-f16-256": ("vector-add.tc", dict(TYPE="half", SIZE=256), 1, 1),
    "add-tuned": ("vector-add.tc", dict(TYPE="float", SIZE=[32, 64, 128, 256]), 1, 1),
    "transpose": ("transpose.tc", dict(TYPE="float", TM=32, TN=32), 4, 1),
    "transpose-masked": ("transpose-masked.tc", dict(TYPE="float", TM=32, TN=32), 4, 1),
    "reduce-broadcast": ("reduce-broadcast.tc", {}, 4, 1),
    "matmul": ("matmul.tc", dict(TYPE="half", TM=128, TN=128, TK=32), 4, 3),
    "matmul-prefetch": ("matmul-prefetch.tc", dict(TYPE="half", TM=128, TN=128, TK=32), 4, 3),
}
for an, a in (("N", NA), ("T", TA)):
    for bn, bb in (("N", NB), ("T", TB)):
        KERNELS[f"matmul-fused-{an}{bn}"] = (
            "matmul-fused-trans.tc", dict(TYPE="half", TM=64, TN=64, TK=32, **a, **bb), 4, 3)


def load(name):
    file, defines, warps, stages = KERNELS[name]
    return tritonc.load(tc_dir / file, num_warps=warps, num_stages=stages, **defines)


def prepare(cache):
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    for name in KERNELS:
        k = load(name)
        print(f"{name}: {len(k.variants)} variant(s) compiled")


def check(torch, name, got, want, exact=True):
    ok = torch.equal(got, want) if exact else torch.allclose(got, want, rtol=1e-5, atol=1e-4)
    print(f"{name}: {'ok' if ok else 'MISMATCH'}")
    if not ok:
        print("  max abs diff", (got.float() - want.float()).abs().max().item())
    return ok


def run(cache):
    import torch
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    ok = True
    cdiv = lambda a, b: (a + b - 1) // b  # noqa: E731
    for name, dt, n in (("add-f32-128", torch.float32, 1 << 20),
                        ("add-f16-256", torch.float16, 1 << 20),
                        ("add-tuned", torch.float32, 1 << 24)):
        x = torch.randn(n, device="cuda", dtype=dt)
        y = torch.randn(n, device="cuda", dtype=dt)
        z = torch.empty_like(x)
        k = load(name)
        chosen = k[lambda D: (cdiv(n, D["SIZE"]),)](n, x, y, z)
        torch.cuda.synchronize()
        ok &= check(torch, name, z, x + y)
        if len(k.variants) > 1:
            times = next(iter(k.timings.values()))
            print(f"  auto-tuned SIZE -> {chosen.defines['SIZE']}; ms per launch: {times}")
    for name, M, N in (("transpose", 512, 256), ("transpose-masked", 1000, 520)):
        # X is M x N stored column-major (ldx = M), Y = X^T likewise (ldy = N).
        X = torch.randn(N, M, device="cuda")  # X[m + n * M] = X[n, m]
        Y = torch.zeros(M, N, device="cuda")
        k = load(name)
        k[lambda D: (cdiv(M, D["TM"]), cdiv(N, D["TN"]))](X, Y, M, N, M, N)
        torch.cuda.synchronize()
        ok &= check(torch, name, Y, X.t().contiguous())
    U = torch.zeros(16, device="cuda")
    V = torch.zeros(16, 32, device="cuda")
    load("reduce-broadcast")[(1,)](U, V)
    torch.cuda.synchronize()
    u = torch.full((16, 8), 3.14, device="cuda") + 5.17
    ok &= check(torch, "reduce-broadcast (u)", U, u.sum(1), exact=False)
    ok &= check(torch, "reduce-broadcast (v)", V, u.sum(1)[:, None].expand(16, 32), exact=False)
    M = N = K = 512
    for name in [n for n in KERNELS if n.startswith("matmul")]:
        transA = name.endswith(("TN", "TT"))
        transB = name.endswith(("NT", "TT"))
        A = torch.randint(-2, 3, (M, K), device="cuda").half()
        B = torch.randint(-2, 3, (K, N), device="cuda").half()
        a_arg = A.t().contiguous() if transA else A
        b_arg = B.t().contiguous() if transB else B
        lda = M if transA else K
        ldb = K if transB else N
        C = torch.zeros(M, N, device="cuda", dtype=torch.float16)
        load(name)[lambda D: (M // D["TM"], N // D["TN"])](
            a_arg, b_arg, C, M, N, K, lda, ldb, N)
        torch.cuda.synchronize()
        ok &= check(torch, name, C, (A.float() @ B.float()).half())
    print("all ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("prepare", "run"):
        sys.exit(__doc__)
    sys.exit(prepare(Path(sys.argv[2])) if sys.argv[1] == "prepare" else run(Path(sys.argv[2])))
