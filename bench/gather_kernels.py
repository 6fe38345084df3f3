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
def sort_kernel(X, Z, N: tl.constexpr, M: tl.constexpr):
    off = tl.program_id(0) * N * M + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(Z + off, tl.sort(tl.load(X + off)))


@triton.jit
def flip_kernel(X, Z, N: tl.constexpr, M: tl.constexpr):
    off = tl.program_id(0) * N * M + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(Z + off, tl.flip(tl.load(X + off)))
