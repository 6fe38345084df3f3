"""Upstream's tutorial 06 (fused attention) forward, its own autotuned kernel,
with upstream's compiler or ours, one process each (the autotuner keeps its
choice per process):

    python3 bench/tutorial_attention.py TUTORIAL_06_PY up|ours [--n-ctx 4096]

TUTORIAL_06_PY is upstream's `python/tutorials/06-fused-attention.py`, read
through the search tool into an ignored folder (never committed). For head
dims 64 and 128, causal and not, and `warp_specialize` True and False where
the tutorial offers it on Hopper, one JSON line each: the largest
difference from torch's scaled_dot_product_attention, the time
(triton.testing.do_bench) and TFLOP/s, and the config the autotuner chose.
"""
import argparse
import json
import time

import torch
import triton

from tutorial_module import load_tutorial


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tutorial")
    parser.add_argument("who", choices=["up", "ours"])
    parser.add_argument("--n-ctx", type=int, default=4096)
    args = parser.parse_args()
    tutorial = load_tutorial(args.tutorial, "tutorial06", args.who)
    torch.manual_seed(0)
    Z, H, N = 4, 32, args.n_ctx
    for D in (64, 128):
        for causal in (False, True):
            for ws in (False, True) if not causal else (False,):
                q, k, v = (torch.randn((Z, H, N, D), dtype=torch.float16, device="cuda") for _ in range(3))
                row = {"who": args.who, "D": D, "causal": causal, "ws": ws}
                start = time.time()
                try:
                    out = tutorial.attention(q, k, v, causal, 0.5, ws)
                except Exception as e:  # a compiler that refuses a variant
                    row["error"] = str(e)[-400:]
                    print(json.dumps(row), flush=True)
                    continue
                row["tune_s"] = round(time.time() - start, 1)
                ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=0.5)
                row["err"] = (out.float() - ref.float()).abs().max().item()
                ms = triton.testing.do_bench(lambda: tutorial.attention(q, k, v, causal, 0.5, ws), warmup=25, rep=200)
                flops = 4.0 * Z * H * N * N * D * (0.5 if causal else 1.0)
                row.update(ms=ms, tflops=flops / ms * 1e-9, config=str(tutorial._attn_fwd.best_config))
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
