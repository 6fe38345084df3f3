"""The tutorial kernels through `kernel[grid](...)`, checked against torch.

    python3 tests/gpu_tutorials.py prepare CACHE   # here: compile to CACHE
    python3 tests/gpu_tutorials.py run CACHE       # GPU machine: launch, compare

`prepare` specializes each kernel exactly as the launch will (same dtypes,
16-byte-aligned pointers, same integers) with stand-in arrays and
`kernel.warmup`, which fills the PTX disk cache ($TRITON_STUB_CACHE_DIR).
`run` needs torch and a GPU; with the cache carried over, `kernel[grid]`
finds its PTX there (the GPU machine has no build of our compiler), loads it
through the CUDA driver (ctypes) and launches it.
"""

import os
import sys
from pathlib import Path

here = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(here))
sys.path.insert(0, str(here / "examples"))

from layernorm import layer_norm_fwd_fused  # noqa: E402
from matmul import matmul_kernel  # noqa: E402
from softmax import softmax_kernel  # noqa: E402
from vector_add import add_kernel  # noqa: E402

import triton_stub as triton  # noqa: E402
import triton_stub.language as tl  # noqa: E402


@triton.jit
def random_numbers(o_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(o_ptr + offs, tl.rand(seed, offs) + tl.randn(seed, offs), mask=offs < n)


def upstream_random(torch, n, seed):
    """The same numbers from upstream Triton's tl.rand/tl.randn (on the GPU
    machine, where upstream is installed)."""
    import triton as up
    import triton.language as utl

    @up.jit
    def ref(o_ptr, n, seed, BLOCK: utl.constexpr):
        offs = utl.program_id(0) * BLOCK + utl.arange(0, BLOCK)
        utl.store(o_ptr + offs, utl.rand(seed, offs) + utl.randn(seed, offs), mask=offs < n)
    out = torch.empty(n, dtype=torch.float32, device="cuda")
    ref[(cdiv(n, 1024),)](out, n, seed, BLOCK=1024)
    return out


@triton.autotune(configs=[triton.Config({"BLOCK": 256}, num_warps=2),
                          triton.Config({"BLOCK": 1024}, num_warps=4),
                          triton.Config({"BLOCK": 4096}, num_warps=8)],
                 key=["n"], reset_to_zero=["out_ptr"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def scaled_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(out_ptr + offs, 2 * tl.load(x_ptr + offs) + tl.load(y_ptr + offs))
    else:
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(out_ptr + offs, 2 * x + tl.load(y_ptr + offs, mask=m), mask=m)


def cdiv(a, b):
    return (a + b - 1) // b


class StandIn:
    """What `kernel.warmup` needs of an array: a dtype and an address."""

    def __init__(self, dtype):
        self.dtype = dtype

    def data_ptr(self):
        return 1 << 20


def tutorials(new, prepare):
    """(name, launch, check) per tutorial; `new(shape, dtype, kind)` makes
    an array (kind: randn, empty)."""
    out = []
    # Vector add (upstream's size).
    n = 98432
    x, y, o = new((n,), "float32", "randn"), new((n,), "float32", "randn"), \
        new((n,), "float32", "empty")
    out.append(("vector_add",
                lambda run: run(add_kernel, (cdiv(n, 1024),), x, y, o, n,
                                BLOCK_SIZE=1024),
                lambda torch: (o, x + y, 0, 0)))
    # Fused softmax, one row per program.
    rows, cols = 1823, 781
    xs = new((rows, cols), "float32", "randn")
    ys = new((rows, cols), "float32", "empty")
    out.append(("softmax",
                lambda run: run(softmax_kernel, (rows,), ys, xs, cols, cols,
                                cols, BLOCK_SIZE=1024),
                lambda torch: (ys, torch.softmax(xs, dim=1), 1e-6, 1e-5)))
    # Layer norm, fp16 in and out, statistics in fp32.
    m, nn = 1151, 8192
    xl = new((m, nn), "float16", "randn")
    w, b = new((nn,), "float16", "randn"), new((nn,), "float16", "randn")
    yl = new((m, nn), "float16", "empty")
    mean, rstd = new((m,), "float32", "empty"), new((m,), "float32", "empty")
    out.append(("layernorm",
                lambda run: run(layer_norm_fwd_fused, (m,), xl, yl, w, b, mean,
                                rstd, nn, nn, 1e-5, BLOCK_SIZE=1024),
                lambda torch: (yl, torch.nn.functional.layer_norm(
                    xl.float(), (nn,), w.float(), b.float(), 1e-5).half(),
                    1e-2, 1e-2)))
    # Matmul, fp16 in and out, fp32 accumulation.
    M = N = K = 512
    a, bm = new((M, K), "float16", "randn"), new((K, N), "float16", "randn")
    c = new((M, N), "float16", "empty")
    out.append(("matmul",
                lambda run: run(matmul_kernel, (cdiv(M, 64), cdiv(N, 64)), a, bm,
                                c, M, N, K, K, 1, N, 1, N, 1, BLOCK_M=64,
                                BLOCK_N=64, BLOCK_K=32),
                lambda torch: (c, (a.float() @ bm.float()).half(), 1e-2, 1e-2)))
    # Philox random numbers, compared with upstream's tl.rand + tl.randn.
    nr = 10000
    orand = new((nr,), "float32", "empty")
    out.append(("random",
                lambda run: run(random_numbers, (cdiv(nr, 1024),), orand, nr, 1234,
                                BLOCK=1024),
                lambda torch: (orand, upstream_random(torch, nr, 1234), 1e-5, 1e-5)))
    # Autotuned (three configs timed on the GPU, keyed on n) with a
    # heuristic meta-parameter; the grid reads the chosen BLOCK.
    na = 1 << 20
    xa, ya = new((na,), "float32", "randn"), new((na,), "float32", "randn")
    oa = new((na,), "float32", "empty")
    out.append(("autotuned",
                lambda run: run(scaled_add, lambda meta: (cdiv(na, meta["BLOCK"]),),
                                xa, ya, oa, na),
                lambda torch: (oa, 2 * xa + ya, 0, 0)))
    return out


def launch_options(kernel):
    """num_warps for a plain kernel; an autotuned one takes its configs'."""
    return {} if isinstance(kernel, triton.Autotuner) else {"num_warps": 4}


def main():
    mode, cache = sys.argv[1], Path(sys.argv[2]).resolve()
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    if mode == "prepare":
        def warm(kernel, grid, *args, **kw):
            compiled = kernel.warmup(*args, grid=grid, **launch_options(kernel), **kw)
            for c in compiled if isinstance(compiled, list) else [compiled]:
                print(f"compiled {c.name}: {len(c.asm['ptx'])} bytes of PTX")
        for name, launch, _ in tutorials(lambda s, d, k: StandIn(d), True):
            launch(warm)
        return 0
    import torch
    dt = {"float32": torch.float32, "float16": torch.float16}

    def new(shape, dtype, kind):
        if kind == "randn":
            return torch.randn(shape, dtype=dt[dtype], device="cuda")
        return torch.full(shape, float("nan"), dtype=dt[dtype], device="cuda")

    def launch(kernel, grid, *args, **kw):
        kernel[grid](*args, **launch_options(kernel), **kw)

    failed = 0
    print(torch.cuda.get_device_name())
    for name, run, check in tutorials(new, False):
        run(launch)
        torch.cuda.synchronize()
        got, want, atol, rtol = check(torch)
        ok = torch.allclose(got, want, atol=atol, rtol=rtol)
        err = (got.float() - want.float()).abs().max().item()
        print(f"{name:12s} {'pass' if ok else 'MISMATCH'}  max abs err {err:.3g}")
        failed += not ok
    print(f"autotuned: chose {scaled_add.best_config}; timed (ms): "
          f"{list(scaled_add.bench_times.values())}")
    total = len(tutorials(new, False))
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
