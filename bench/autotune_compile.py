#!/usr/bin/env python3
"""Time to a matmul's first autotuned result, 16 configs, cold cache:
upstream Triton alone, tritondialect compiling the configs one by one
(TRITONDIALECT_PARALLEL_AUTOTUNE=0), and in parallel threads (the default).

    python3 bench/autotune_compile.py upstream|serial|parallel

Run each mode in its own process with an empty TRITON_CACHE_DIR. Prints the
first call's wall time and the result's error against torch.
"""

import os
import sys
import time

mode = sys.argv[1]
if mode != "upstream":
    os.environ["TRITONDIALECT_PARALLEL_AUTOTUNE"] = "1" if mode == "parallel" else "0"
    import tritondialect
    tritondialect.install(strict=True)

import torch  # noqa: E402
import triton  # noqa: E402

configs = [
    triton.Config({"BM": bm, "BN": bn, "BK": bk}, num_warps=w, num_stages=s)
    for bm, bn, bk, w, s in [(128, 128, 64, 4, 3), (128, 128, 64, 8, 4), (128, 256, 64, 8, 3), (64, 128, 64, 4, 4),
                             (128, 64, 64, 4, 4), (64, 64, 64, 4, 5), (128, 128, 32, 4, 4), (64, 256, 32, 4, 3),
                             (256, 128, 64, 8, 3), (64, 128, 32, 4, 5), (128, 64, 32, 4, 5), (32, 64, 64, 2, 5),
                             (64, 32, 64, 2, 5), (128, 128, 128, 8, 2), (256, 64, 64, 8, 3), (64, 64, 128, 4, 3)]
]


from dropin_kernels import matmul_kernel  # noqa: E402

matmul = triton.autotune(configs=configs, key=["M", "N", "K"])(matmul_kernel)


torch.manual_seed(0)
M = N = K = 2048
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
torch.cuda.synchronize()
start = time.perf_counter()
matmul[lambda meta: (M // meta["BM"], N // meta["BN"])](a, b, c, M, N, K)
torch.cuda.synchronize()
elapsed = time.perf_counter() - start
err = (c.float() - a.float() @ b.float()).abs().max().item()
print(f"{mode}: first autotuned call {elapsed:.2f} s (bench {matmul.bench_time:.2f} s), best {matmul.best_config}, "
      f"max error {err:.3g}")
