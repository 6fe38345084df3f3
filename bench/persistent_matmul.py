"""Persistent matmul (tutorial 09, `tl.range(..., flatten=True)`) through
our compiler and upstream's, on the GPU, against cuBLAS.

    python3 bench/persistent_matmul.py prepare CACHE   # here: compile to CACHE
    python3 bench/persistent_matmul.py run CACHE       # GPU machine
    python3 bench/persistent_matmul.py run CACHE --quick  # small shapes,
                                                        # no timing (sanitizers)

`run` first checks every variant bit for bit against an f32 reference on
integer-valued inputs (shapes with K = 0, K below one block, K, M and N
not multiples of their blocks, fewer tiles than SMs; num_stages 1 to 4),
then times the 4096^3 f16 problem as the harness's --kernel-time does
(device time of the kernels alone, CUPTI through torch.profiler), in
interleaved rounds: cuBLAS, upstream's persistent and one-tile-per-block
kernels, and ours (flattened, not flattened, one tile per block).
"""
import importlib.util
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python-frontend-stub"))
sys.path.insert(0, str(ROOT / "python-frontend-stub" / "tests"))

NUM_SMS = 132  # H100 SXM and H200; `run` checks the device
BIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8)
SMALL = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8)
# (config, num_warps, num_stages): tutorial 09's H100 f16 config first.
VARIANTS = [(BIG, 8, 3)] + [(SMALL, 4, s) for s in (1, 2, 3, 4)]
SHAPES = [(512, 512, 512), (300, 520, 200), (256, 512, 0), (256, 512, 40),
          (1000, 1000, 336), (2048, 2048, 192), (4096, 4096, 4096)]


def load_kernels(upstream, stem="persistent_kernels", switch="PERSISTENT_UPSTREAM"):
    """bench/`stem`.py as a fresh module, compiled by upstream's `triton`
    (`switch` set to 1) or by ours."""
    os.environ[switch] = "1" if upstream else "0"
    name = stem + ("_upstream" if upstream else "_ours")
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{stem}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cdiv(a, b):
    return (a + b - 1) // b


def strides(*arrays):
    """Row-major strides of 2-D arrays (torch tensors or stand-ins)."""
    return [s for x in arrays for s in (x.shape[1], 1)]


def persistent(kern, launch, a, b, c, M, N, K, cfg, warps, stages, flatten):
    tiles = cdiv(M, cfg["BLOCK_SIZE_M"]) * cdiv(N, cfg["BLOCK_SIZE_N"])
    launch(kern.matmul_kernel_persistent, (min(NUM_SMS, tiles),), a, b, c, M, N, K,
           *strides(a, b, c), NUM_SMS=NUM_SMS, FLATTEN=flatten, num_warps=warps, num_stages=stages, **cfg)


def per_tile(kern, launch, a, b, c, M, N, K, cfg, warps, stages, **extra):
    tiles = cdiv(M, cfg["BLOCK_SIZE_M"]) * cdiv(N, cfg["BLOCK_SIZE_N"])
    launch(kern.matmul_kernel, (tiles,), a, b, c, M, N, K, *strides(a, b, c), num_warps=warps,
           num_stages=stages, **cfg, **extra)


def warm(kernel, grid, *args, num_warps, num_stages, **kw):
    """`launch` for `prepare`: compile into the PTX cache as the launch will
    specialize."""
    kernel.warmup(*args, grid=grid, num_warps=num_warps, num_stages=num_stages, **kw)


def launch(kernel, grid, *args, **kw):
    kernel[grid](*args, **kw)


def stand_ins(M, N, K):
    """Stand-ins for A (M x K), B (K x N) and C (M x N), f16."""
    from gpu_features import StandIn
    return StandIn((M, K), "float16"), StandIn((K, N), "float16"), StandIn((M, N), "float16")


def prepare(cache):
    ours = load_kernels(False)
    for M, N, K in SHAPES:
        a, b, c = stand_ins(M, N, K)
        for cfg, warps, stages in VARIANTS:
            for flatten in (True, False):
                persistent(ours, warm, a, b, c, M, N, K, cfg, warps, stages, flatten)
    a, b, c = stand_ins(4096, 4096, 4096)
    per_tile(ours, warm, a, b, c, 4096, 4096, 4096, BIG, 8, 3)
    print("compiled into", cache)


def kernel_us(torch, fn, launches=20):
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(launches):
            fn()
        torch.cuda.synchronize()
    times = [e.device_time_total for e in prof.events()
             if e.device_type == torch.autograd.DeviceType.CUDA and not e.name.startswith("Memset")]
    return statistics.median(times)


