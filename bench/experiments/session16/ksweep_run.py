"""K sweep of persistent vs one-tile matmul PTX variants (cupy launch, CUPTI time)."""
import json, sys, os, statistics
import numpy as np, cupy, torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from persistent_matmul import kernel_us
D = os.path.dirname(__file__)
meta = json.load(open(f"{D}/meta.json"))
variants = sys.argv[1].split(",")   # file stems in D: pers, tile, pers_e1 ...
Ks = [int(k) for k in sys.argv[2].split(",")]
M = N = 4096
fns = {}
for v in variants:
    kind = "tile" if v.startswith("tile") else "pers"
    md = dict(meta[kind])
    stem = v
    if "@" in v:
        stem, sm = v.split("@"); md["shared_bytes"] = int(sm)
    f = cupy.RawModule(path=f"{D}/{stem}.ptx").get_function(md["entry"])
    f.max_dynamic_shared_size_bytes = md["shared_bytes"]
    fns[v] = (f, md, kind)
def launcher(v, a, b, c, K):
    f, md, kind = fns[v]
    grid = (132 if kind == "pers" else (M // 128) * (N // 256), 1, 1)
    args = (np.uint64(a.data_ptr()), np.uint64(b.data_ptr()), np.uint64(c.data_ptr()),
            np.int32(M), np.int32(N), np.int32(K), np.int32(K), np.int32(N), np.int32(N))
    return lambda: f(grid, (256, 1, 1), args, shared_mem=md["shared_bytes"])
for K in Ks:
    g = torch.Generator(device="cuda").manual_seed(K)
    a = torch.randint(-2, 3, (M, K), device="cuda", generator=g).half()
    b = torch.randint(-2, 3, (K, N), device="cuda", generator=g).half()
    want = (a.float() @ b.float()).half()
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    cands = {}
    for v in variants:
        c.fill_(float("nan")); fn = launcher(v, a, b, c, K); fn(); torch.cuda.synchronize()
        ok = torch.equal(c, want)
        cands[v] = fn
        if not ok: print(f"K={K} {v}: MISMATCH")
    for fn in cands.values():
        for _ in range(5): fn()
    times = {k: [] for k in cands}
    for r in range(6):
        for k in (list(cands) if r % 2 == 0 else list(reversed(cands))):
            times[k].append(kernel_us(torch, cands[k]))
    line = "  ".join(f"{k} {statistics.median(t):7.1f}" for k, t in times.items())
    print(f"K={K:5d}  {line}", flush=True)
