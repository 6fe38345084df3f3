"""Large-matmul throughput (issue 37's bf16 8192^3 bar), upstream's compiler
against ours in one process, with cuBLAS (torch.matmul) in the same run.

    python3 bench/matmul_large.py [--size 8192] [--dtype bfloat16]
        [--kernels ptr,desc,desc_ws,persist,persist_ws]
        [--configs 128x256x64x8x3,...] [--who up,ours] [--out F] [--dump DIR]

The kernels are ordinary Triton programs, compiled unchanged by both:
- ptr: tutorial 03's form, tiles through pointers, grouped launch order;
- desc: the same loop over host TensorDescriptor arguments (TMA);
- desc_ws: desc with its loop marked `warp_specialize=True`;
- persist: one program per multiprocessor looping over the tiles in
  grouped order (`tl.range(..., flatten=True)`), host descriptors;
- persist_ws: persist with the tile loop also marked `warp_specialize`.
Each output is checked against torch (float32 accumulation, rounded) and
timed with triton.testing.do_bench; TFLOP/s = 2 M N K / time.
"""
import argparse
import json
import os

os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/mmlargecache")
import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

import tritondialect


@triton.jit
def grouped_tile(t, M, N, BM: tl.constexpr, BN: tl.constexpr, GM: tl.constexpr):
    """The tile of launch index t in grouped order: GM row blocks share
    each column block before the next column block starts."""
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    per_group = GM * npn
    first = (t // per_group) * GM
    rows = min(npm - first, GM)
    return first + (t % per_group) % rows, (t % per_group) // rows


def ptr_body(a_ptr, b_ptr, c_ptr, M, N, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr,
             BK: tl.constexpr, GM: tl.constexpr):
    pm, pn = grouped_tile(tl.program_id(0), M, N, BM, BN, GM)
    rm = (pm * BM + tl.arange(0, BM)) % M
    rn = (pn * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * sam + rk[None, :]
    b = b_ptr + rk[:, None] * sbk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
        y = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(x, y, acc)
        a += BK
        b += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


def desc_body(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              GM: tl.constexpr, WS: tl.constexpr):
    pm, pn = grouped_tile(tl.program_id(0), M, N, BM, BN, GM)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=WS):
        acc = tl.dot(a_desc.load([pm * BM, k]), b_desc.load([k, pn * BN]), acc)
    c_desc.store([pm * BM, pn * BN], acc.to(c_desc.dtype))


def persist_body(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                 GM: tl.constexpr, WS: tl.constexpr, PROGRAMS: tl.constexpr):
    tiles = tl.cdiv(M, BM) * tl.cdiv(N, BN)
    for t in tl.range(tl.program_id(0), tiles, PROGRAMS, flatten=True, warp_specialize=WS):
        pm, pn = grouped_tile(t, M, N, BM, BN, GM)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            acc = tl.dot(a_desc.load([pm * BM, k]), b_desc.load([k, pn * BN]), acc)
        c_desc.store([pm * BM, pn * BN], acc.to(c_desc.dtype))


BODIES = {"ptr": ptr_body, "desc": desc_body, "persist": persist_body}


def use(who):
    if who == "ours":
        tritondialect.install(strict=True)
    else:
        tritondialect.uninstall()


def launch(name, kernel, a, b, c, cfg, programs):
    BM, BN, BK, warps, stages = cfg
    M, K = a.shape
    N = b.shape[1]
    opts = dict(BM=BM, BN=BN, BK=BK, GM=8, num_warps=warps, num_stages=stages)
    if name == "ptr":
        grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
        return lambda: kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0), **opts)
    ad = TensorDescriptor.from_tensor(a, [BM, BK])
    bd = TensorDescriptor.from_tensor(b, [BK, BN])
    cd = TensorDescriptor.from_tensor(c, [BM, BN])
    ws = name.endswith("_ws")
    if name.startswith("persist"):
        tiles = triton.cdiv(M, BM) * triton.cdiv(N, BN)
        grid = (min(programs, tiles),)
        return lambda: kernel[grid](ad, bd, cd, M, N, K, WS=ws, PROGRAMS=grid[0], **opts)
    grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
    return lambda: kernel[grid](ad, bd, cd, M, N, K, WS=ws, **opts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=8192)
    parser.add_argument("--mnk", help="M,N,K instead of --size (ragged shapes: checked, timed too)")
    parser.add_argument("--dtype", default="bfloat16")
    parser.add_argument("--kernels", default="ptr,desc,desc_ws,persist,persist_ws")
    parser.add_argument("--configs", default="128x256x64x8x3,128x256x64x8x4")
    parser.add_argument("--who", default="up,ours")
    parser.add_argument("--out")
    parser.add_argument("--dump", help="write each compiler's TTGIR and PTX here")
    args = parser.parse_args()
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    dtype = getattr(torch, args.dtype)
    M = N = K = S = args.size
    if args.mnk:
        M, N, K = (int(x) for x in args.mnk.split(","))
    torch.manual_seed(0)
    a = torch.randn((M, K), device="cuda", dtype=dtype)
    b = torch.randn((K, N), device="cuda", dtype=dtype)
    ref = (a.float() @ b.float()).to(dtype).float()
    flops = 2 * M * N * K
    programs = torch.cuda.get_device_properties(0).multi_processor_count
    results = []
    ms = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200)
    results.append({"kernel": "cublas", "mnk": [M, N, K], "ms": ms, "tflops": flops / ms * 1e-9})
    print(json.dumps(results[-1]), flush=True)
    kernels = {(name, who): triton.jit(body) for name, body in BODIES.items() for who in ("up", "ours")}
    for cfg_text in args.configs.split(","):
        cfg = tuple(int(x) for x in cfg_text.split("x"))
        for name in args.kernels.split(","):
            row = {"kernel": name, "mnk": [M, N, K], "config": list(cfg)}
            for who in args.who.split(","):
                use(who)
                c = torch.empty((M, N), device="cuda", dtype=dtype)
                f = launch(name, kernels[(name.replace("_ws", ""), who)], a, b, c, cfg, programs)
                try:
                    compiled = f()
                    torch.cuda.synchronize()
                except Exception as e:  # a compiler may refuse a variant
                    row[who + "_error"] = f"{type(e).__name__}: {str(e)[-300:]}"
                    continue
                row[who + "_err"] = (c.float() - ref).abs().max().item()
                row[who + "_setmaxnreg"] = "setmaxnreg" in compiled.asm["ptx"]
                if args.dump:
                    os.makedirs(args.dump, exist_ok=True)
                    for ext in ("ttgir", "ptx"):
                        with open(os.path.join(args.dump, f"{name}-{cfg_text}-{who}.{ext}"), "w") as fh:
                            fh.write(compiled.asm[ext])
                t = triton.testing.do_bench(f, warmup=25, rep=200)
                row[who + "_ms"] = t
                row[who + "_tflops"] = flops / t * 1e-9
            if "ours_ms" in row and "up_ms" in row:
                row["speedup"] = row["up_ms"] / row["ours_ms"]
            print(json.dumps(row), flush=True)
            results.append(row)
    tritondialect.uninstall()
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
