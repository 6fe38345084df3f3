"""Unit kernels for the language features, each compiled to PTX.

    python3 tests/features_to_ptx.py OUT_DIR

writes OUT_DIR/<kernel>.ptx for every kernel (the lit test
test/Frontend/features-ptx.test assembles them with ptxas) and prints one
line per kernel. Kernels with tt.dot are covered by the matmul tutorial.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub  # noqa: E402
import triton_stub.language as tl  # noqa: E402


@triton_stub.jit
def memory(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    m = offs < n
    a = tl.load(x_ptr + offs, mask=m, other=1.0, cache_modifier=".cg")
    b = tl.load(x_ptr + offs, mask=m, other=0.0, eviction_policy="evict_last")
    tl.store(y_ptr + offs, a + b, mask=m, cache_modifier=".cs")


@triton_stub.jit
def math(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.exp(x) + tl.exp2(x) + tl.log(tl.abs(x) + 1) + tl.sqrt(tl.abs(x))
    y = y + tl.rsqrt(tl.abs(x) + 1) + tl.sin(x) + tl.cos(x) + tl.sigmoid(x)
    y = tl.where(x > 0, tl.minimum(y, x), tl.maximum(y, -x))
    tl.store(y_ptr + offs, y)


@triton_stub.jit
def reductions(x_ptr, out_ptr, idx_ptr, N: tl.constexpr):
    r = tl.arange(0, 16)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :])
    s = tl.sum(x, axis=1) + tl.max(x, axis=1) - tl.min(x, axis=1)
    tl.store(out_ptr + r, s)
    tl.store(idx_ptr + r, tl.argmax(x, axis=1) + tl.argmin(x, axis=1))
    tl.store(out_ptr + 16 + c, tl.cumsum(tl.sum(x, axis=0), axis=0))
    tl.store(out_ptr + 16 + N + c, tl.cumprod(tl.max(x, axis=0), axis=0))


@triton_stub.jit
def atomics(p, ip, x_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    tl.atomic_add(p + offs % 8, x)
    tl.atomic_max(p + 8 + offs % 8, x)
    tl.atomic_max(ip + offs % 8, offs)
    old = tl.atomic_cas(ip + 8, 0, 1)
    tl.store(ip + 9, old)


@triton_stub.jit(noinline=True)
def scale(x, k):
    return x * k


@triton_stub.jit
def control(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, n):
        acc += tl.load(x_ptr + i * BLOCK + offs)
    if n > 4:
        acc = acc * 2
    else:
        acc = acc - 1
    k = 0
    while k < n:
        k += 3
    for j in tl.static_range(2):
        acc = acc + j
    acc = scale(acc, k.to(tl.float32))
    tl.store(y_ptr + offs, acc)


@triton_stub.jit
def casts(x_ptr, h_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.float16))
    q = x.to(tl.int32)
    tl.store(i_ptr + offs, q // 3 + q % 3 + tl.cdiv(BLOCK, 3))


@triton_stub.jit
def shapes(x_ptr, y_ptr):
    r = tl.arange(0, 32)
    x = tl.load(x_ptr + r[:, None] * 32 + r[None, :])
    t = tl.trans(x)
    y = tl.reshape(t, (1024,))
    tl.store(y_ptr + tl.arange(0, 1024), y)


KERNELS = [
    (memory, {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32"}, {"BLOCK": 1024}),
    (math, {"x_ptr": "*fp32", "y_ptr": "*fp32"}, {"BLOCK": 512}),
    (reductions, {"x_ptr": "*fp32", "out_ptr": "*fp32", "idx_ptr": "*i32"}, {"N": 64}),
    (atomics, {"p": "*fp32", "ip": "*i32", "x_ptr": "*fp32"}, {}),
    (control, {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32"}, {"BLOCK": 256}),
    (casts, {"x_ptr": "*fp32", "h_ptr": "*fp16", "i_ptr": "*i32"}, {"BLOCK": 512}),
    (shapes, {"x_ptr": "*fp32", "y_ptr": "*fp32"}, {}),
]

if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for fn, signature, constexprs in KERNELS:
        k = triton_stub.compile(fn, signature=signature, constexprs=constexprs,
                                stages=("ttir", "ptx"))
        (out / f"{fn.__name__}.ptx").write_text(k.asm["ptx"])
        print(f"{fn.__name__}: entry {k.metadata['entry']}, "
              f"{k.metadata['shared_bytes']} bytes of shared memory")
