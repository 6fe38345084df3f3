"""Upstream's vector-add tutorial kernel, through our compiler to TTGIR."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub  # noqa: E402
import triton_stub.language as tl  # noqa: E402


@triton_stub.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


if __name__ == "__main__":
    stage = sys.argv[1] if len(sys.argv) > 1 else "ttgir"
    kernel = triton_stub.compile(
        add_kernel,
        signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32",
                   "n_elements": "i32"},
        constexprs={"BLOCK_SIZE": 1024}, divisible_by_16=["n_elements"],
        num_warps=4, target="cuda:90")
    print(kernel.asm[stage])
