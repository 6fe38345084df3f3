# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""An early exit, `if pid >= n: return` with a runtime condition, as
upstream allows: the rest of the kernel runs in the else branch."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def early(x_ptr, n):
    pid = tl.program_id(0)
    if pid >= n:
        return
    r = tl.arange(0, 128)
    tl.store(x_ptr + pid * 128 + r, tl.load(x_ptr + pid * 128 + r) + 1)


k = triton_stub.compile(early, signature={"x_ptr": "*fp32", "n": "i32"}, stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry early" in k.asm["ptx"])
# CHECK: arith.cmpi sge
# CHECK: scf.if %{{.*}} {
# CHECK-NEXT: } else {
# CHECK: tt.load
# CHECK: tt.store
# CHECK: ptx: True
