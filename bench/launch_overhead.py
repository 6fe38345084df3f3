"""Host cost of a launch, through an autotuner and directly: upstream's
compiler, ours, and ours without the parallel-precompile patch. 2000
launches of a tiny kernel back to back (best of 5); the wall time per
launch is the host's.

    python3 bench/launch_overhead.py"""
import os, time, sys
os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/hostcache")
import torch, triton, triton.language as tl
import tritondialect
def body(x, y, n, B: tl.constexpr):
    o = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(y + o, tl.load(x + o, mask=o < n), mask=o < n)
x = torch.randn(4096, device="cuda"); y = torch.empty_like(x)
def run(tag, setup):
    setup()
    k = triton.autotune([triton.Config({"B": 256}), triton.Config({"B": 512})], key=["n"])(triton.jit(body))
    plain = triton.jit(body)
    for f, name in ((lambda: k[(16,)](x, y, 4096), "autotuned"), (lambda: plain[(16,)](x, y, 4096, B=256), "plain")):
        f(); torch.cuda.synchronize()
        best = 1e9
        for _ in range(5):
            t0 = time.perf_counter()
            for _ in range(2000): f()
            torch.cuda.synchronize()
            best = min(best, (time.perf_counter() - t0) / 2000)
        print(f"{tag:28} {name:10} {best*1e6:6.2f} us/launch", flush=True)
run("upstream", lambda: tritondialect.uninstall())
run("ours", lambda: tritondialect.install())
os.environ["TRITONDIALECT_PARALLEL_AUTOTUNE"] = "0"
run("ours, no autotune patch", lambda: (tritondialect.uninstall(), tritondialect.install()))
