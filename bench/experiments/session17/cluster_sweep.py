"""Does grouping consecutive blocks into 2-block clusters (a
`.reqnctapercluster 2, 1, 1` directive, nothing else) speed up matmuls?
Upstream Triton's own PTX for the corpus matmul kernel at several tile
configurations (4096^3 f16), launched through cupy as the harness launches
ours: as compiled, and with the directive. Each block is still one program;
the cluster only makes the hardware schedule blocks 2i and 2i+1 together on
one GPC. Interleaved rounds, CUPTI kernel time, outputs compared.

usage: cluster_sweep.py HARNESS_DIR [ROUNDS] [--sizes 2,4]
"""
import re
import statistics
import sys

import numpy as np
import cupy
import torch

HD = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 4
SIZES = [int(s) for s in sys.argv[sys.argv.index("--sizes") + 1].split(",")] if "--sizes" in sys.argv else [2]
sys.path.insert(0, HD)
import harness  # noqa: E402

K = [k for k in harness.load_kernels(f"{HD}/kernels_dev.py") if k["name"] == "perf_matmul_f16_4096_128x128x32"][0]
M = N = KK = 4096
# (BM, BN, BK, num_warps, num_stages)
CONFIGS = [(128, 128, 32, 4, 4), (128, 128, 64, 4, 3), (128, 128, 64, 4, 4), (64, 128, 32, 4, 4),
           (128, 64, 32, 4, 4), (64, 256, 32, 4, 4), (128, 128, 32, 8, 4), (128, 256, 64, 8, 3),
           (256, 128, 64, 8, 3), (64, 128, 64, 4, 4)]


def kernel_us(fn, launches=20):
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(launches):
            fn()
        torch.cuda.synchronize()
    ts = [e.device_time_total for e in prof.events()
          if e.device_type == torch.autograd.DeviceType.CUDA and not e.name.startswith("Memset")]
    return statistics.median(ts)


def with_cluster(ptx, n):
    m = re.search(r"\.entry[^{]*?\)\s*(\.[^{]*)?\{", ptx, re.S)
    at = ptx.index("{", m.start())
    return ptx[:at] + f".reqnctapercluster {n}, 1, 1\n" + ptx[at:]


g = torch.Generator(device="cuda").manual_seed(3)
a = torch.randn((M, KK), device="cuda", generator=g).half()
b = torch.randn((KK, N), device="cuda", generator=g).half()
for BM, BN, BK, W, S in CONFIGS:
    grid = (M // BM) * (N // BN)
    c_ref = torch.empty(M, N, device="cuda", dtype=torch.float16)
    kw = dict(BM=BM, BN=BN, BK=BK, GM=8, ACT="none", num_warps=W, num_stages=S)
    args = (a, b, c_ref, M, N, KK, KK, 1, N, 1, N, 1)
    h = K["fn"][(grid,)](*args, **kw)
    torch.cuda.synchronize()
    fns = {"triton": lambda: K["fn"][(grid,)](*args, **kw)}
    _, targs = harness.ttir_entry_args(h.asm["ttir"])
    outs = {}
    for n in [1] + SIZES:
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        vals = {"a_ptr": a, "b_ptr": b, "c_ptr": c, "M": M, "N": N, "K": KK, "sam": KK, "sak": 1, "sbk": N,
                "sbn": 1, "scm": N, "scn": 1}
        cargs = tuple(harness.scalar_for(np, ty, vals[nm]) for nm, ty in targs) + (np.uint64(0),) * 2
        ptx = h.asm["ptx"] if n == 1 else with_cluster(h.asm["ptx"], n)
        path = f"/tmp/cl_{BM}_{BN}_{BK}_{W}_{S}_{n}.ptx"
        open(path, "w").write(ptx)
        f = cupy.RawModule(path=path).get_function(h.metadata.name)
        smem = h.metadata.shared
        if smem > 48 * 1024:
            f.max_dynamic_shared_size_bytes = smem
        fn = (lambda f=f, cargs=cargs, smem=smem: f((grid, 1, 1), (32 * W, 1, 1), cargs, shared_mem=smem))
        fn()
        torch.cuda.synchronize()
        outs[n] = c
        fns[f"cupy c{n}"] = fn
    same = all(torch.equal(outs[n], c_ref) for n in outs)
    for fn in fns.values():
        for _ in range(3):
            fn()
    torch.cuda.synchronize()
    times = {k: [] for k in fns}
    order = list(fns)
    for r in range(ROUNDS):
        for k in (order if r % 2 == 0 else list(reversed(order))):
            times[k].append(kernel_us(fns[k]))
    med = {k: statistics.median(t) for k, t in times.items()}
    base = med["cupy c1"]
    line = "  ".join(f"{k} {v:7.1f}" for k, v in med.items())
    gains = "  ".join(f"c{n}: x{base / med[f'cupy c{n}']:.3f}" for n in SIZES)
    print(f"{BM}x{BN}x{BK} w{W} s{S} grid {grid} smem {h.metadata.shared} same={same}  {line}  {gains}",
          flush=True)
