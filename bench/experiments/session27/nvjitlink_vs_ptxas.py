"""PTX -> cubin: upstream's bundled ptxas (as upstream runs it) against
nvJitLink in-process, per corpus kernel: time and SASS equality."""
import ctypes, glob, json, os, subprocess, sys, tempfile, time, re
import triton, tritondialect
OUT = os.environ.get("OUT", "/tmp")
tdir = os.path.dirname(triton.__file__)
ptxas = glob.glob(tdir + "/backends/nvidia/bin/ptxas")[0]
cuobjdump = glob.glob(tdir + "/backends/nvidia/bin/cuobjdump")
cuobjdump = cuobjdump[0] if cuobjdump else "cuobjdump"
print("ptxas", subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout.splitlines()[-1])
cands = sorted(set(glob.glob("/usr/local/cuda*/lib64/libnvJitLink.so*") + glob.glob(sys.prefix + "/lib/python3*/site-packages/nvidia/*/lib/libnvJitLink.so*") + glob.glob("/usr/local/lib/python3*/dist-packages/nvidia/*/lib/libnvJitLink.so*")))
seen = {}
for c in cands:
    seen.setdefault(os.path.realpath(c), c)
cands = list(seen.values())[:3]
print("candidates", cands)
libs = []
for c in cands:
    syms = subprocess.run(["nm", "-D", "--defined-only", c], capture_output=True, text=True).stdout
    names = set(l.split()[-1] for l in syms.splitlines() if l.strip())
    libs.append((c, names))
def fn(lib, names, base):
    for n in [base] + [f"__{base}_{a}_{b}" for a in (13, 12) for b in range(10)]:
        try:
            return getattr(lib, n)
        except AttributeError:
            pass
    raise AttributeError(base)
class JL:
    def __init__(self, path, names):
        self.lib = ctypes.CDLL(path)
        g = lambda b: fn(self.lib, names, b)
        self.create, self.add, self.complete = g("nvJitLinkCreate"), g("nvJitLinkAddData"), g("nvJitLinkComplete")
        self.size, self.get, self.destroy = g("nvJitLinkGetLinkedCubinSize"), g("nvJitLinkGetLinkedCubin"), g("nvJitLinkDestroy")
        self.logsize, self.log = g("nvJitLinkGetErrorLogSize"), g("nvJitLinkGetErrorLog")
    def compile(self, ptx, opts):
        h = ctypes.c_void_p()
        arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        r = self.create(ctypes.byref(h), len(opts), arr)
        if r: raise RuntimeError(f"create {r}")
        data = ptx.encode()
        r = self.add(h, 2, data, len(data), b"k.ptx")
        if r == 0: r = self.complete(h)
        if r:
            n = ctypes.c_size_t(); self.logsize(h, ctypes.byref(n)); buf = ctypes.create_string_buffer(n.value + 1); self.log(h, buf)
            self.destroy(ctypes.byref(h)); raise RuntimeError(f"jl {r}: {buf.value.decode()[:300]}")
        n = ctypes.c_size_t(); self.size(h, ctypes.byref(n)); buf = ctypes.create_string_buffer(n.value); self.get(h, buf)
        self.destroy(ctypes.byref(h)); return buf.raw
def sass(cubin):
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(cubin); p = f.name
    out = subprocess.run([cuobjdump, "-sass", p], capture_output=True, text=True).stdout
    os.unlink(p)
    return [l.split("*/")[1].strip() if "*/" in l else l.strip() for l in out.splitlines() if "/*" in l and ";" in l]
def run_ptxas(ptx):
    with tempfile.TemporaryDirectory() as d:
        open(d + "/k.ptx", "w").write(ptx)
        t = time.perf_counter()
        subprocess.run([ptxas, "-lineinfo", "-v", "--gpu-name=sm_90a", d + "/k.ptx", "-o", d + "/k.cubin"], check=True, capture_output=True)
        dt = time.perf_counter() - t
        return open(d + "/k.cubin", "rb").read(), dt
corpus = ".gpu/conformance/ttir"
kernels = sorted(glob.glob(corpus + "/*.ttir"))
ptxs = {}
for k in kernels:
    spec = json.load(open(k[:-5] + ".json"))
    ptxs[os.path.basename(k)[:-5]] = tritondialect.compile_ttir(open(k).read(), num_warps=spec.get("num_warps", 4), num_stages=spec.get("num_stages", 3)).ptx
optsets = {"A": ["-arch=sm_90a"], "B": ["-arch=sm_90a", "-lineinfo"], "C": ["-arch=sm_90a", "-O3", "-lineinfo"], "D": ["-arch=sm_90a", "-lineinfo", "-Xptxas=-O3"]}
res = {}
for path, names in libs:
    try: jl = JL(path, names)
    except Exception as e: print(path, "unusable", e); continue
    print("==", path)
    for tag, opts in optsets.items():
        same, t_jl, t_px, rows = 0, 0.0, 0.0, []
        for name, ptx in ptxs.items():
            try:
                jl.compile(ptx, opts)
                best = 1e9
                for _ in range(3):
                    t = time.perf_counter(); cub = jl.compile(ptx, opts); best = min(best, time.perf_counter() - t)
            except Exception as e:
                print(tag, name, "FAIL", str(e)[:200]); break
            bp = 1e9
            for _ in range(3):
                pc, dt = run_ptxas(ptx); bp = min(bp, dt)
            a, b = sass(pc), sass(cub)
            eq = a == b
            same += eq; t_jl += best; t_px += bp
            rows.append((name, round(bp * 1e3, 1), round(best * 1e3, 1), eq, len(a), len(b)))
        print(tag, opts, f"same SASS {same}/{len(ptxs)}  ptxas {t_px:.2f}s  jl {t_jl:.2f}s")
        for r in rows: print("   ", *r)
        res[path + ":" + tag] = rows
json.dump(res, open(OUT + "/jl.json", "w"), indent=0)
