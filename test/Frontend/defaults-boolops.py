# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""Default arguments (kernel constexprs and helper parameters) and
`and`/`or` on tensors (element-wise logical and/or, as upstream)."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def scale(x, factor=2.0):
    return x * factor


@triton_stub.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr = 64):
    r = tl.arange(0, BLOCK)
    m = (r < n) and (r > 3) or (r == 0)
    tl.store(x_ptr + r, scale(tl.load(x_ptr + r, mask=m)), mask=m)


print(triton_stub.compile(kernel, signature={"x_ptr": "*fp32", "n": "i32"},
                          stages=("ttir",)).asm.emitted)
# CHECK: tt.make_range {end = 64 : i32, start = 0 : i32}
# CHECK: %[[LT:.*]] = arith.cmpi slt
# CHECK: %[[GT:.*]] = arith.cmpi sgt
# CHECK: %[[AND:.*]] = arith.andi %[[LT]], %[[GT]] : tensor<64xi1>
# CHECK: %[[EQ:.*]] = arith.cmpi eq
# CHECK: arith.ori %[[AND]], %[[EQ]] : tensor<64xi1>
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK: arith.mulf
