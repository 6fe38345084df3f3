"""Language features of issue 16 through `kernel[grid](...)`, against torch.

    python3 tests/gpu_features.py prepare CACHE   # here: compile to CACHE
    python3 tests/gpu_features.py run CACHE       # GPU machine: launch, compare

Block pointers (tutorial 08's matmul), tensor descriptors from the host
(TensorDescriptor) and made in the kernel (load, store, gather, atomic_add),
tuple reductions, tl.sort, 3-D dots, tl.dot_scaled (fp4/fp8 with e8m0 scales),
returns under runtime ifs, and names
from triton.language.standard / core with xor_sum, softmax and topk. As in
gpu_tutorials.py, `prepare` specializes each kernel with stand-in arrays and
fills the PTX cache; `run` launches from it.
"""

import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub as triton  # noqa: E402
import triton_stub.language as tl  # noqa: E402
import triton_stub.language.core as core  # noqa: E402
from triton_stub.language.standard import _log2, sum  # noqa: E402
from triton_stub.tools.tensor_descriptor import TensorDescriptor  # noqa: E402


@triton.jit
def block_ptr_matmul(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    a = tl.make_block_ptr(a_ptr, (M, K), (s_am, s_ak), (pid_m * BM, 0), (BM, BK), (1, 0))
    b = tl.make_block_ptr(b_ptr, (K, N), (s_bk, s_bn), (0, pid_n * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(tl.load(a, boundary_check=(0, 1)), tl.load(b, boundary_check=(0, 1)))
        a = tl.advance(a, (0, BK))
        b = tl.advance(b, (BK, 0))
    c = tl.make_block_ptr(c_ptr, (M, N), (s_cm, s_cn), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    tl.store(c, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def desc_matmul(a_desc, b_desc, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([pid_n * BN, k * BK])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


@triton.jit
def desc_rows(x_ptr, idx_ptr, out_ptr, acc_ptr, M, N, BLOCK: tl.constexpr):
    x = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[1, BLOCK])
    out = tl.make_tensor_descriptor(out_ptr, shape=[8, N], strides=[N, 1], block_shape=[8, BLOCK])
    acc = tl.make_tensor_descriptor(acc_ptr, shape=[1, N], strides=[N, 1], block_shape=[1, BLOCK])
    rows = tl.load(idx_ptr + tl.arange(0, 8))
    col = tl.program_id(0) * BLOCK
    g = x.gather(rows, col)
    out.store([0, col], g)
    acc.atomic_add([0, col], tl.sum(g, axis=0)[None, :])


@triton.jit
def standard_lib(x_ptr, i_ptr, p_ptr, s_ptr, t_ptr, N: tl.constexpr):
    """Names from triton.language.standard/core, xor_sum, softmax, topk."""
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    idtype = core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    tl.store(i_ptr, tl.xor_sum(x.to(idtype, bitcast=True), 0))
    n: core.constexpr = _log2(N)
    tl.store(p_ptr + tl.arange(0, N // 2), sum(core.reshape(x, [2**(n - 1), 2]), 1))
    tl.store(s_ptr + offs, tl.softmax(x, 0))
    tl.store(t_ptr + tl.arange(0, 8), tl.topk(x, 8))


@triton.jit
def nan_and_indices(x_ptr, z_ptr, y_ptr, v_ptr, i_ptr, N: tl.constexpr):
    """tl.PropagateNan.ALL (x has NaNs), and tl.max/min with return_indices
    (of z, which has none: which NaN wins a reduction depends on its tree,
    upstream's too)."""
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0, propagate_nan=tl.PropagateNan.ALL))
    z = tl.load(z_ptr + offs)
    v, i = tl.max(z, 0, return_indices=True)
    w, j = tl.min(z, 0, return_indices=True)
    tl.store(v_ptr, v)
    tl.store(v_ptr + 1, w)
    tl.store(i_ptr, i)
    tl.store(i_ptr + 1, j)


@triton.jit
def tuple_args(ptrs, sizes, BLOCK: tl.constexpr):
    """Tuple kernel arguments: (x, y) pointers and (n, scale) integers."""
    o = tl.arange(0, BLOCK)
    m = o < sizes[0]
    x = tl.load(ptrs[0] + o, mask=m)
    tl.store(ptrs[1] + o, x * sizes[1], mask=m)


@triton.jit
def _max_and_index(v0, i0, v1, i1):
    gt = (v0 > v1) | ((v0 == v1) & (i0 < i1))
    return tl.where(gt, v0, v1), tl.where(gt, i0, i1)


@triton.jit
def tuple_argmax(x_ptr, v_ptr, i_ptr, N: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, N)
    v, i = tl.reduce((tl.load(x_ptr + r * N + c), c), 0, _max_and_index)
    tl.store(v_ptr + r, v)
    tl.store(i_ptr + r, i)


@triton.jit
def sort_rows(x_ptr, z_ptr, R: tl.constexpr, C: tl.constexpr, DESC: tl.constexpr):
    offs = tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    tl.store(z_ptr + offs, tl.sort(tl.load(x_ptr + offs), descending=DESC))


@triton.jit
def flip_rows(x_ptr, z_ptr, R: tl.constexpr, C: tl.constexpr, DIM: tl.constexpr):
    offs = tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    tl.store(z_ptr + offs, tl.flip(tl.load(x_ptr + offs), DIM))


@triton.jit
def topk_rows(x_ptr, z_ptr, R: tl.constexpr, C: tl.constexpr, K: tl.constexpr):
    r = tl.arange(0, R)[:, None]
    x = tl.load(x_ptr + r * C + tl.arange(0, C)[None, :])
    tl.store(z_ptr + r * K + tl.arange(0, K)[None, :], tl.topk(x, K))


@triton.jit
def bmm(q_ptr, k_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    b = tl.arange(0, B)[:, None, None]
    m = tl.arange(0, M)[None, :, None]
    n = tl.arange(0, N)[None, None, :]
    kk = tl.arange(0, K)
    q = tl.load(q_ptr + b * M * K + m * K + kk[None, None, :])
    k = tl.load(k_ptr + b * K * N + kk[None, :, None] * N + n)
    tl.store(o_ptr + b * M * N + m * N + n, tl.dot(q, k, out_dtype=o_ptr.dtype.element_ty))


@triton.jit
def acc16_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr, FP8: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float16)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        if FP8:
            a = a.to(tl.float8e5, bitcast=True)
            b = b.to(tl.float8e5, bitcast=True)
        acc = tl.dot(a, b, acc, out_dtype=tl.float16)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def asm_pairs(a_ptr, b_ptr, c_ptr, d_ptr, BLOCK: tl.constexpr):
    """Four bytes of `a` in one register, four floats of `b` in four: the
    bytes widened (c) and the larger of each byte and float (d)."""
    o = tl.arange(0, BLOCK)
    c, d = tl.inline_asm_elementwise(
        "{ .reg .b8 t<4>; mov.b32 {t0, t1, t2, t3}, $8;"
        " cvt.u32.u8 $0, t0; cvt.u32.u8 $1, t1; cvt.u32.u8 $2, t2; cvt.u32.u8 $3, t3; }"
        " cvt.rn.f32.s32 $4, $0; cvt.rn.f32.s32 $5, $1; cvt.rn.f32.s32 $6, $2;"
        " cvt.rn.f32.s32 $7, $3; max.f32 $4, $4, $9; max.f32 $5, $5, $10;"
        " max.f32 $6, $6, $11; max.f32 $7, $7, $12;",
        "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", [tl.load(a_ptr + o), tl.load(b_ptr + o)],
        dtype=(tl.int32, tl.float32), is_pure=True, pack=4)
    tl.store(c_ptr + o, c)
    tl.store(d_ptr + o, d)


@triton.jit
def _scale(x, c):
    if c > 0:
        return x * 2
    return x + 1


@triton.jit
def early_returns(x_ptr, o_ptr, c, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if c > 5:
        tl.store(o_ptr + offs, x, mask=m)
        return
    elif c > 0:
        y = _scale(x, c)
    else:
        y = _scale(x, c) - 3
    tl.store(o_ptr + offs, y, mask=m)


@triton.jit
def scaled_dot(a_ptr, sa_ptr, b_ptr, sb_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr, FA: tl.constexpr, FB: tl.constexpr, FAST: tl.constexpr):
    """tl.dot_scaled of two microscaled tiles; fp4 packs two values per byte
    along K. A scale pointer of None means that operand is not scaled."""
    KA: tl.constexpr = K // 2 if FA == "e2m1" else K
    KB: tl.constexpr = K // 2 if FB == "e2m1" else K
    G: tl.constexpr = K // 32
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * KA + tl.arange(0, KA)[None, :])
    b = tl.load(b_ptr + tl.arange(0, KB)[:, None] * N + tl.arange(0, N)[None, :])
    sa = None
    sb = None
    if sa_ptr is not None:
        sa = tl.load(sa_ptr + tl.arange(0, M)[:, None] * G + tl.arange(0, G)[None, :])
    if sb_ptr is not None:
        sb = tl.load(sb_ptr + tl.arange(0, N)[:, None] * G + tl.arange(0, G)[None, :])
    c = tl.dot_scaled(a, sa, FA, b, sb, FB, fast_math=FAST)
    tl.store(o_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)


@triton.jit
def staged_rowsum(x_ptr, o_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr,
                  S: tl.constexpr):
    # A loop without a dot under tl.range(num_stages=): its loads go through
    # a ring of async copies in shared memory, as upstream pipelines them.
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    acc = tl.zeros([BM], dtype=tl.float32)
    for k in tl.range(0, N, BN, num_stages=S):
        cols = k + tl.arange(0, BN)
        x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=1)
    tl.store(o_ptr + rows, acc, mask=rows < M)


def cdiv(a, b):
    return (a + b - 1) // b


class StandIn:
    """What specialization needs of an array: dtype, address, shape."""
    SIZES = {"float16": 2, "bfloat16": 2, "float32": 4, "int32": 4, "int64": 8, "uint8": 1}

    def __init__(self, shape, dtype):
        self.shape, self.dtype = tuple(shape), dtype

    def data_ptr(self):
        return 1 << 20

    def element_size(self):
        return self.SIZES[self.dtype]

    def stride(self):
        out, step = [], 1
        for d in reversed(self.shape):
            out.insert(0, step)
            step *= d
        return tuple(out)


def cases(new):
    """(name, launch, check): `new(shape, dtype, kind)` makes an array."""
    out = []
    M, N, K = 300, 200, 136  # not multiples of the blocks: the bounds matter
    a, b = new((M, K), "float16", "randn"), new((K, N), "float16", "randn")
    c = new((M, N), "float16", "empty")
    out.append(("block_ptr_matmul",
                lambda run: run(block_ptr_matmul, (cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N, K,
                                K, 1, N, 1, N, 1, BM=64, BN=64, BK=32),
                lambda torch: (c, (a.float() @ b.float()).half(), 2e-2, 2e-2)))
    M2, N2, K2 = 384, 320, 200
    a2, bt = new((M2, K2), "float16", "randn"), new((N2, K2), "float16", "randn")
    c2 = new((M2, N2), "float16", "empty")
    out.append(("desc_matmul",
                lambda run: run(desc_matmul, (cdiv(M2, 64), cdiv(N2, 64)),
                                TensorDescriptor.from_tensor(a2, [64, 32]),
                                TensorDescriptor.from_tensor(bt, [64, 32]), c2, M2, N2, K2,
                                BM=64, BN=64, BK=32),
                lambda torch: (c2, (a2.float() @ bt.float().T).half(), 2e-2, 2e-2)))
    R, C = 100, 256
    x = new((R, C), "float32", "randn")
    idx = new((8,), "int32", "rows")
    g = new((8, C), "float32", "empty")
    acc = new((1, C), "float32", "zeros")
    out.append(("desc_gather",
                lambda run: run(desc_rows, (C // 64,), x, idx, g, acc, R, C, BLOCK=64),
                lambda torch: (torch.cat([g, acc]),
                               torch.cat([x[idx.long()], x[idx.long()].sum(0, keepdim=True)]),
                               1e-5, 1e-5)))
    xa = new((64, 128), "float32", "randn")
    va, ia = new((64,), "float32", "empty"), new((64,), "int32", "empty")
    out.append(("tuple_argmax",
                lambda run: run(tuple_argmax, (64,), xa, va, ia, N=128),
                lambda torch: (torch.cat([va, ia.float()]),
                               torch.cat([xa.max(1).values, xa.argmax(1).float()]), 0, 0)))
    for desc in (False, True):
        xs = new((16, 128), "float32", "randn")
        zs = new((16, 128), "float32", "empty")
        out.append((f"sort{'_desc' if desc else ''}",
                    lambda run, xs=xs, zs=zs, desc=desc: run(sort_rows, (1,), xs, zs, R=16,
                                                             C=128, DESC=desc),
                    lambda torch, xs=xs, zs=zs, desc=desc: (
                        zs, torch.sort(xs, dim=1, descending=desc).values, 0, 0)))
    # A 4x8 tile on 4 warps: every warp holds a copy of the hypercube.
    xsi, zsi = new((4, 8), "int32", "smallint"), new((4, 8), "int32", "empty")
    out.append(("sort int32 4x8",
                lambda run: run(sort_rows, (1,), xsi, zsi, R=4, C=8, DESC=False),
                lambda torch: (zsi, torch.sort(xsi, dim=1).values, 0, 0)))
    for (fr, fc, dim, dtype) in ((16, 128, 1, "float32"), (32, 16, 0, "float16"),
                                 (8, 4, 0, "int32")):
        xf = new((fr, fc), dtype, "randn" if dtype != "int32" else "smallint")
        zf = new((fr, fc), dtype, "empty")
        out.append((f"flip {dtype} {fr}x{fc} dim {dim}",
                    lambda run, xf=xf, zf=zf, fr=fr, fc=fc, dim=dim: run(
                        flip_rows, (1,), xf, zf, R=fr, C=fc, DIM=dim),
                    lambda torch, xf=xf, zf=zf, dim=dim: (zf, torch.flip(xf, (dim,)), 0, 0)))
    xtk, ztk = new((32, 64), "float32", "randn"), new((32, 4), "float32", "empty")
    out.append(("topk 32x64 k=4",
                lambda run: run(topk_rows, (1,), xtk, ztk, R=32, C=64, K=4),
                lambda torch: (ztk, torch.topk(xtk, 4, dim=1).values, 0, 0)))
    q, k = new((4, 32, 64), "float16", "randn"), new((4, 64, 32), "float16", "randn")
    o = new((4, 32, 32), "float32", "empty")
    out.append(("bmm",
                lambda run: run(bmm, (1,), q, k, o, B=4, M=32, N=32, K=64),
                lambda torch: (o, torch.bmm(q.float(), k.float()), 1e-2, 1e-3)))
    ab, bf = new((512,), "uint8", "bytes"), new((512,), "float32", "randn")
    ci, df = new((512,), "int32", "empty"), new((512,), "float32", "empty")
    out.append(("inline asm, mixed packing",
                lambda run: run(asm_pairs, (1,), ab, bf, ci, df, BLOCK=512),
                lambda torch: (torch.cat([ci.float(), df]),
                               torch.cat([ab.float(), torch.maximum(ab.float(), bf)]), 0, 0)))
    # Accumulating in f16 (out_dtype): a batched dot on CUDA cores. Small
    # integers, so every partial sum is exact in f16.
    qi, ki = new((2, 32, 64), "float16", "smallint"), new((2, 64, 16), "float16", "smallint")
    oh = new((2, 32, 16), "float16", "empty")
    out.append(("bmm f16 accumulator",
                lambda run: run(bmm, (1,), qi, ki, oh, B=2, M=32, N=16, K=64),
                lambda torch: (oh, torch.bmm(qi.float(), ki.float()), 0, 0)))
    # f16 accumulators on tensor cores (wgmma, pipelined or not; fp8
    # operands too): small integers, every partial sum exact in f16; K not
    # a multiple of the block, and K smaller than the pipeline.
    for fp8, stages, kk in ((False, 1, 200), (False, 3, 200), (False, 4, 16), (True, 3, 200)):
        Mh, Nh = 192, 256
        ah = new((Mh, kk), "uint8" if fp8 else "float16", "e5m2int" if fp8 else "smallint")
        bh = new((kk, Nh), "uint8" if fp8 else "float16", "e5m2int" if fp8 else "smallint")
        ch = new((Mh, Nh), "float16", "empty")
        out.append((f"f16 acc {'e5m2 ' if fp8 else ''}K={kk} stages={stages}",
                    lambda run, ah=ah, bh=bh, ch=ch, kk=kk, fp8=fp8, stages=stages: run(
                        acc16_matmul, (cdiv(Mh, 128), cdiv(Nh, 128)), ah, bh, ch, Mh, Nh, kk,
                        BM=128, BN=128, BK=32, FP8=fp8, num_stages=stages),
                    lambda torch, ah=ah, bh=bh, ch=ch, fp8=fp8: (
                        ch, e5m2_values(torch, ah) @ e5m2_values(torch, bh) if fp8
                        else ah.float() @ bh.float(), 0, 0)))
    xs = new((64,), "float32", "randn")
    xi, ps = new((1,), "int32", "empty"), new((32,), "float32", "empty")
    sm, tk = new((64,), "float32", "empty"), new((8,), "float32", "empty")

    def run_std(run):
        run(standard_lib, (1,), xs, xi, ps, sm, tk, N=64)

    def xor_of(torch, v):
        bits = v.view(torch.int32).cpu().tolist()
        acc = 0
        for w in bits:
            acc ^= w
        return torch.tensor([acc], dtype=torch.int32)

    def halves(torch, w):  # exact as floats
        return torch.cat([w & 0xFFFF, w >> 16])

    out.append(("std xor_sum", run_std,
                lambda torch: (halves(torch, xi.cpu()), halves(torch, xor_of(torch, xs)), 0, 0)))
    out.append(("std pair sums", run_std,
                lambda torch: (ps, xs.reshape(32, 2).sum(1), 1e-6, 1e-6)))
    out.append(("std softmax", run_std, lambda torch: (sm, torch.softmax(xs, 0), 1e-6, 1e-5)))
    out.append(("std topk", run_std, lambda torch: (tk, torch.topk(xs, 8).values, 0, 0)))
    xn, zn = new((128,), "float32", "randn_nan"), new((128,), "float32", "randn")
    yn, vn, inn = new((128,), "float32", "empty"), new((2,), "float32", "empty"), \
        new((2,), "int32", "empty")

    def run_nan(run):
        run(nan_and_indices, (1,), xn, zn, yn, vn, inn, N=128)

    out.append(("nan maximum ALL", run_nan,
                lambda torch: (torch.nan_to_num(yn, nan=7.0),
                               torch.nan_to_num(torch.maximum(xn, torch.zeros_like(xn)), nan=7.0),
                               0, 0)))

    def max_min(torch):
        want = torch.stack([zn.max(), zn.min(), zn.argmax().float(), zn.argmin().float()])
        return torch.cat([vn, inn.float()]), want, 0, 0

    out.append(("max/min return_indices", run_nan, max_min))
    xt, yt = new((256,), "float32", "randn"), new((256,), "float32", "empty")
    out.append(("tuple arguments",
                lambda run: run(tuple_args, (1,), (xt, yt), (200, 3), BLOCK=256),
                lambda torch: (yt[:200], xt[:200] * 3, 0, 0)))
    n = 5000
    xe = new((n,), "float32", "randn")
    for cval in (7, 3, -1):
        oe = new((n,), "float32", "empty")
        want = {7: lambda t: t, 3: lambda t: t * 2, -1: lambda t: t + 1 - 3}[cval]
        out.append((f"early_returns c={cval}",
                    lambda run, oe=oe, cval=cval: run(early_returns, (cdiv(n, 1024),), xe, oe,
                                                      cval, n, BLOCK=1024),
                    lambda torch, oe=oe, want=want: (oe, want(xe), 0, 0)))
    # Ragged rows and columns (the row stride 1008 keeps 16-byte copies); 2 and
    # 4 stages; N = 0 runs no iteration. Integer values: the sums are exact.
    for S, n_cols in ((2, 1000), (4, 1000), (3, 0)):
        xr = new((100, 1008), "float32", "smallint")
        orow = new((100,), "float32", "empty")
        out.append((f"staged_rowsum S={S} N={n_cols}",
                    lambda run, xr=xr, orow=orow, S=S, n_cols=n_cols: run(
                        staged_rowsum, (cdiv(100, 16),), xr, orow, 100, n_cols, 1008, BM=16,
                        BN=128, S=S),
                    lambda torch, xr=xr, orow=orow, n_cols=n_cols: (
                        orow, xr[:, :n_cols].sum(1), 0, 0)))
    out += scaled_dot_cases(new)
    return out


FP4 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]
FP4 = FP4 + [-v for v in FP4]
SCALED_STORAGE = {"e2m1": ("uint8", "fp4"), "e4m3": ("uint8", "e4m3"), "e5m2": ("uint8", "e5m2"),
                  "bf16": ("bfloat16", "randn"), "fp16": ("float16", "randn")}


def decode_scaled(torch, x, fmt, k_dim):
    """The values an operand in microscaling format `fmt` stands for, f32."""
    if fmt == "e2m1":
        table = torch.tensor(FP4, device=x.device)
        lo, hi = table[(x & 15).long()], table[(x >> 4).long()]
        pair = torch.stack([lo, hi], dim=k_dim + 1)
        shape = list(x.shape)
        shape[k_dim] *= 2
        return pair.reshape(shape)
    if fmt in ("e4m3", "e5m2"):
        dt = torch.float8_e4m3fn if fmt == "e4m3" else torch.float8_e5m2
        return x.view(dt).float()
    return x.float()


def e5m2_values(torch, x):
    """e5m2 bytes as floats: the high byte of the f16 with the same bits."""
    return (x.to(torch.int16) << 8).view(torch.float16).float()


def scale_factor(torch, s, rows_first):
    """e8m0 -> 2^(s - 127), NaN for 0xFF, repeated over 32 elements of K."""
    f = torch.where(s == 255, torch.full_like(s, float("nan"), dtype=torch.float32),
                    torch.exp2(s.float() - 127)).repeat_interleave(32, dim=1)
    return f if rows_first else f.T


def scaled_dot_cases(new):
    """tl.dot_scaled (issue 16): fp4/fp8 operands with e8m0 scales against
    the values they stand for. Every scaled operand is exact in the compute
    type (bf16, or f16 with an fp16 operand), so only the f32 sums round."""
    out = []
    M, N, K = 64, 64, 64
    combos = [("e2m1", "bf16", True, False, "scale", False),
              ("bf16", "e2m1", False, True, "scale", False),
              ("e4m3", "e5m2", True, True, "scale", False),
              ("e2m1", "e2m1", True, True, "scale_nan", False),
              ("e2m1", "fp16", True, False, "scale", True),
              ("fp16", "e4m3", False, True, "scale", False)]
    for fa, fb, has_sa, has_sb, skind, fast in combos:
        da, ka = SCALED_STORAGE[fa]
        db, kb = SCALED_STORAGE[fb]
        a = new((M, K // 2 if fa == "e2m1" else K), da, ka)
        b = new((K // 2 if fb == "e2m1" else K, N), db, kb)
        sa = new((M, K // 32), "uint8", skind) if has_sa else None
        sb = new((N, K // 32), "uint8", skind) if has_sb else None
        o = new((M, N), "float32", "empty")

        def want(torch, a=a, b=b, sa=sa, sb=sb, fa=fa, fb=fb):
            x, y = decode_scaled(torch, a, fa, 1), decode_scaled(torch, b, fb, 0)
            if sa is not None:
                x = x * scale_factor(torch, sa, True)
            if sb is not None:
                y = y * scale_factor(torch, sb, False)
            return x @ y

        def check(torch, o=o, want=want):
            w = want(torch)
            tol = 1e-4 * torch.nan_to_num(w).abs().max().item()
            return torch.nan_to_num(o, nan=7.0), torch.nan_to_num(w, nan=7.0), tol, 1e-5

        out.append((f"dot_scaled {fa} x {fb}{' nan' if skind == 'scale_nan' else ''}"
                    f"{' fast' if fast else ''}",
                    lambda run, a=a, b=b, sa=sa, sb=sb, o=o, fa=fa, fb=fb, fast=fast: run(
                        scaled_dot, (1,), a, sa, b, sb, o, M=M, N=N, K=K, FA=fa, FB=fb,
                        FAST=fast),
                    check))
    return out


def main():
    mode, cache = sys.argv[1], Path(sys.argv[2]).resolve()
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    if mode == "prepare":
        def warm(kernel, grid, *args, **kw):
            c = kernel.warmup(*args, grid=grid, num_warps=4, **kw)
            print(f"compiled {c.name}: {len(c.asm['ptx'])} bytes of PTX")
        for name, launch, _ in cases(lambda s, d, k: StandIn(s, d)):
            launch(warm)
        return 0
    import torch
    dt = {"float32": torch.float32, "float16": torch.float16, "int32": torch.int32,
          "uint8": torch.uint8, "bfloat16": torch.bfloat16}

    def new(shape, dtype, kind):
        if kind == "randn":
            return torch.randn(shape, dtype=dt[dtype], device="cuda")
        if kind == "zeros":
            return torch.zeros(shape, dtype=dt[dtype], device="cuda")
        if kind == "randn_nan":  # NaNs at a few places, none first
            t = torch.randn(shape, dtype=dt[dtype], device="cuda")
            t[5::31] = float("nan")
            return t
        if kind == "bytes":
            return torch.randint(0, 256, shape, device="cuda").to(dt[dtype])
        if kind == "smallint":
            return torch.randint(-2, 3, shape, device="cuda").to(dt[dtype])
        if kind == "e5m2int":  # -2 .. 2 as e5m2 bytes (an f16's high byte)
            h = torch.randint(-2, 3, shape, device="cuda").to(torch.float16)
            return ((h.view(torch.int16) >> 8) & 0xFF).to(torch.uint8)
        if kind == "fp4":
            return torch.randint(0, 256, shape, device="cuda").to(torch.uint8)
        if kind in ("e4m3", "e5m2"):  # any finite fp8 value
            x = torch.randint(0, 256, shape, device="cuda")
            bad = (x & 0x7F) == 0x7F if kind == "e4m3" else (x & 0x7C) == 0x7C
            return torch.where(bad, x & 0xF0, x).to(torch.uint8)
        if kind in ("scale", "scale_nan"):  # 2^-5 .. 2^5, some 0xFF (NaN)
            x = torch.randint(122, 133, shape, device="cuda")
            if kind == "scale_nan":
                x[3, 1] = 255
            return x.to(torch.uint8)
        if kind == "rows":
            return torch.tensor([3, 0, 99, 5, 5, 42, 17, 64], dtype=dt[dtype], device="cuda")
        if dtype == "int32":
            return torch.full(shape, -1, dtype=dt[dtype], device="cuda")
        return torch.full(shape, float("nan"), dtype=dt[dtype], device="cuda")

    def launch(kernel, grid, *args, **kw):
        kernel[grid](*args, num_warps=4, **kw)

    failed = 0
    print(torch.cuda.get_device_name())
    # $GPU_FEATURES_ONLY (a regex on case names) runs a subset, e.g. under
    # compute-sanitizer.
    only = re.compile(os.environ.get("GPU_FEATURES_ONLY", ""))
    all_cases = [c for c in cases(new) if only.search(c[0])]
    for name, run, check in all_cases:
        run(launch)
        torch.cuda.synchronize()
        got, want, atol, rtol = check(torch)
        ok = torch.allclose(got.float(), want.float(), atol=atol, rtol=rtol)
        err = (got.float() - want.float()).abs().max().item()
        print(f"{name:22s} {'pass' if ok else 'MISMATCH'}  max abs err {err:.3g}")
        failed += not ok
    print(f"{len(all_cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
