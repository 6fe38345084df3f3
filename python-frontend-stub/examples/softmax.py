"""Upstream's fused-softmax tutorial kernel (one row per program)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub  # noqa: E402
import triton_stub.language as tl  # noqa: E402


@triton_stub.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
                   n_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    mask = col_offsets < n_cols
    row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=mask)


if __name__ == "__main__":
    stage = sys.argv[1] if len(sys.argv) > 1 else "ttgir"
    kernel = triton_stub.compile(
        softmax_kernel,
        signature={"output_ptr": "*fp32", "input_ptr": "*fp32",
                   "input_row_stride": "i32", "output_row_stride": "i32",
                   "n_cols": "i32"},
        constexprs={"BLOCK_SIZE": 1024}, num_warps=4, target="cuda:90")
    print(kernel.asm[stage])
