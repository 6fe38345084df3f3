"""torch.compile'd flex attention (Inductor's Triton template), through
upstream's compiler or ours: each output checked against torch's
scaled_dot_product_attention and timed with triton.testing.do_bench.

    python3 bench/flex_attention.py ours [--heads 16 --batch 4 --ctx 4096]
    python3 bench/flex_attention.py up

Run each backend in a process of its own with fresh TRITON_CACHE_DIR and
TORCHINDUCTOR_CACHE_DIR (Inductor caches the compiled kernels). The template
iterates over key blocks whose indices it loads from memory (the block
mask), and stores the rows' log-sum-exp after its loop. One JSON row per
head dim and mask.

Needs the tritondialect wheel installed (ours is `tritondialect.install()`).
"""
import argparse
import json

import torch
import triton

import tritondialect


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("who", choices=["ours", "up"])
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--heads", type=int, default=16)
    parser.add_argument("--ctx", type=int, default=4096)
    parser.add_argument("--head-dims", default="64,128")
    parser.add_argument("--masks", default="full,causal", help="full, causal or both")
    args = parser.parse_args()
    if args.who == "ours":
        tritondialect.install(strict=False)
    else:
        tritondialect.uninstall()
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention

    torch.manual_seed(0)
    B, H, L = args.batch, args.heads, args.ctx
    flex = torch.compile(flex_attention)
    for D in (int(d) for d in args.head_dims.split(",")):
        q, k, v = (torch.randn(B, H, L, D, device="cuda", dtype=torch.float16) for _ in range(3))
        for causal in (m == "causal" for m in args.masks.split(",")):
            block_mask = create_block_mask(lambda b, h, qi, ki: qi >= ki, None, None, L, L) if causal else None
            out = flex(q, k, v, block_mask=block_mask)
            ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
            err = (out.float() - ref.float()).abs().max().item()
            ms = triton.testing.do_bench(lambda: flex(q, k, v, block_mask=block_mask), warmup=25, rep=200)
            flops = 4 * B * H * L * L * D * (0.5 if causal else 1.0)
            print(json.dumps({"who": args.who, "D": D, "causal": causal, "err": err,
                              "tflops": round(flops / ms * 1e-9, 1)}), flush=True)


if __name__ == "__main__":
    main()
