#!/usr/bin/env python3
"""torch.compile'd models on upstream Triton, with and without TritonDialect.

    python3 bench/real_client.py run --backend upstream --out up.json
    python3 bench/real_client.py run --backend ours --out ours.json
    python3 bench/real_client.py compare up.json ours.json
    python3 bench/real_client.py ab --out ab.json     # both in one process
    python3 bench/real_client.py compare ab.json.upstream.json ab.json.ours.json

`run` compiles each model with torch.compile (Inductor generates Triton
kernels; `--backend ours` installs tritondialect first, so every kernel goes
through our compiler, with fallbacks counted), checks the output against
eager (max abs error, fp32 reference), times a call end to end (CUDA
events, median of 50 after warm-up) and each kernel's device time
(torch.profiler, CUDA time per kernel name per call). Run each backend in a
process of its own with fresh TRITON_CACHE_DIR / TORCHINDUCTOR_CACHE_DIR.
`compare` prints, per model, both errors and the end-to-end ratio
(upstream time / ours: above 1 is faster), and per kernel the same ratio.
"""

import argparse
import json
import os
import statistics
import sys
import time


def models(torch):
    """name -> (module or fn, example inputs, compile kwargs)."""
    import torch.nn as nn
    import torch.nn.functional as F
    dev = "cuda"

    class Block(nn.Module):
        def __init__(self, d=512, h=8):
            super().__init__()
            self.h = h
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.fc1, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, x):
            b, t, d = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
            q, k, v = (z.view(b, t, self.h, d // self.h).transpose(1, 2) for z in (q, k, v))
            att = (q @ k.transpose(-1, -2)) * (d // self.h) ** -0.5
            att = att.masked_fill(torch.ones(t, t, device=x.device, dtype=torch.bool).triu(1), float("-inf"))
            y = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)
            x = x + self.proj(y)
            return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

    class RMSNormSwiGLU(nn.Module):
        def __init__(self, d=1024, f=2816):
            super().__init__()
            self.w = nn.Parameter(torch.ones(d))
            self.gate, self.up, self.down = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False), nn.Linear(
                f, d, bias=False)

        def forward(self, x):
            n = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.w
            return x + self.down(F.silu(self.gate(n)) * self.up(n))

    def losses(logits, target, pred, ref):
        return F.cross_entropy(logits, target) + F.mse_loss(pred, ref) + F.smooth_l1_loss(pred, ref)

    def scans(x):
        return torch.cumsum(x, 1), torch.cumprod(1 + x * 1e-3, 1), torch.logcumsumexp(x, 1)

    def sort_topk_index(x, idx, src):
        s, i = torch.sort(x, dim=-1)
        v, j = torch.topk(x, 16, dim=-1)
        g = torch.gather(x, 1, idx)
        out = torch.zeros(x.shape[0], 64, device=x.device).scatter_add(1, idx % 64, src)
        return s, i, v, j, g, out, x.index_select(0, idx[:, 0] % x.shape[0])

    def mm_epilogue(a, b, bias):
        return torch.relu(a @ b + bias) * 0.5

    def pointwise_bias(x, bias):
        return torch.relu(x + bias[torch.arange(x.shape[-1], device=x.device) % bias.shape[0]])

    def softmax_dropout(x):
        return F.dropout(torch.softmax(x * 0.125, -1), p=0.1, training=True)

    def layernorm_gelu(x, w, b):
        return F.gelu(F.layer_norm(x, x.shape[-1:], w, b))

    def reduction_std(x):
        return torch.where(x > 0, torch.sin(x), x).std(-1) + x.sum(-1)

    def adamw_step(p, g, m, v):
        # One AdamW update (lr 1e-3, betas 0.9/0.999, weight decay 1e-2) as
        # new tensors: a pointwise kernel with four outputs.
        m2 = m * 0.9 + g * 0.1
        v2 = v * 0.999 + g * g * 1e-3
        p2 = p * (1 - 1e-5) - 1e-3 * (m2 / (1 - 0.9)) / ((v2 / (1 - 0.999)).sqrt() + 1e-8)
        return p2, m2, v2

    def column_var_mean(x):
        return torch.var_mean(x, dim=0)

    def index_add_atomic(idx, src):
        return torch.zeros(1000, 64, device=src.device).index_add_(0, idx, src)

    def cross_entropy_bf16(logits, target):
        return F.cross_entropy(logits, target)

    def embedding_sum(w, idx):
        return w[idx].sum(1)

    def attention_bmm(q, k, v):
        att = torch.softmax((q @ k.transpose(-1, -2)) * 0.125, -1)
        return att @ v

    def mm_ragged_bf16(a, b):
        return a @ b

    block = Block().to(dev).half()
    blockb = Block().to(dev).bfloat16()
    mlp = RMSNormSwiGLU().to(dev).half()
    h = lambda *s: torch.randn(*s, device=dev, dtype=torch.float16)  # noqa: E731
    f = lambda *s: torch.randn(*s, device=dev)  # noqa: E731

    def block_train(x):
        out = blockb(x)
        out.float().pow(2).mean().backward()
        return out

    return {
        "transformer_block_f16": (block, (h(8, 256, 512), ), {}),
        "transformer_block_bf16_fwd_bwd": (block_train, (torch.randn(8, 256, 512, device=dev,
                                                                     dtype=torch.bfloat16), ), {}),
        "rmsnorm_swiglu_f16": (mlp, (h(16, 128, 1024), ), {}),
        "losses": (losses, (f(4096, 1000), torch.randint(0, 1000, (4096, ), device=dev), f(4096, 256),
                            f(4096, 256)), {}),
        "scans": (scans, (f(64, 4096), ), {}),
        "sort_topk_index": (sort_topk_index, (f(512, 1024), torch.randint(0, 1024, (512, 8), device=dev),
                                              f(512, 8)), {}),
        "mm_epilogue_max_autotune": (mm_epilogue, (h(1024, 1024), h(1024, 1024), h(1024)), {
            "mode": "max-autotune-no-cudagraphs"
        }),
        "pointwise_bias_relu_f16": (pointwise_bias, (h(4096, 4096), h(1000)), {}),
        "softmax_dropout": (softmax_dropout, (f(2048, 2048), ), {}),
        "layernorm_gelu_f16": (layernorm_gelu, (h(8192, 1024), h(1024), h(1024)), {}),
        "reduction_std_dynamic": (reduction_std, (f(3000, 777), ), {"dynamic": True}),
        "adamw_step": (adamw_step, (f(1 << 22), f(1 << 22), f(1 << 22), f(1 << 22).abs()), {}),
        "column_var_mean": (column_var_mean, (f(8192, 512), ), {}),
        "index_add_atomic": (index_add_atomic, (torch.randint(0, 1000, (65536, ), device=dev), f(65536, 64)), {}),
        "cross_entropy_32k_bf16": (cross_entropy_bf16, (torch.randn(2048, 32000, device=dev, dtype=torch.bfloat16),
                                                        torch.randint(0, 32000, (2048, ), device=dev)), {}),
        "embedding_sum": (embedding_sum, (f(50000, 128), torch.randint(0, 50000, (4096, 16), device=dev)), {}),
        "attention_bmm_max_autotune": (attention_bmm, (h(4, 8, 512, 64), h(4, 8, 512, 64), h(4, 8, 512, 64)), {
            "mode": "max-autotune-no-cudagraphs"
        }),
        "mm_ragged_bf16_max_autotune": (mm_ragged_bf16, (torch.randn(777, 1000, device=dev, dtype=torch.bfloat16),
                                                         torch.randn(1000, 333, device=dev, dtype=torch.bfloat16)), {
                                                             "mode": "max-autotune-no-cudagraphs"
                                                         }),
    }


def max_error(torch, out, ref):
    outs = out if isinstance(out, (tuple, list)) else (out, )
    refs = ref if isinstance(ref, (tuple, list)) else (ref, )
    err = 0.0
    for o, r in zip(outs, refs):
        if o is None or r is None:
            continue
        if o.dtype in (torch.int64, torch.int32, torch.bool):
            err = max(err, float((o != r).sum()))
        else:
            err = max(err, float((o.float() - r.float()).abs().max()))
    return err


def kernel_times(torch, fn, args, calls=20):
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn(*args)
        torch.cuda.synchronize()
    times = {}
    for evt in prof.key_averages():
        dev_us = getattr(evt, "device_time_total", None)
        if dev_us is None:
            dev_us = evt.cuda_time_total
        if dev_us > 0:
            times[evt.key] = dev_us / calls
    return times


def end_to_end(torch, fn, args, reps=50):
    samples = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn(*args)
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) * 1000)
    return statistics.median(samples)


