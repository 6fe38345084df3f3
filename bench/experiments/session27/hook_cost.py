import sys, json, time, cProfile, pstats, io
import triton
from triton.backends.compiler import GPUTarget
import tritondialect
from tritondialect import upstream as hook
names = ["add_f32", "saxpy", "casts", "cumsum_rows", "softmax_781", "row_argmax"]
times = []
triton.knobs.compilation.listener = lambda **kw: times.append(kw["times"])
triton.knobs.compilation.always_compile = True
tritondialect.install(strict=True)
inner = {}
orig = hook.compile_ttir
def timed(*a, **k):
    t = time.perf_counter(); r = orig(*a, **k); inner.setdefault("t", []).append(time.perf_counter() - t); return r
hook.compile_ttir = timed
for n in names:
    k = f".gpu/conformance/ttir/{n}.ttir"; spec = json.load(open(k[:-5] + ".json"))
    opts = dict(num_warps=spec.get("num_warps", 4), num_stages=spec.get("num_stages", 3))
    best = {}
    for _ in range(7):
        times.clear(); inner.clear()
        t0 = time.perf_counter()
        triton.compile(k, target=GPUTarget("cuda", 90, 32), options=dict(opts))
        total = time.perf_counter() - t0
        st = dict(times[-1].lowering_stages)
        row = {"ttgir": st["ttgir"] / 1e3, "llir": st["llir"] / 1e3, "ptx": st["ptx"] / 1e3, "cubin": st["cubin"] / 1e3,
               "compile_ttir": inner["t"][0] * 1e3, "triton.compile": total * 1e3}
        if not best or row["ttgir"] < best["ttgir"]: best = row
    text = open(k).read()
    d = []
    for _ in range(7):
        t = time.perf_counter(); tritondialect.compile_ttir(text, keep_ir=True, **opts); d.append(time.perf_counter() - t)
    best["direct"] = min(d) * 1e3
    print(n, {a: round(b, 2) for a, b in best.items()}, flush=True)
pr = cProfile.Profile(); pr.enable()
for _ in range(20):
    triton.compile(".gpu/conformance/ttir/add_f32.ttir", target=GPUTarget("cuda", 90, 32), options=dict(num_warps=4, num_stages=3))
pr.disable(); s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("cumulative").print_stats(40); print(s.getvalue()[:7000])