def time_rounds(torch, cands, rounds=6):
    """Kernel time (us) of each candidate in `rounds` interleaved rounds,
    the order reversed every other round, after five warm-up launches."""
    for fn in cands.values():
        for _ in range(5):
            fn()
    torch.cuda.synchronize()
    times = {k: [] for k in cands}
    for r in range(rounds):
        for k in (list(cands) if r % 2 == 0 else list(reversed(cands))):
            times[k].append(kernel_us(torch, cands[k]))
    return times


def run(quick):
    import torch
    dev = torch.cuda.get_device_properties(0)
    print(torch.cuda.get_device_name(), f"{dev.multi_processor_count} SMs")
    assert dev.multi_processor_count >= NUM_SMS
    ours, up = load_kernels(False), load_kernels(True)
    failed = 0
    for M, N, K in (SHAPES[:-2] if quick else SHAPES):
        g = torch.Generator(device="cuda").manual_seed(M + N + K)
        a = torch.randint(-2, 3, (M, K), device="cuda", generator=g).half()
        b = torch.randint(-2, 3, (K, N), device="cuda", generator=g).half()
        want = (a.float() @ b.float()).half()
        for cfg, warps, stages in VARIANTS:
            for who, kern, flatten in (("ours flattened", ours, True), ("ours nested", ours, False),
                                       ("upstream", up, True)):
                c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
                persistent(kern, launch, a, b, c, M, N, K, cfg, warps, stages, flatten)
                torch.cuda.synchronize()
                ok = torch.equal(c, want)
                failed += not ok
                if not ok or who == "ours flattened":
                    print(f"{M}x{N}x{K} {cfg['BLOCK_SIZE_N']}x{cfg['BLOCK_SIZE_K']} "
                          f"stages={stages} {who}: {'exact' if ok else 'MISMATCH'}")
    print(f"correctness: {failed} mismatches")
    if quick:
        return 1 if failed else 0

    M = N = K = 4096
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    cands = {
        "cuBLAS": lambda: torch.matmul(a, b, out=c),
        "upstream persistent": lambda: persistent(up, launch, a, b, c, M, N, K, BIG, 8, 3, True),
        "upstream one tile per block": lambda: per_tile(up, launch, a, b, c, M, N, K, BIG, 8, 3),
        "ours persistent, flattened": lambda: persistent(ours, launch, a, b, c, M, N, K, BIG, 8,
                                                         3, True),
        "ours persistent, nested": lambda: persistent(ours, launch, a, b, c, M, N, K, BIG, 8, 3,
                                                      False),
        "ours one tile per block": lambda: per_tile(ours, launch, a, b, c, M, N, K, BIG, 8, 3),
    }
    rounds = time_rounds(torch, cands)
    flop = 2 * M * N * K
    base = statistics.median(rounds["upstream persistent"])
    print(f"4096^3 f16, kernel time, median of 6 interleaved rounds of 20 launches:")
    for k, ts in rounds.items():
        us = statistics.median(ts)
        print(f"  {k:30s} {us:8.1f} us  {flop / us / 1e6:6.0f} TFLOP/s  "
              f"upstream persistent / this = {base / us:.3f}  [{min(ts):.1f}, {max(ts):.1f}]")
    return 1 if failed else 0


def print_rounds(rounds, rate=None):
    """Each candidate's median kernel time from `time_rounds` against
    upstream's ("upstream" in `rounds`), with `rate(us)` (e.g. TB/s) after
    the time when given."""
    base = statistics.median(rounds["upstream"])
    for who, ts in rounds.items():
        us = statistics.median(ts)
        extra = f"{rate(us)}  " if rate else ""
        print(f"  {who:16s} {us:8.2f} us  {extra}upstream / this = {base / us:.3f}  "
              f"[{min(ts):.2f}, {max(ts):.2f}]")


def cache_main(prepare, run):
    """`cli` for `run(cache, old_cache, quick)`: `run CACHE [OLDCACHE]
    [--quick]`, OLDCACHE another build's cache of the same kernels,
    --quick exactness only."""
    def run_with(rest):
        old = next((Path(a).resolve() for a in rest if not a.startswith("--")), None)
        return run(Path(sys.argv[2]).resolve(), old, quick="--quick" in rest)
    return cli(prepare, run_with)


def cli(prepare, run):
    """`prepare CACHE` (here) or `run CACHE [FLAGS]` (GPU machine), with
    the frontend's PTX cache in CACHE."""
    mode, cache = sys.argv[1], Path(sys.argv[2]).resolve()
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    if mode == "prepare":
        prepare(cache)
        return 0
    return run(sys.argv[3:])


if __name__ == "__main__":
    sys.exit(cli(prepare, lambda flags: run(quick="--quick" in flags)))