def run(args):
    if args.backend == "ours":
        import tritondialect
        tritondialect.install(strict=args.strict)
    import torch
    torch.manual_seed(0)
    results = {"backend": args.backend, "device": torch.cuda.get_device_name(), "models": {}}
    for name, (fn, inputs, kwargs) in models(torch).items():
        if args.only and not any(o in name for o in args.only.split(",")):
            continue
        entry = {}
        try:
            torch.manual_seed(1)
            with torch.no_grad() if "bwd" not in name else torch.enable_grad():
                ref = fn(*[x.float() if x.is_floating_point() else x for x in inputs]) if "bwd" not in name and \
                    not isinstance(fn, torch.nn.Module) else fn(*inputs)
            torch._dynamo.reset()
            compiled = torch.compile(fn, **kwargs)
            start = time.time()
            with torch.no_grad() if "bwd" not in name else torch.enable_grad():
                torch.manual_seed(1)
                out = compiled(*inputs)
                torch.cuda.synchronize()
                entry["compile_s"] = time.time() - start
                entry["error"] = max_error(torch, out, ref) if "dropout" not in name else max_error(
                    torch, (out != 0).float().mean(), torch.tensor(0.9, device="cuda"))
                entry["e2e_us"] = end_to_end(torch, compiled, inputs)
                entry["kernels_us"] = kernel_times(torch, compiled, inputs)
        except Exception as e:  # a model that fails is reported, not fatal
            entry["failure"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
        results["models"][name] = entry
        print(name, {k: v for k, v in entry.items() if k != "kernels_us"}, flush=True)
    if args.backend == "ours":
        from tritondialect import upstream
        results["stats"] = upstream.stats()
        print("tritondialect:", results["stats"])
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


def _fresh_inductor(torch):
    """Forget every compiled graph and kernel this process holds, so that
    the next torch.compile generates and compiles its kernels again."""
    torch._dynamo.reset()
    from torch._inductor import codecache
    codecache.PyCodeCache.cache_clear()
    try:
        from torch._inductor.async_compile import CompiledTritonKernels
        CompiledTritonKernels.cache_clear()
    except (ImportError, AttributeError):
        pass


def ab(args):
    """Both backends in one process, timed in alternating rounds: each model
    is compiled twice (upstream's stages, then ours through install()), with
    Inductor's graph caches off and kernels compiled in this process, so the
    two compiled callables differ only in the compiler of their kernels."""
    import torch
    import tritondialect
    from tritondialect import upstream as hook
    from torch._inductor import config
    config.compile_threads = 1
    config.fx_graph_cache = False
    config.autotune_local_cache = False
    bypassed = []
    from torch._inductor.runtime import triton_heuristics as th
    cannot = th.CannotStaticallyLaunchKernel.__init__

    def note(self, *a, **k):
        bypassed.append(str(a[0]) if a else "")
        cannot(self, *a, **k)

    th.CannotStaticallyLaunchKernel.__init__ = note
    results = {"device": torch.cuda.get_device_name(), "models": {}}
    for name, (fn, inputs, kwargs) in models(torch).items():
        if args.only and not any(o in name for o in args.only.split(",")):
            continue
        entry = {}
        grad = torch.enable_grad() if "bwd" in name else torch.no_grad()
        try:
            with grad:
                torch.manual_seed(1)
                ref = fn(*[x.float() if x.is_floating_point() else x for x in inputs]) if "bwd" not in name and \
                    not isinstance(fn, torch.nn.Module) else fn(*inputs)
                compiled = {}
                order = ("upstream", "ours") if args.first == "upstream" else ("ours", "upstream")
                for backend in order:
                    if backend == "ours":
                        tritondialect.install(strict=args.strict)
                    else:
                        tritondialect.uninstall()
                    _fresh_inductor(torch)
                    before = hook.stats()
                    c = torch.compile(fn, **kwargs)
                    torch.manual_seed(1)
                    out = c(*inputs)
                    torch.cuda.synchronize()
                    entry[f"error_{backend}"] = max_error(torch, out, ref) if "dropout" not in name else max_error(
                        torch, (out != 0).float().mean(), torch.tensor(0.9, device="cuda"))
                    if backend == "ours":
                        after = hook.stats()
                        entry["compiled"] = after["compiled"] - before["compiled"]
                        entry["fallbacks"] = after["fallbacks"] - before["fallbacks"]
                    compiled[backend] = c
                samples = {"upstream": [], "ours": []}
                for _ in range(args.rounds):
                    for backend in ("upstream", "ours", "ours", "upstream"):
                        samples[backend].append(end_to_end(torch, compiled[backend], inputs, reps=20))
                for backend in samples:
                    entry[f"e2e_{backend}_us"] = statistics.median(samples[backend])
                    entry[f"kernels_{backend}_us"] = kernel_times(torch, compiled[backend], inputs)
        except Exception as e:  # a model that fails is reported, not fatal
            entry["failure"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
        tritondialect.uninstall()
        results["models"][name] = entry
        short = {k: (round(v, 5) if isinstance(v, float) else v) for k, v in entry.items() if "kernels" not in k}
        print(name, short, flush=True)
    results["static_launch_bypassed"] = bypassed
    print("static launches bypassed:", bypassed)
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)
    split = {"upstream": {"backend": "upstream", "device": results["device"], "models": {}},
             "ours": {"backend": "ours", "device": results["device"], "models": {}}}
    for name, e in results["models"].items():
        for b in split:
            split[b]["models"][name] = ({"failure": e["failure"]} if "failure" in e else {
                "error": e[f"error_{b}"], "e2e_us": e[f"e2e_{b}_us"], "kernels_us": e[f"kernels_{b}_us"]})
    split["ours"]["stats"] = {k: sum(e.get(k, 0) for e in results["models"].values())
                              for k in ("compiled", "fallbacks")}
    for b, data in split.items():
        with open(f"{args.out}.{b}.json", "w") as f:
            json.dump(data, f, indent=1)


def compare(args):
    up, ours = (json.load(open(p)) for p in (args.upstream, args.ours))
    print(f"device: {ours['device']}; tritondialect {ours.get('stats')}")
    print(f"{'model':34} {'err up':>9} {'err ours':>9} {'e2e up':>9} {'e2e ours':>9} {'ratio':>6}")
    worst = []
    for name, o in ours["models"].items():
        u = up["models"].get(name, {})
        if "failure" in o or "failure" in u:
            print(f"{name:34} FAILED: up={u.get('failure')} ours={o.get('failure')}")
            continue
        ratio = u["e2e_us"] / o["e2e_us"]
        print(f"{name:34} {u['error']:9.2e} {o['error']:9.2e} {u['e2e_us']:9.1f} {o['e2e_us']:9.1f} {ratio:6.2f}")
        for k, t in sorted(o["kernels_us"].items()):
            if k in u["kernels_us"] and k.startswith("triton"):
                worst.append((u["kernels_us"][k] / t, name, k, u["kernels_us"][k], t))
    worst.sort()
    print(f"\nTriton kernels, device time per call (us), upstream / ours ({len(worst)} kernels):")
    for r, model, k, tu, to in worst:
        print(f"  {r:5.2f} {tu:9.2f} {to:9.2f}  {model}: {k[:90]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--backend", choices=["ours", "upstream"], required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--only", default="")
    r.add_argument("--strict", action="store_true")
    a = sub.add_parser("ab", help="both backends in one process, alternating rounds")
    a.add_argument("--out", required=True)
    a.add_argument("--only", default="")
    a.add_argument("--rounds", type=int, default=5)
    a.add_argument("--first", choices=("upstream", "ours"), default="upstream",
                   help="which backend compiles (and allocates) first: host time depends on it")
    a.add_argument("--strict", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("upstream")
    c.add_argument("ours")
    args = parser.parse_args()
    {"run": run, "ab": ab, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
