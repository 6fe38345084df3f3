"""Reductions accumulated across loop iterations (`acc += tl.sum(x, 1)`
over column blocks: a row sum, a row max, GEMVs) through our compiler and
upstream's, on the GPU. `tritongpu-optimize-thread-locality` splits these
into per-thread partials reduced once after the loop.

    python3 bench/loop_reduce.py prepare CACHE            # here
    TRITON_STUB_TOOLS=OLD/bin python3 bench/loop_reduce.py prepare OLDCACHE
                                                          # (optional) another build
    python3 bench/loop_reduce.py run CACHE [OLDCACHE]     # GPU machine
    python3 bench/loop_reduce.py run CACHE --quick        # exactness only
                                                          # (sanitizers)

`run` checks every kernel against torch, exactly (integer-valued inputs:
every partial sum is exact in f32), on ragged shapes and on the timed
ones, then times the timed shapes as the harness's --kernel-time does, in
interleaved rounds: upstream's, ours, and ours from OLDCACHE when given.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from persistent_matmul import (cache_main, launch, load_kernels, print_rounds,  # noqa: E402
                               time_rounds, warm)

STEM, SWITCH = "loop_reduce_kernels", "LOOP_REDUCE_UPSTREAM"
# (label, kernel, dtype, M, N, BLOCK_M, BLOCK_N, num_warps, timed)
CASES = [
    ("rowsum f32 8192x4096, 16x256", "rowsum_kernel", "float32", 8192, 4096, 16, 256, 4, True),
    ("rowsum f32 8192x4096, 64x128", "rowsum_kernel", "float32", 8192, 4096, 64, 128, 4, True),
    ("rowmax f32 8192x4096, 16x256", "rowmax_kernel", "float32", 8192, 4096, 16, 256, 4, True),
    ("gemv f16 8192x4096, 16x256", "gemv_kernel", "float16", 8192, 4096, 16, 256, 4, True),
    ("gemv f32 4096x4096, 32x128", "gemv_kernel", "float32", 4096, 4096, 32, 128, 4, True),
    ("rowsum f32 1000x1000, 16x256", "rowsum_kernel", "float32", 1000, 1000, 16, 256, 4, False),
    ("rowmax f32 1000x1000, 64x128", "rowmax_kernel", "float32", 1000, 1000, 64, 128, 4, False),
    ("gemv f16 1000x1000, 16x256", "gemv_kernel", "float16", 1000, 1000, 16, 256, 4, False),
    ("rowsum f32 300x0, 16x256 (no iteration)", "rowsum_kernel", "float32", 300, 0, 16, 256,
     4, False),
    # tl.range(..., num_stages=S) (the kernel name's suffix): pipelined without a dot.
    ("rowsum f32 8192x4096, 16x256, 3 stages", "rowsum_staged_kernel:3", "float32", 8192, 4096,
     16, 256, 4, True),
    ("rowsum f32 8192x4096, 64x128, 3 stages", "rowsum_staged_kernel:3", "float32", 8192, 4096,
     64, 128, 4, True),
    ("rowsum f32 1000x1000, 16x256, 2 stages", "rowsum_staged_kernel:2", "float32", 1000, 1000,
     16, 256, 4, False),
    ("rowsum f32 1000x520, 32x64, 4 stages", "rowsum_staged_kernel:4", "float32", 1000, 520,
     32, 64, 4, False),
    ("rowsum f32 300x0, 16x256, 3 stages (no iteration)", "rowsum_staged_kernel:3", "float32",
     300, 0, 16, 256, 4, False),
    ("rowsum f32 300x100, 16x256, 3 stages (one iteration)", "rowsum_staged_kernel:3", "float32",
     300, 100, 16, 256, 4, False),
]


def arrays(new, kernel, dtype, M, N):
    """The kernel's arrays, made by `new(shape, dtype, kind)`."""
    ins = [new((M, max(N, 1)), dtype, "ints")]
    if kernel == "gemv_kernel":
        ins.append(new((max(N, 1),), dtype, "ints"))
    return ins + [new((M,), "float32", "empty")]


def expected(torch, kernel, M, N, args):
    x = args[0][:, :N].double()
    if kernel.startswith("rowsum"):
        return x.sum(1).float()
    if kernel == "rowmax_kernel":
        return x.max(1).values.float() if N else torch.full((M,), float("-inf"), device="cuda")
    return (x @ args[1][:N].double()).float()


def call(kern, how, name, args, M, N, bm, bn, warps):
    grid = ((M + bm - 1) // bm,)
    name, _, stages = name.partition(":")
    extra = {"STAGES": int(stages)} if stages else {}
    how(getattr(kern, name), grid, *args, M, N, args[0].stride()[0], BLOCK_M=bm, BLOCK_N=bn,
        num_warps=warps, num_stages=3, **extra)


def prepare(cache):
    from gpu_features import StandIn
    ours = load_kernels(False, STEM, SWITCH)
    for _, name, dtype, M, N, bm, bn, warps, _ in CASES:
        args = arrays(lambda shape, dt, kind: StandIn(shape, dt), name, dtype, M, N)
        call(ours, warm, name, args, M, N, bm, bn, warps)
    print("compiled into", cache)


def run(cache, old_cache, quick=False):
    import torch
    print(torch.cuda.get_device_name())
    variants = {"upstream": load_kernels(True, STEM, SWITCH), "ours": load_kernels(False, STEM, SWITCH)}
    if old_cache:
        variants["ours, old build"] = load_kernels(False, STEM, SWITCH)
    g = torch.Generator(device="cuda").manual_seed(0)

    def new(shape, dtype, kind):
        dt = getattr(torch, dtype)
        if kind == "empty":
            return torch.full(shape, float("nan"), device="cuda", dtype=dt)
        return torch.randint(-4, 5, shape, device="cuda", generator=g).to(dt)

    failed = 0
    for label, name, dtype, M, N, bm, bn, warps, timed in CASES:
        args = arrays(new, name, dtype, M, N)
        want = expected(torch, name, M, N, args)
        cands = {}
        for who, kern in variants.items():
            os.environ["TRITON_STUB_CACHE_DIR"] = str(old_cache if "old" in who else cache)
            args[-1].fill_(float("nan"))
            call(kern, launch, name, args, M, N, bm, bn, warps)
            torch.cuda.synchronize()
            ok = torch.equal(args[-1], want)
            failed += not ok
            print(f"{label:42s} {who:16s} {'exact' if ok else 'MISMATCH'}")
            cands[who] = (lambda kern=kern: call(kern, launch, name, args, M, N, bm, bn, warps))
        os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
        if quick or not timed:
            continue
        nbytes = sum(a.numel() * a.element_size() for a in args)
        print_rounds(time_rounds(torch, cands), lambda us: f"{nbytes / us / 1e6:6.2f} TB/s")
    print(f"correctness: {failed} mismatches")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(cache_main(prepare, run))
