"""Upstream's layer-norm tutorial kernel (forward, fused), through our
compiler to TTGIR."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub  # noqa: E402
import triton_stub.language as tl  # noqa: E402


@triton_stub.jit
def layer_norm_fwd_fused(X, Y, W, B, Mean, Rstd, stride, N, eps,
                         BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


if __name__ == "__main__":
    stage = sys.argv[1] if len(sys.argv) > 1 else "ttgir"
    kernel = triton_stub.compile(
        layer_norm_fwd_fused,
        signature={"X": "*fp16", "Y": "*fp16", "W": "*fp16", "B": "*fp16",
                   "Mean": "*fp32", "Rstd": "*fp32", "stride": "i32",
                   "N": "i32", "eps": "fp32"},
        constexprs={"BLOCK_SIZE": 1024}, num_warps=4, target="cuda:90",
        stages=("ttir", "ttgir", "ptx"))
    print(kernel.asm[stage])
