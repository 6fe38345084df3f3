import sys, os
sys.path.insert(0, "bench")
os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/mmlargecache")
import torch, triton
import matmul_large as m
cfg = tuple(int(x) for x in sys.argv[1].split("x"))
S = int(sys.argv[2]) if len(sys.argv) > 2 else 8192
a = torch.randn((S, S), device="cuda", dtype=torch.bfloat16)
b = torch.randn((S, S), device="cuda", dtype=torch.bfloat16)
for who in ("up", "ours"):
    m.use(who)
    k = triton.jit(m.ptr_body)
    c = torch.empty((S, S), device="cuda", dtype=torch.bfloat16)
    f = m.launch("ptr", k, a, b, c, cfg, 132)
    compiled = f(); torch.cuda.synchronize()
    print(who, "regs", compiled.n_regs, "spills", compiled.n_spills, "shared", compiled.metadata.shared, flush=True)
    f(); torch.cuda.synchronize()
m.tritondialect.uninstall()
