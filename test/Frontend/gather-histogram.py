# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.gather and tl.histogram in upstream's TTIR forms, through to PTX."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def gh(x_ptr, i_ptr, o_ptr, h_ptr):
    r = tl.arange(0, 1024)
    x = tl.load(x_ptr + r)
    i = tl.load(i_ptr + r)
    tl.store(o_ptr + r, tl.gather(x, i, 0))
    tl.store(h_ptr + tl.arange(0, 64), tl.histogram(i, 64))


k = triton_stub.compile(gh, signature={"x_ptr": "*fp32", "i_ptr": "*i32", "o_ptr": "*fp32",
                                       "h_ptr": "*i32"}, stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry gh" in k.asm["ptx"])
# CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<1024xf32>, tensor<1024xi32>) -> tensor<1024xf32>
# CHECK: tt.histogram %{{.*}} : tensor<1024xi32> -> tensor<64xi32>
# CHECK: ptx: True
