"""Flash-attention forward, upstream's compiler against ours in one process:
the corpus kernel's loop (online softmax, P @ V accumulated in registers),
head dims 64 and 128, causal and not, its tiles through pointers (`ptr`) or
through tensor descriptors made in the kernel (`desc`), each output checked
against torch's scaled_dot_product_attention and timed with
triton.testing.do_bench, with cuDNN (torch SDPA) in the same run.

    python3 bench/attention_ab.py [--out results.json] [--ctx 4096]
        [--configs 128x128x64x8x3,...] [--variants ptr,desc] [--masks full]
        [--maxnreg 168]

Needs the tritondialect wheel installed (ours is `tritondialect.install()`).
"""
import argparse
import json
import os

os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/attncache")
import torch
import triton
import triton.language as tl

import tritondialect


@triton.jit
def softmax_state(BM: tl.constexpr, D: tl.constexpr):
    """Row maxima, row sums and the output accumulator before the first
    tile."""
    return tl.full((BM,), -float("inf"), tl.float32), tl.zeros((BM,), tl.float32), tl.zeros((BM, D), tl.float32)


@triton.jit
def online_softmax(qk, m_i, l_i, rm, rn, CAUSAL: tl.constexpr):
    """One step of the online softmax over a (scaled, base-2) score tile:
    its probabilities, the rescale of what came before, the new row maxima
    and sums."""
    if CAUSAL:
        qk = tl.where(rm[:, None] >= rn[None, :], qk, -float("inf"))
    m_new = tl.maximum(m_i, tl.max(qk, 1))
    p = tl.math.exp2(qk - m_new[:, None])
    alpha = tl.math.exp2(m_i - m_new)
    return p, alpha, m_new, l_i * alpha + tl.sum(p, 1)


def attn_body(Q, K, V, O, sm_scale, L: tl.constexpr, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
              CAUSAL: tl.constexpr, WS: tl.constexpr = False, NORESCALE: tl.constexpr = False):
    """The corpus kernel's loop through pointers, marked `warp_specialize`
    when WS (`ptr_ws`); NORESCALE (`ptr_norescale`) leaves out the
    accumulator's rescale, a probe with wrong results: what skipping it
    could gain at most."""
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * L * D
    rm = pm * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(Q + base + rm[:, None] * D + rd[None, :])
    m_i, l_i, acc = softmax_state(BM, D)
    qk_scale = sm_scale * 1.44269504
    hi = (pm + 1) * BM if CAUSAL else L
    for s in tl.range(0, hi, BN, warp_specialize=WS):
        rn = s + tl.arange(0, BN)
        k = tl.load(K + base + rn[None, :] * D + rd[:, None])
        qk = tl.dot(q, k) * qk_scale
        p, alpha, m_new, l_i = online_softmax(qk, m_i, l_i, rm, rn, CAUSAL)
        v = tl.load(V + base + rn[:, None] * D + rd[None, :])
        if not NORESCALE:
            acc = acc * alpha[:, None]
        acc += tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(O + base + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))


def attn_desc_body(Q, K, V, O, sm_scale, L: tl.constexpr, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                   CAUSAL: tl.constexpr, NORESCALE: tl.constexpr = False):
    """attn_body with its tiles moved by tensor descriptors made in the
    kernel (TMA on sm_90): what a pointer kernel could become
    (`desc_norescale`: without the accumulator's rescale, as attn_body)."""
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * L * D
    q_desc = tl.make_tensor_descriptor(Q + base, [L, D], [D, 1], [BM, D])
    k_desc = tl.make_tensor_descriptor(K + base, [L, D], [D, 1], [BN, D])
    v_desc = tl.make_tensor_descriptor(V + base, [L, D], [D, 1], [BN, D])
    rm = pm * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = q_desc.load([pm * BM, 0])
    m_i, l_i, acc = softmax_state(BM, D)
    qk_scale = sm_scale * 1.44269504
    hi = (pm + 1) * BM if CAUSAL else L
    for s in range(0, hi, BN):
        rn = s + tl.arange(0, BN)
        k = k_desc.load([s, 0])
        qk = tl.dot(q, k.T) * qk_scale
        p, alpha, m_new, l_i = online_softmax(qk, m_i, l_i, rm, rn, CAUSAL)
        v = v_desc.load([s, 0])
        if not NORESCALE:
            acc = acc * alpha[:, None]
        acc += tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(O + base + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))


