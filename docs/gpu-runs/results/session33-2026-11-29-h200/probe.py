# Where the ttgir stage's time goes on this host: compile_ttir alone vs the
# whole stage (str(mod), kernel name, dump check, options) and the hook.
import os, sys, time
import triton
from triton.backends.compiler import GPUTarget
import tritondialect
from tritondialect import upstream
tritondialect.install(strict=True)
ct = [0.0]
orig = upstream.compile_ttir
def timed_ct(*a, **k):
    s = time.perf_counter()
    try: return orig(*a, **k)
    finally: ct[0] += time.perf_counter() - s
upstream.compile_ttir = timed_ct
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
    rows = []
    for r in range(7):
        ht[0] = 0; ct[0] = 0; times.clear()
        s = time.perf_counter()
        triton.compile(k, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4})
        w = time.perf_counter() - s
        st = dict(times[-1].lowering_stages)
        rows.append((w * 1e3, ht[0] * 1e3, ct[0] * 1e3, {a: round(b / 1e3, 2) for a, b in st.items()}))
    rows.sort(key=lambda x: x[0])
    for w, h, c, st in rows[:3]:
        print(f"{os.path.basename(k):28} wall {w:6.1f} hook {h:5.2f} compile_ttir {c:6.2f} ttgir-rest {st['ttgir'] - c:5.2f} {st}")
