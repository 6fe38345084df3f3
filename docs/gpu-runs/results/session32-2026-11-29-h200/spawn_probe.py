import os, time, subprocess, statistics, json, threading
print("nproc", os.cpu_count(), "affinity", len(os.sched_getaffinity(0)))
for f in ("/sys/fs/cgroup/cpu.max", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"):
    if os.path.exists(f): print(f, open(f).read().strip())
import triton
import tritondialect
from tritondialect import _ptxas, upstream
from triton.backends.nvidia.compiler import CUDABackend, CUDAOptions
from triton.backends.compiler import GPUTarget
backend = CUDABackend(GPUTarget("cuda", 90, 32))
prefix = upstream._ptxas_prefix(backend, CUDAOptions())
print(prefix)
t = []
for i in range(10):
    s = time.perf_counter(); e = _ptxas.EarlyPtxas(prefix); t.append(time.perf_counter() - s); e.cancel()
print("EarlyPtxas() ms", [round(x * 1e3, 2) for x in t])
t = []
for i in range(10):
    s = time.perf_counter(); p = subprocess.Popen(["/bin/true"]); t.append(time.perf_counter() - s); p.wait()
print("Popen(/bin/true) ms", [round(x * 1e3, 2) for x in t])
ttir = open(".gpu/conformance/ttir/add_f32.ttir").read()
def comp(n=10):
    r = []
    for i in range(n):
        s = time.perf_counter(); tritondialect.compile_ttir(ttir); r.append(time.perf_counter() - s)
    return r
comp(3)
print("compile_ttir alone ms", sorted(round(x * 1e3, 2) for x in comp()))
r = []
for i in range(10):
    e = _ptxas.EarlyPtxas(prefix)
    s = time.perf_counter(); tritondialect.compile_ttir(ttir); r.append(time.perf_counter() - s)
    e.cancel()
print("compile_ttir with ptxas starting ms", sorted(round(x * 1e3, 2) for x in r))
# ptxas gated: time from release to exit, with and without a concurrent front end
ptx = tritondialect.compile_ttir(ttir).ptx
import tempfile
for wait in (0.0, 0.005, 0.010, 0.020, 0.040):
    r = []
    for i in range(6):
        e = _ptxas.EarlyPtxas(prefix)
        time.sleep(wait)
        d = tempfile.mkdtemp(); src = os.path.join(d, "k.ptx"); open(src, "w").write(ptx)
        log = open(os.path.join(d, "log"), "w")
        s = time.perf_counter()
        e.finish(prefix + [src, "-o", src + ".o"], log)
        r.append(time.perf_counter() - s)
    print(f"sleep {wait*1e3:.0f} ms then finish: ms", sorted(round(x * 1e3, 2) for x in r))
r = []
for i in range(6):
    d = tempfile.mkdtemp(); src = os.path.join(d, "k.ptx"); open(src, "w").write(ptx)
    s = time.perf_counter(); subprocess.run(prefix + [src, "-o", src + ".o"], stderr=subprocess.DEVNULL); r.append(time.perf_counter() - s)
print("plain ptxas ms", sorted(round(x * 1e3, 2) for x in r))
