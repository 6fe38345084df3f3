# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.rand/randint/randint4x/randn: upstream's Philox 4x32 (10 rounds: 20
high multiplies per call), the seed split into two 32-bit keys; through to
PTX. (The GPU check in tests/gpu_tutorials.py compares the numbers with
upstream's tl.rand.)"""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def dropout(x_ptr, o_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    keep = tl.rand(seed, offs) > p
    tl.store(o_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=m)
    tl.store(o_ptr + offs, tl.randn(seed, offs), mask=m)


k = triton_stub.compile(dropout, signature={"x_ptr": "*fp32", "o_ptr": "*fp32", "n": "i32",
                                            "p": "fp32", "seed": "i32"},
                        constexprs={"BLOCK": 1024}, stages=("ttir", "ptx"))
print("mulhi:", k.asm.emitted.count("tt.mulhiui"))
print("ptx:", ".entry dropout" in k.asm["ptx"])
# CHECK: mulhi: 40
# CHECK: ptx: True
