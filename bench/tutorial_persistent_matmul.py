"""Upstream's tutorial 09 (persistent matmul): its own autotuned kernels, with
upstream's compiler or ours, one process per kernel variant and compiler
(the autotuner keeps its choice per process):

    python3 bench/tutorial_persistent_matmul.py TUTORIAL_09_PY
        [--variants naive,persistent,tma,...] [--who up,ours] [-M 8192 -N 8192 -K 512]
        [--dtype fp16|fp8] [--timeout 300]

TUTORIAL_09_PY is upstream's `python/tutorials/09-persistent-matmul.py`,
read through the search tool into an ignored folder (never committed); only
its kernels and their host wrappers are used, not its proton tables. The
variants are the tutorial's: the pointer kernels `naive` and `persistent`,
host tensor descriptors `tma` and `tma_persistent`, descriptors made in the
kernel `descriptor_persistent`, each `_ws` with `warp_specialize=True`
(the tutorial itself skips the host-descriptor `_ws` kernels on Hopper).

One JSON line per run: the largest difference from torch (a @ b.T computed
in float32 and rounded as the kernel's output), the check the tutorial makes
(`allclose(atol=1.0)`), kernel time (triton.testing.do_bench), TFLOP/s, the
autotuner's choice, and for ours how many kernels were ours and fell back
(strict mode: a fallback is an error). `--who up,ours` runs both and then
prints the ratios (ours over upstream's time: below 1 is faster).
"""
import argparse
import json
import subprocess
import sys
import time

from tutorial_module import load_tutorial

VARIANTS = [
    "naive", "persistent", "tma", "tma_persistent", "descriptor_persistent", "descriptor_persistent_ws", "tma_ws",
    "tma_persistent_ws"
]


def run_variant(args):
    import torch
    import triton

    tutorial = load_tutorial(args.tutorial, "tutorial09", args.who)
    torch.manual_seed(0)
    dtype = torch.float8_e4m3fn if args.dtype == "fp8" else torch.float16
    a = torch.randn((args.M, args.K), device="cuda", dtype=torch.float16).to(dtype)
    b = torch.randn((args.K, args.N), device="cuda", dtype=torch.float16).to(dtype)
    b = b.T.contiguous()  # (N, K), as the tutorial's bench
    name = args.variant
    ws = name.endswith("_ws")
    base = name[:-3] if ws else name
    calls = {
        "naive": lambda: tutorial.matmul(a, b.T),
        "persistent": lambda: tutorial.matmul_persistent(a, b.T),
        "tma": lambda: tutorial.matmul_tma(a, b, ws),
        "tma_persistent": lambda: tutorial.matmul_tma_persistent(a, b, ws),
        "descriptor_persistent": lambda: tutorial.matmul_descriptor_persistent(a, b, ws),
        "cublas": lambda: tutorial.device_blas_matmul(a, b),
    }
    kernels = {
        "naive": "matmul_kernel",
        "persistent": "matmul_kernel_persistent",
        "tma": "matmul_kernel_tma",
        "tma_persistent": "matmul_kernel_tma_persistent",
        "descriptor_persistent": "matmul_kernel_descriptor_persistent",
    }
    fn = calls[base]
    row = {"who": args.who, "variant": name, "M": args.M, "N": args.N, "K": args.K, "dtype": args.dtype}
    start = time.time()
    try:
        out = fn()
        torch.cuda.synchronize()
    except Exception as e:  # a compiler that refuses a variant
        row["error"] = (type(e).__name__ + ": " + str(e))[-400:]
        print(json.dumps(row), flush=True)
        return
    row["tune_s"] = round(time.time() - start, 1)
    ref = (a.float() @ b.float().T).to(out.dtype)
    row["err"] = (out.float() - ref.float()).abs().max().item()
    row["ok"] = bool(torch.allclose(ref.float(), out.float(), atol=1.0))
    ms = triton.testing.do_bench(fn, warmup=25, rep=200)
    row.update(ms=ms, tflops=2.0 * args.M * args.N * args.K / ms * 1e-9)
    if base in kernels:
        row["config"] = str(getattr(tutorial, kernels[base]).best_config)
    if args.who == "ours":
        from tritondialect import upstream

        row["ours_compiled"] = upstream.stats()["compiled"]
        row["fallbacks"] = upstream.stats()["fallbacks"]
    print(json.dumps(row), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tutorial")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--who", default="up,ours")
    parser.add_argument("--variant", help=argparse.SUPPRESS)
    parser.add_argument("-M", type=int, default=8192)
    parser.add_argument("-N", type=int, default=8192)
    parser.add_argument("-K", type=int, default=512)
    parser.add_argument("--dtype", choices=["fp16", "fp8"], default="fp16")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()
    if args.variant:
        run_variant(args)
        return
    rows = {}
    for variant in ["cublas"] + args.variants.split(","):
        for who in args.who.split(",") if variant != "cublas" else ["up"]:
            cmd = [
                sys.executable, __file__, args.tutorial, "--variant", variant, "--who", who, "-M",
                str(args.M), "-N",
                str(args.N), "-K",
                str(args.K), "--dtype", args.dtype
            ]
            try:
                res = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
                lines = [l for l in res.stdout.splitlines() if l.startswith("{")]
                row = json.loads(lines[-1]) if lines else {
                    "who": who, "variant": variant, "error": f"exit {res.returncode}: " + res.stderr[-400:]
                }
            except subprocess.TimeoutExpired:
                row = {"who": who, "variant": variant, "error": f"timeout {args.timeout} s"}
            print(json.dumps(row), flush=True)
            rows[(variant, who)] = row
    print(f"# M={args.M} N={args.N} K={args.K} {args.dtype}: TFLOP/s up / ours, time ours/up (below 1 is faster)")
    for variant in args.variants.split(","):
        up, ours = rows.get((variant, "up"), {}), rows.get((variant, "ours"), {})
        if "ms" in up and "ms" in ours:
            print(f"{variant:26s} {up['tflops']:7.1f} {ours['tflops']:7.1f}  {ours['ms'] / up['ms']:.3f}"
                  f"  ok {up.get('ok')}/{ours.get('ok')}")
        else:
            print(f"{variant:26s} up: {up.get('error', 'ok')[:120]} | ours: {ours.get('error', 'ok')[:120]}")


if __name__ == "__main__":
    main()
