"""Reductions accumulated across the iterations of a loop (a row sum, a
row max and a GEMV: `acc += tl.sum(x, axis=1)` over column blocks),
written once for both compilers: bench/loop_reduce.py loads this file as
upstream's `triton` (LOOP_REDUCE_UPSTREAM=1) and as `triton_stub`."""
import os

if os.environ.get("LOOP_REDUCE_UPSTREAM") == "1":
    import triton
    import triton.language as tl
else:
    import triton_stub as triton
    import triton_stub.language as tl


@triton.jit
def rowsum_kernel(X, Out, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for k in range(0, N, BLOCK_N):
        cols = k + tl.arange(0, BLOCK_N)
        x = tl.load(X + rows[:, None] * stride + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=1)
    tl.store(Out + rows, acc, mask=rows < M)


@triton.jit
def rowsum_staged_kernel(X, Out, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                         STAGES: tl.constexpr):
    """rowsum_kernel over `tl.range(..., num_stages=STAGES)`: a loop without
    a dot that both compilers pipeline, its loads staged in shared memory."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for k in tl.range(0, N, BLOCK_N, num_stages=STAGES):
        cols = k + tl.arange(0, BLOCK_N)
        x = tl.load(X + rows[:, None] * stride + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=1)
    tl.store(Out + rows, acc, mask=rows < M)


@triton.jit
def rowmax_kernel(X, Out, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    for k in range(0, N, BLOCK_N):
        cols = k + tl.arange(0, BLOCK_N)
        x = tl.load(X + rows[:, None] * stride + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=float("-inf"))
        acc = tl.maximum(acc, tl.max(x, axis=1))
    tl.store(Out + rows, acc, mask=rows < M)


@triton.jit
def gemv_kernel(A, V, Out, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for k in range(0, N, BLOCK_N):
        cols = k + tl.arange(0, BLOCK_N)
        a = tl.load(A + rows[:, None] * stride + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        v = tl.load(V + cols, mask=cols < N, other=0.0)
        acc += tl.sum(a.to(tl.float32) * v.to(tl.float32)[None, :], axis=1)
    tl.store(Out + rows, acc, mask=rows < M)
