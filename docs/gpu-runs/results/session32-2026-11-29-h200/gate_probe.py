import os, subprocess, sys, time, glob, inspect, statistics
import triton
from triton.backends.nvidia import compiler as nv
print(inspect.getsource(nv.CUDABackend.make_cubin))
print(inspect.getsource(nv.get_ptxas))
print(inspect.getsource(nv.sm_arch_from_capability))
ptxas = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/ptxas")
print(ptxas, subprocess.check_output([ptxas, "--version"]).decode().splitlines()[-1])
subprocess.run(["nm", "-D", ptxas], stdout=open("/tmp/nm.txt", "w"))
print([l.split()[-1] for l in open("/tmp/nm.txt") if " U " in l and "open" in l])
subprocess.check_call(["gcc", "-O2", "-shared", "-fPIC", ".gpu/s32/gate.c", "-o", "/tmp/gate.so", "-ldl"])
tmp = "/tmp/gp"; os.makedirs(tmp, exist_ok=True)
ratios = []
for f in sorted(glob.glob(".gpu/s32/ptx/*.ptx")):
    ptx = open(f).read()
    name = os.path.basename(f)[:-4]
    plain, gated, same = [], [], True
    for i in range(5):
        src = f"{tmp}/{name}.{i}.ptx"
        with open(src, "w") as o: o.write(ptx)
        t = time.perf_counter()
        subprocess.run([ptxas, "-lineinfo", "-v", "--gpu-name=sm_90a", src, "-o", src + ".o"], check=True, stderr=subprocess.DEVNULL)
        plain.append(time.perf_counter() - t)
        src2 = f"{tmp}/g{name}.{i}.ptx"
        r, w = os.pipe()
        env = dict(os.environ, LD_PRELOAD="/tmp/gate.so", TD_GATE_FD=str(r), TD_GATE_PATH=src2)
        p = subprocess.Popen([ptxas, "-lineinfo", "-v", "--gpu-name=sm_90a", src2, "-o", src2 + ".o"], env=env, pass_fds=(r,), stderr=subprocess.DEVNULL)
        os.close(r)
        time.sleep(0.04)
        t = time.perf_counter()
        with open(src2, "w") as o: o.write(ptx)
        os.write(w, b"g"); os.close(w)
        p.wait()
        gated.append(time.perf_counter() - t)
        same &= open(src + ".o", "rb").read() == open(src2 + ".o", "rb").read()
    ratios.append(min(gated) / min(plain))
    print(f"{name:40} plain {min(plain)*1e3:7.1f} ms  after release {min(gated)*1e3:7.1f} ms  same {same}")
print("median gated/plain", statistics.median(ratios))
