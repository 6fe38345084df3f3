# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.device_print, tl.device_assert and the assert statement (tt.print /
tt.assert), fp8 dtypes in signatures and .to() (tt.fp_to_fp)."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def checks(x_ptr, q_ptr, n):
    r = tl.arange(0, 128)
    x = tl.load(x_ptr + r)
    tl.device_print("x", x)
    tl.device_assert(x < 100.0, "x below limit")
    assert n > 0, "n positive"
    q = x.to(tl.float8e4nv)
    tl.store(q_ptr + r, q)
    tl.store(x_ptr + r, tl.load(q_ptr + r).to(tl.float32))


k = triton_stub.compile(checks, signature={"x_ptr": "*fp32", "q_ptr": "*fp8e4nv", "n": "i32"},
                        stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry checks" in k.asm["ptx"])
# CHECK: tt.func public @checks(%arg0: !tt.ptr<f32> {{.*}}, %arg1: !tt.ptr<f8E4M3FN>
# CHECK: tt.print " x" {hex = false, isSigned = array<i32: 0>} : %{{.*}} : tensor<128xf32>
# CHECK: tt.assert %{{.*}}, "x below limit" : tensor<128xi1>
# CHECK: tt.assert %{{.*}}, "n positive" : i1
# CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
# CHECK: tt.fp_to_fp %{{.*}} : tensor<128xf8E4M3FN> -> tensor<128xf32>
# CHECK: ptx: True
