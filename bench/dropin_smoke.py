#!/usr/bin/env python3
"""Upstream Triton kernels (written here) through tritondialect on the GPU:
each is compiled by our pipeline via upstream's stages hook, launched by
upstream's launcher and checked against torch; the cases cover what
upstream's test_core found (atomic qualifiers, reverse scans across warps,
i8 argmax through shared memory, maxnreg, fp fusion off, asm["ttgir"] and
asm["llir"]). Prints one line per case and the backend's counts; exits 1
on any failure or fallback.

    python3 bench/dropin_smoke.py            # backend installed (strict)
"""

import sys

import torch
import triton
import triton.language as tl

import tritondialect
from dropin_kernels import matmul_kernel

tritondialect.install(strict=True)


@triton.jit
def add_kernel(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m), mask=m)


@triton.jit
def atomic_kernel(x, z, SEM: tl.constexpr, SCOPE: tl.constexpr):
    v = tl.load(x + tl.program_id(0))
    tl.atomic_add(z, v, sem=SEM, scope=SCOPE)


@triton.jit
def cas_lock_kernel(data, lock, SEM: tl.constexpr):
    ptrs = data + tl.arange(0, 128)
    while tl.atomic_cas(lock, 0, 1, SEM) == 1:
        pass
    tl.store(ptrs, tl.load(ptrs) + 1.0)
    tl.atomic_xchg(lock, 0)


@triton.jit
def rev_cumsum_kernel(x, out, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out + offs, tl.cumsum(tl.load(x + offs), axis=1, reverse=True))


@triton.jit
def argmax_kernel(x, out_v, out_i, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(out_i, tl.argmax(v, axis=0))
    tl.store(out_v, tl.max(v, axis=0))


@triton.jit
def fma_kernel(a, b, c, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(a + offs) * tl.load(b + offs) + tl.load(c + offs))


failures = []


def check(name, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {name} {detail}", flush=True)
    if not ok:
        failures.append(name)


def main():
    dev = "cuda"
    n = 98432
    x, y = torch.rand(n, device=dev), torch.rand(n, device=dev)
    out = torch.empty_like(x)
    h = add_kernel[(triton.cdiv(n, 1024), )](x, y, out, n, BLOCK=1024)
    check("vector add", torch.equal(out, x + y))
    check("asm ttgir/llir are ours", "#ttg.blocked" in h.asm["ttgir"] and "nvptx" in h.asm["llir"]
          and h.metadata.name == "add_kernel")

    for warps, stages in ((4, 3), (8, 4)):
        a = torch.randn(512, 256, device=dev, dtype=torch.float16)
        b = torch.randn(256, 512, device=dev, dtype=torch.float16)
        c = torch.empty(512, 512, device=dev, dtype=torch.float16)
        h = matmul_kernel[(4, 4)](a, b, c, 512, 512, 256, BM=128, BN=128, BK=64, num_warps=warps, num_stages=stages)
        err = (c.float() - a.float() @ b.float()).abs().max().item()
        check(f"matmul {warps} warps {stages} stages", err < 0.1 and "wgmma" in h.asm["ptx"], f"err {err:.3g}")

    h = matmul_kernel[(4, 4)](a, b, c, 512, 512, 256, BM=128, BN=128, BK=64, maxnreg=128)
    check("maxnreg", ".maxnreg 128" in h.asm["ptx"])

    for sem in ("relaxed", "acquire", "release", "acq_rel"):
        xs = torch.arange(64, device=dev, dtype=torch.float32)
        z = torch.zeros(1, device=dev)
        h = atomic_kernel[(64, )](xs, z, SEM=sem, SCOPE="gpu")
        check(f"atomic_add {sem}", z.item() == xs.sum().item() and f"atom.global.gpu.{sem}" in h.asm["ptx"])
        lock = torch.zeros(1, device=dev, dtype=torch.int32)
        data = torch.zeros(128, device=dev)
        h = cas_lock_kernel[(2000, )](data, lock, SEM=sem)
        check(f"atomic_cas lock {sem}", bool((data == 2000).all()) and f"atom.global.{sem}" in h.asm["ptx"])
    for scope in ("cta", "sys"):
        z = torch.zeros(1, device=dev)
        h = atomic_kernel[(64, )](xs, z, SEM="acq_rel", SCOPE=scope)
        check(f"atomic_add scope {scope}", z.item() == xs.sum().item() and f"atom.global.{scope}.acq_rel" in h.asm["ptx"])

    for warps in (4, 16):
        for m, n_ in ((2, 1024), (8, 256), (1, 4096)):
            xs = torch.randint(-8, 8, (m, n_), device=dev, dtype=torch.int32).float()
            o = torch.empty_like(xs)
            rev_cumsum_kernel[(1, )](xs, o, M=m, N=n_, num_warps=warps)
            ref = xs.flip(1).cumsum(1).flip(1)
            check(f"reverse cumsum ({m}, {n_}) {warps} warps", torch.equal(o, ref))

    for dtype in (torch.int8, torch.uint8, torch.int16, torch.float16):
        for nn_ in (128, 1024):
            for warps in (2, 4):
                xs = (torch.randint(0, 100, (nn_, ), device=dev)).to(dtype)
                ov = torch.empty(1, device=dev, dtype=dtype)
                oi = torch.empty(1, device=dev, dtype=torch.int32)
                argmax_kernel[(1, )](xs, ov, oi, N=nn_, num_warps=warps)
                torch.cuda.synchronize()
                check(f"argmax {dtype} {nn_} {warps} warps", ov.item() == xs.max().item()
                      and xs[oi.item()].item() == xs.max().item())

    a, b, c = (torch.rand(128, device=dev) for _ in range(3))
    o = torch.empty_like(a)
    h = fma_kernel[(1, )](a, b, c, o, BLOCK=128, enable_fp_fusion=False)
    check("enable_fp_fusion=False", "fma.rn.f32" not in h.asm["ptx"] and torch.allclose(o, a * b + c))
    h = fma_kernel[(1, )](a, b, c, o, BLOCK=128)
    check("enable_fp_fusion default", torch.allclose(o, a * b + c))

    from tritondialect import upstream
    stats = upstream.stats()
    check("no fallback", stats["fallbacks"] == 0, str(stats))
    print(f"dropin_smoke: {len(failures)} failed: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
