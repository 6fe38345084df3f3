# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.flip: reversed along a dimension, as upstream's: the dimension split
into size-2 axes on integer bits, each element swapped with its partner
along each axis (x ^ xor_sum(x, axis)), through to PTX."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def flipper(x_ptr, o_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    tl.store(o_ptr + r[:, None] * 32 + c[None, :], tl.flip(x, 0))


k = triton_stub.compile(flipper, signature={"x_ptr": "*fp32", "o_ptr": "*fp32"},
                        stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry flipper" in k.asm["ptx"])
# CHECK: tt.bitcast %{{.*}} : tensor<16x32xf32> -> tensor<16x32xi32>
# CHECK: tt.reshape %{{.*}} : tensor<16x32xi32> -> tensor<2x2x2x2x32xi32>
# CHECK-COUNT-4: "tt.reduce"
# CHECK: tt.reshape %{{.*}} : tensor<2x2x2x2x32xi32> -> tensor<16x32xi32>
# CHECK: tt.bitcast %{{.*}} : tensor<16x32xi32> -> tensor<16x32xf32>
# CHECK-NOT: tt.gather
# CHECK: ptx: True
