"""Host time of a torch.compile'd model, upstream's kernels against ours:
cProfile of N calls each, and per-launch metadata of every kernel."""
import cProfile, io, os, pstats, sys, time, statistics, json
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
import real_client as rc
import torch, triton, tritondialect
from torch._inductor import config
config.compile_threads = 1
config.fx_graph_cache = False
config.autotune_local_cache = False
name = sys.argv[1]
fn, inputs, kwargs = rc.models(torch)[name]
meta = {"upstream": {}, "ours": {}}
cur = ["upstream"]
def listener(**kw):
    m = kw.get("metadata") or {}
    if hasattr(m, "_asdict"): m = m._asdict()
    keep = {k: (str(v) if not isinstance(v, (int, float, str, bool, type(None))) else v) for k, v in dict(m).items()
            if k in ("name", "shared", "num_warps", "global_scratch_size", "profile_scratch_size", "cluster_dims", "num_ctas",
                     "launch_pdl", "launch_cooperative_grid", "tmem_size", "tensordesc_meta", "maxnreg")}
    meta[cur[0]][keep.get("name", "?")] = keep
triton.knobs.compilation.listener = listener
compiled = {}
for backend in ("upstream", "ours"):
    cur[0] = backend
    if backend == "ours": tritondialect.install(strict=True)
    else: tritondialect.uninstall()
    rc._fresh_inductor(torch)
    c = torch.compile(fn, **kwargs)
    with torch.enable_grad():
        for _ in range(5): c(*inputs)
    torch.cuda.synchronize()
    compiled[backend] = c
tritondialect.uninstall()
for k in sorted(set(meta["upstream"]) | set(meta["ours"])):
    u, o = meta["upstream"].get(k), meta["ours"].get(k)
    if u != o: print("META DIFF", k, "\n   up  ", u, "\n   ours", o)
print("kernels", len(meta["upstream"]), len(meta["ours"]))
def host(c, n=200):
    torch.cuda.synchronize(); t = time.perf_counter()
    with torch.enable_grad():
        for _ in range(n): c(*inputs)
    t1 = time.perf_counter(); torch.cuda.synchronize()
    return (t1 - t) / n * 1e6
for r in range(5):
    print("round", r, [(b, round(host(compiled[b]), 1)) for b in ("upstream", "ours", "ours", "upstream")])
for b in ("upstream", "ours"):
    pr = cProfile.Profile()
    with torch.enable_grad():
        pr.enable()
        for _ in range(100): compiled[b](*inputs)
        pr.disable()
    torch.cuda.synchronize()
    s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(25); print("=====", b); print(s.getvalue()[:6000])
