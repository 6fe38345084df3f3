"""Kernels built on tt.gather (upstream's test_gather / test_sort /
test_flip shapes, one tile per program), written once for both compilers:
bench/gather.py loads this file as upstream's `triton` (GATHER_UPSTREAM=1)
and as `triton_stub`."""
import os

if os.environ.get("GATHER_UPSTREAM") == "1":
    import triton
    import triton.language as tl
else:
    import triton_stub as triton
    import triton_stub.language as tl


@triton.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, SRC_M: tl.constexpr, IDX_M: tl.constexpr,
                  N: tl.constexpr, AXIS: tl.constexpr):
    pid = tl.program_id(0)
    src_offs = tl.arange(0, SRC_M)[:, None] * N + tl.arange(0, N)[None, :]
    idx_offs = tl.arange(0, IDX_M)[:, None] * N + tl.arange(0, N)[None, :]
    src = tl.load(src_ptr + pid * SRC_M * N + src_offs)
    idx = tl.load(idx_ptr + pid * IDX_M * N + idx_offs)
    out = tl.gather(src, idx, AXIS)
    tl.store(out_ptr + pid * IDX_M * N + idx_offs, out)


@triton.jit
def sort_kernel(X, Z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr = False):
    off = tl.program_id(0) * N * M + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(Z + off, tl.sort(tl.load(X + off), descending=DESC))


@triton.jit
def topk_kernel(X, Z, N: tl.constexpr, M: tl.constexpr, K: tl.constexpr):
    rows = tl.program_id(0) * N + tl.arange(0, N)[:, None]
    x = tl.load(X + rows * M + tl.arange(0, M)[None, :])
    tl.store(Z + rows * K + tl.arange(0, K)[None, :], tl.topk(x, K))


@triton.jit
def flip_kernel(X, Z, N: tl.constexpr, M: tl.constexpr):
    off = tl.program_id(0) * N * M + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(Z + off, tl.flip(tl.load(X + off), 1))


@triton.jit
def gather_test_kernel(src_ptr, idx_ptr, out_ptr, axis: tl.constexpr, src_dim0: tl.constexpr,
                       src_dim1: tl.constexpr, src_stride0: tl.constexpr, src_stride1: tl.constexpr,
                       idx_dim0: tl.constexpr, idx_dim1: tl.constexpr, idx_stride0: tl.constexpr,
                       idx_stride1: tl.constexpr, out_dim0: tl.constexpr, out_dim1: tl.constexpr,
                       out_stride0: tl.constexpr, out_stride1: tl.constexpr):
    # upstream's test_core kernel, as it is there
    src_offs = (tl.arange(0, src_dim0)[:, None] * src_stride0 +
                tl.arange(0, src_dim1)[None, :] * src_stride1)
    src = tl.load(src_ptr + src_offs)
    idx_offs = (tl.arange(0, idx_dim0)[:, None] * idx_stride0 +
                tl.arange(0, idx_dim1)[None, :] * idx_stride1)
    idx = tl.load(idx_ptr + idx_offs)
    out = tl.gather(src, idx, axis)
    out_offs = (tl.arange(0, out_dim0)[:, None] * out_stride0 +
                tl.arange(0, out_dim1)[None, :] * out_stride1)
    tl.store(out_ptr + out_offs, out)


@triton.jit
def gather_test_kernel_1d(src_ptr, idx_ptr, out_ptr, axis: tl.constexpr, src_dim0: tl.constexpr,
                          idx_dim0: tl.constexpr, out_dim0: tl.constexpr):
    src = tl.load(src_ptr + tl.arange(0, src_dim0))
    idx = tl.load(idx_ptr + tl.arange(0, idx_dim0))
    tl.store(out_ptr + tl.arange(0, out_dim0), tl.gather(src, idx, axis))
