"""Data-movement kernels (a tt.gather along each axis, tl.sort, tl.topk,
tl.flip: upstream's test_gather / test_sort / test_topk / test_flip kernels,
one tile per program) through our compiler and upstream's, on the GPU.

    python3 bench/gather.py prepare CACHE            # here: compile to CACHE
    TRITON_STUB_TOOLS=OLD/bin python3 bench/gather.py prepare OLDCACHE
                                                     # (optional) another build
    python3 bench/gather.py run CACHE [OLDCACHE]     # GPU machine

`run` checks every kernel against torch (exact: gathers, sorts and flips
only move elements), then times them as the harness's --kernel-time does
(device time of the kernels alone, CUPTI through torch.profiler), in
interleaved rounds: upstream's, ours, and ours from OLDCACHE (the same
source compiled by another build of our compiler) when given.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from persistent_matmul import (cache_main, launch, load_kernels, print_rounds,  # noqa: E402
                               time_rounds, warm)

# (name, kernel, constexprs, num_warps, programs)
CASES = [
    ("gather axis 0, 128x64 -> 256x64", "gather_kernel",
     dict(SRC_M=128, IDX_M=256, N=64, AXIS=0), 4, 2048),
    ("gather axis 1, 64x128", "gather_kernel", dict(SRC_M=64, IDX_M=64, N=128, AXIS=1), 4, 4096),
    ("sort 64x8, 8 warps", "sort_kernel", dict(N=64, M=8), 8, 8192),
    ("sort 8x64, 8 warps", "sort_kernel", dict(N=8, M=64), 8, 8192),
    ("sort 32x32", "sort_kernel", dict(N=32, M=32), 4, 8192),
    ("sort 32x32 descending", "sort_kernel", dict(N=32, M=32, DESC=True), 4, 8192),
    ("topk 32x64 -> 32x8", "topk_kernel", dict(N=32, M=64, K=8), 4, 8192),
    ("topk 16x128 -> 16x32, 8 warps", "topk_kernel", dict(N=16, M=128, K=32), 8, 8192),
    ("flip 64x8", "flip_kernel", dict(N=64, M=8), 4, 8192),
    ("flip 16x64", "flip_kernel", dict(N=16, M=64), 4, 8192),
]

# upstream's test_gather cases: (src shape, indices shape, axis), one program
TEST_GATHER = [([32], [64], 0), ([4, 4], [8, 4], 0), ([128, 64], [256, 64], 0),
               ([128, 64], [128, 128], 1)]


def test_gather(kern, how, src, idx, out, axis):
    """upstream's triton_gather: the kernel launched on one program."""
    if len(src.shape) == 1:
        how(kern.gather_test_kernel_1d, (1,), src, idx, out, axis, src.shape[0], idx.shape[0],
            out.shape[0], num_warps=4, num_stages=3)
    else:
        how(kern.gather_test_kernel, (1,), src, idx, out, axis, src.shape[0], src.shape[1],
            src.stride()[0], src.stride()[1], idx.shape[0], idx.shape[1], idx.stride()[0],
            idx.stride()[1], out.shape[0], out.shape[1], out.stride()[0], out.stride()[1],
            num_warps=4, num_stages=3)


def arrays(new, kernel, c, programs):
    """The kernel's arrays, made by `new(shape, dtype, kind)`."""
    if kernel == "gather_kernel":
        n = (c["SRC_M"], c["N"])[c["AXIS"]]
        return (new((programs * c["SRC_M"], c["N"]), "float32", "randn"),
                new((programs * c["IDX_M"], c["N"]), "int32", n),
                new((programs * c["IDX_M"], c["N"]), "float32", "empty"))
    out = c["K"] if kernel == "topk_kernel" else c["M"]
    return (new((programs * c["N"], c["M"]), "float32", "randn"),
            new((programs * c["N"], out), "float32", "empty"))