def attn_host_desc_body(Q, K, V, O, sm_scale, L: tl.constexpr, D: tl.constexpr, BM: tl.constexpr,
                        BN: tl.constexpr, CAUSAL: tl.constexpr, WS: tl.constexpr):
    """attn_body over host tensor descriptors of the (heads * L, D) arrays,
    its loop warp-specialized when WS (upstream's `tl.range(...,
    warp_specialize=True)`)."""
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    row = bh * L
    rm = pm * BM + tl.arange(0, BM)
    q = Q.load([row + pm * BM, 0])
    m_i, l_i, acc = softmax_state(BM, D)
    qk_scale = sm_scale * 1.44269504
    hi = (pm + 1) * BM if CAUSAL else L
    m_i, l_i, acc = host_desc_tiles(q, K, V, row, 0, hi, m_i, l_i, acc, rm, qk_scale, BN, CAUSAL, WS)
    O.store([row + pm * BM, 0], (acc / l_i[:, None]).to(tl.float16))


@triton.jit
def host_desc_tiles(q, K, V, row, lo, hi, m_i, l_i, acc, rm, qk_scale, BN: tl.constexpr, MASK: tl.constexpr,
                    WS: tl.constexpr):
    """Key/value tiles lo, lo + BN, ... below hi of the host-descriptor
    kernels: one loop, marked `warp_specialize` when WS."""
    for s in tl.range(lo, hi, BN, warp_specialize=WS):
        rn = s + tl.arange(0, BN)
        k = K.load([row + s, 0])
        qk = tl.dot(q, k.T) * qk_scale
        p, alpha, m_new, l_i = online_softmax(qk, m_i, l_i, rm, rn, MASK)
        v = V.load([row + s, 0])
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    return m_i, l_i, acc


def attn_host_desc_split_body(Q, K, V, O, sm_scale, L: tl.constexpr, D: tl.constexpr, BM: tl.constexpr,
                              BN: tl.constexpr, CAUSAL: tl.constexpr, WS: tl.constexpr):
    """attn_host_desc_body with its causal loop split in two, as upstream's
    tutorial 06 does: the tiles left of the diagonal block without a mask,
    then the diagonal block's with it (two loops in one kernel, both
    marked `warp_specialize` when WS)."""
    pm = tl.program_id(0)
    bh = tl.program_id(1)
    row = bh * L
    rm = pm * BM + tl.arange(0, BM)
    q = Q.load([row + pm * BM, 0])
    m_i, l_i, acc = softmax_state(BM, D)
    qk_scale = sm_scale * 1.44269504
    hi = pm * BM if CAUSAL else L
    m_i, l_i, acc = host_desc_tiles(q, K, V, row, 0, hi, m_i, l_i, acc, rm, qk_scale, BN, False, WS)
    if CAUSAL:
        m_i, l_i, acc = host_desc_tiles(q, K, V, row, pm * BM, (pm + 1) * BM, m_i, l_i, acc, rm, qk_scale, BN, True,
                                        WS)
    O.store([row + pm * BM, 0], (acc / l_i[:, None]).to(tl.float16))


BODIES = {"ptr": attn_body, "ptr_ws": attn_body, "ptr_norescale": attn_body, "desc": attn_desc_body,
          "desc_norescale": attn_desc_body, "hostdesc": attn_host_desc_body,
          "hostdesc_split": attn_host_desc_split_body, "hostdesc_split_ws": attn_host_desc_split_body,
          "hostdesc_ws": attn_host_desc_body}


def launch_args(var, q, k, v, o, BM, BN):
    """The kernel's tensor arguments: the arrays, or host descriptors of
    them seen as (heads * L, D)."""
    if var in ("ptr", "desc"):
        return (q, k, v, o), {}
    if var == "ptr_ws":
        return (q, k, v, o), {"WS": True}
    if var in ("ptr_norescale", "desc_norescale"):
        return (q, k, v, o), {"NORESCALE": True}
    from triton.tools.tensor_descriptor import TensorDescriptor
    D = q.shape[-1]
    descs = tuple(TensorDescriptor.from_tensor(t.view(-1, D), [blk, D]) for t, blk in ((q, BM), (k, BN), (v, BN), (o, BM)))
    return descs, {"WS": var.endswith("_ws")}


def use(who):
    if who == "ours":
        tritondialect.install(strict=True)
    else:
        tritondialect.uninstall()


