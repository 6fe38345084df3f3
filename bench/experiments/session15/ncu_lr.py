# One launch of the 16x256 row sum from each cache (new split, old), for ncu.
import os, sys
sys.path.insert(0, "bench"); sys.path.insert(0, "python-frontend-stub"); sys.path.insert(0, "python-frontend-stub/tests")
import torch
from persistent_matmul import load_kernels, launch
for cache in sys.argv[1:]:
    os.environ["TRITON_STUB_CACHE_DIR"] = os.path.abspath(cache)
    k = load_kernels(False, "loop_reduce_kernels", "LOOP_REDUCE_UPSTREAM")
    x = torch.randint(-4, 5, (8192, 4096), device="cuda").float()
    o = torch.empty(8192, device="cuda")
    for bm, bn in ((16, 256), (64, 128)):
        launch(k.rowsum_kernel, (8192 // bm,), x, o, 8192, 4096, 4096, BLOCK_M=bm, BLOCK_N=bn, num_warps=4, num_stages=3)
        torch.cuda.synchronize()
        assert torch.equal(o, x.double().sum(1).float()), cache
print("ok")