def expected(torch, kernel, c, programs, args):
    if kernel == "gather_kernel":
        src, idx, _ = args
        src = src.view(programs, c["SRC_M"], c["N"])
        idx = idx.view(programs, c["IDX_M"], c["N"]).long()
        return torch.gather(src, 1 + c["AXIS"], idx).view(-1, c["N"])
    x = args[0].view(programs, c["N"], c["M"])
    if kernel == "topk_kernel":
        return torch.topk(x, c["K"], dim=-1).values.reshape(-1, c["K"])
    if kernel == "sort_kernel":
        return torch.sort(x, dim=-1, descending=c.get("DESC", False)).values.view(-1, c["M"])
    return torch.flip(x, (2,)).view(-1, c["M"])


def call(kern, how, name, args, c, warps, programs):
    how(getattr(kern, name), (programs,), *args, num_warps=warps, num_stages=3, **c)


def prepare(cache):
    from gpu_features import StandIn
    ours = load_kernels(False, "gather_kernels", "GATHER_UPSTREAM")
    for _, name, c, warps, programs in CASES:
        args = arrays(lambda shape, dtype, kind: StandIn(shape, dtype), name, c, programs)
        call(ours, warm, name, args, c, warps, programs)
    for src, idx, axis in TEST_GATHER:
        test_gather(ours, warm, StandIn(src, "float32"), StandIn(idx, "int64"),
                    StandIn(idx, "float32"), axis)
    print("compiled into", cache)


def run(cache, old_cache, quick=False):
    import torch
    print(torch.cuda.get_device_name())
    variants = {"upstream": load_kernels(True, "gather_kernels", "GATHER_UPSTREAM"),
                "ours": load_kernels(False, "gather_kernels", "GATHER_UPSTREAM")}
    if old_cache:
        variants["ours, old build"] = load_kernels(False, "gather_kernels", "GATHER_UPSTREAM")
    g = torch.Generator(device="cuda").manual_seed(0)

    def new(shape, dtype, kind):
        dt = getattr(torch, dtype)
        if kind == "randn":
            return torch.randn(shape, device="cuda", generator=g, dtype=dt)
        if kind == "empty":
            return torch.full(shape, float("nan"), device="cuda", dtype=dt)
        return torch.randint(0, kind, shape, device="cuda", generator=g, dtype=dt)

    failed = 0
    for src_shape, idx_shape, axis in TEST_GATHER:
        src = torch.randn(src_shape, device="cuda", generator=g)
        idx = torch.randint(0, src_shape[axis], idx_shape, device="cuda", generator=g)
        for who, kern in variants.items():
            os.environ["TRITON_STUB_CACHE_DIR"] = str(old_cache if "old" in who else cache)
            out = torch.full(idx_shape, float("nan"), device="cuda")
            test_gather(kern, launch, src, idx, out, axis)
            torch.cuda.synchronize()
            ok = torch.equal(out, torch.gather(src, axis, idx))
            failed += not ok
            print(f"test_gather {src_shape} {idx_shape} axis {axis}: {who:16s} "
                  f"{'exact' if ok else 'MISMATCH'}")
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    for label, name, c, warps, programs in CASES:
        args = arrays(new, name, c, programs)
        want = expected(torch, name, c, programs, args)
        cands = {}
        for who, kern in variants.items():
            # Each variant compiles (finds its PTX) on its first launch.
            os.environ["TRITON_STUB_CACHE_DIR"] = str(old_cache if "old" in who else cache)
            args[-1].fill_(float("nan"))
            call(kern, launch, name, args, c, warps, programs)
            torch.cuda.synchronize()
            ok = torch.equal(args[-1], want)
            failed += not ok
            print(f"{label:34s} {who:16s} {'exact' if ok else 'MISMATCH'}")
            cands[who] = (lambda kern=kern: call(kern, launch, name, args, c, warps, programs))
        os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
        if not quick:
            print_rounds(time_rounds(torch, cands))
    print(f"correctness: {failed} mismatches")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(cache_main(prepare, run))
