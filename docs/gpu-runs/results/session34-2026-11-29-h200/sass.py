import sys, os, subprocess
sys.path.insert(0, "bench")
os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/mmlargecache")
import torch, triton
import matmul_large as m
cfg = tuple(int(x) for x in sys.argv[1].split("x"))
out = sys.argv[2]
S = 1024
a = torch.randn((S, S), device="cuda", dtype=torch.bfloat16)
b = torch.randn((S, S), device="cuda", dtype=torch.bfloat16)
for who in ("up", "ours"):
    m.use(who)
    k = triton.jit(m.ptr_body)
    c = torch.empty((S, S), device="cuda", dtype=torch.bfloat16)
    compiled = m.launch("ptr", k, a, b, c, cfg, 132)()
    path = os.path.join(out, f"{who}.cubin")
    open(path, "wb").write(compiled.asm["cubin"])
    sass = subprocess.run(["cuobjdump", "-sass", path], capture_output=True, text=True).stdout
    open(os.path.join(out, f"{who}.sass"), "w").write(sass)
    print(who, len(sass.splitlines()))
m.tritondialect.uninstall()
