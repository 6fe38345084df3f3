import os, sys, time, json
import triton
from triton.backends.compiler import GPUTarget
import tritondialect
from tritondialect import upstream
tritondialect.install(strict=True)
hook = triton.knobs.runtime.add_stages_inspection_hook
ht = [0.0]
def timed(*a, **k):
    s = time.perf_counter()
    try: return hook(*a, **k)
    finally:
        if a: ht[0] += time.perf_counter() - s
triton.knobs.runtime.add_stages_inspection_hook = timed
times = []
triton.knobs.compilation.listener = lambda **kw: times.append(kw["times"])
triton.knobs.compilation.always_compile = True
for k in sys.argv[1:]:
    for flag in ("1", "0", "1", "0"):
        os.environ["TRITONDIALECT_EARLY_PTXAS"] = flag
        rows = []
        for r in range(5):
            ht[0] = 0; times.clear()
            s = time.perf_counter()
            triton.compile(k, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4})
            w = time.perf_counter() - s
            st = dict(times[-1].lowering_stages)
            rows.append((w * 1e3, ht[0] * 1e3, {a: round(b / 1e3, 2) for a, b in st.items()}))
        rows.sort(key=lambda x: x[0])
        print(os.path.basename(k), "early", flag, [f"wall {w:.1f} hook {h:.2f} {st}" for w, h, st in rows[:3]])