def run_config(args, kernels, var, q, k, v, D, BM, BN, warps, stages, causal):
    """One config of one variant, upstream's compiler and ours, against
    torch's SDPA (cuDNN) in the same run: a JSON row."""
    L, BH = args.ctx, args.batch_heads
    flops = 4.0 * BH * L * L * D * (0.5 if causal else 1.0)
    sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(
        q[None], k[None], v[None], is_causal=causal, scale=0.125)[0]
    ref = None if args.no_ref else sdpa()
    torch.cuda.synchronize()  # a failing reference fails here, not in the next launch
    ms = 1.0 if args.once or args.no_ref else triton.testing.do_bench(sdpa, warmup=25, rep=200)
    row = {"maxnreg": args.maxnreg, "D": D, "config": [BM, BN, warps, stages], "variant": var, "causal": causal,
           "sdpa_tflops": None if args.no_ref else flops / ms * 1e-9}
    for who in args.who.split(","):
        use(who)
        o = torch.empty_like(q)
        grid = (L // BM, BH)
        tensors, extra = launch_args(var, q, k, v, o, BM, BN)
        if args.maxnreg:
            extra = dict(extra, maxnreg=args.maxnreg)
        f = lambda: kernels[var, who][grid](*tensors, 0.125, L=L, D=D, BM=BM, BN=BN, CAUSAL=causal,
                                            num_warps=warps, num_stages=stages, **extra)
        try:
            compiled = f()
        except Exception as e:  # a compiler that refuses a variant
            row[who + "_error"] = f"{type(e).__name__}: {str(e)[-300:]}"
            continue
        torch.cuda.synchronize()
        if ref is not None:
            row[who + "_err"] = (o.float() - ref.float()).abs().max().item()
        if args.dump:
            os.makedirs(args.dump, exist_ok=True)
            tag = f"attn-{var}-d{D}-{BM}x{BN}-{warps}w{stages}s-{'causal' if causal else 'full'}-{who}"
            for ext in ("ttir", "ttgir", "ptx"):
                if ext in compiled.asm:
                    with open(os.path.join(args.dump, f"{tag}.{ext}"), "w") as fh:
                        fh.write(compiled.asm[ext])
        if args.once:
            continue
        ms = triton.testing.do_bench(f, warmup=25, rep=200)
        row[who + "_ms"] = ms
        row[who + "_tflops"] = flops / ms * 1e-9
    if "ours_ms" in row and "up_ms" in row:
        row["speedup"] = row["up_ms"] / row["ours_ms"]
    print(json.dumps(row), flush=True)
    return row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out")
    parser.add_argument("--maxnreg", type=int,
                        help="registers per thread, both compilers (upstream's maxnreg): occupancy A/B")
    parser.add_argument("--ctx", type=int, default=4096)
    parser.add_argument("--batch-heads", type=int, default=128)
    parser.add_argument("--configs", default="64x128x64x4x3,128x128x64x8x3,128x128x128x8x2",
                        help="DxBMxBNxWARPSxSTAGES,...")
    parser.add_argument("--dump", help="write each compiler's TTIR, TTGIR and PTX here")
    parser.add_argument("--once", action="store_true", help="launch each kernel once, untimed (for ncu)")
    parser.add_argument("--no-ref", action="store_true",
                        help="skip torch's SDPA (no reference, no error column): sanitizers see only Triton kernels")
    parser.add_argument("--masks", default="full,causal", help="full, causal or both (full,causal)")
    parser.add_argument("--who", default="up,ours", help="the compilers to run: up, ours or both (up,ours)")
    parser.add_argument("--variants", default="ptr",
                        help="comma-separated: ptr (tiles through pointers), ptr_ws (its loop warp-specialized), desc (through tensor descriptors made in the "
                             "kernel), hostdesc (through host tensor descriptors), hostdesc_ws (its loop "
                             "warp-specialized), hostdesc_split (hostdesc with the causal loop split "
                             "in two, as tutorial 06), hostdesc_split_ws (both its loops warp-specialized), "
                             "ptr_norescale and desc_norescale (ptr and desc without the accumulator's rescale: "
                             "wrong results, an upper bound on skipping it)")
    args = parser.parse_args()
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    kernels = {(var, who): triton.jit(BODIES[var]) for var in BODIES for who in ("up", "ours")}
    L, BH = args.ctx, args.batch_heads
    results = []
    for cfg in args.configs.split(","):
        D, BM, BN, warps, stages = (int(x) for x in cfg.split("x"))
        torch.manual_seed(0)
        q, k, v = (torch.randn((BH, L, D), device="cuda", dtype=torch.float16) for _ in range(3))
        for var in args.variants.split(","):
            for causal in [m == "causal" for m in args.masks.split(",")]:
                results.append(run_config(args, kernels, var, q, k, v, D, BM, BN, warps, stages, causal))
    tritondialect.uninstall()
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
