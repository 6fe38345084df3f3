# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.range(..., num_stages=) is an scf.for with upstream's tt.num_stages
attribute (which our schedule honours); other loop attributes likewise;
builtin min/max on tensors."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def loop(x_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in tl.range(0, n, 1, num_stages=2, loop_unroll_factor=2):
        acc += tl.load(x_ptr + i * BLOCK + r)
    for j in tl.range(0, n, flatten=True):
        acc = max(acc, tl.load(x_ptr + j * BLOCK + r))
    tl.store(x_ptr + r, min(acc, 1.0))


print(triton_stub.compile(loop, signature={"x_ptr": "*fp32", "n": "i32"},
                          constexprs={"BLOCK": 128}, stages=("ttir", "ptx")).asm.emitted)
# CHECK: scf.for
# CHECK: } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 2 : i32}
# CHECK: scf.for
# CHECK: arith.maxnumf
# CHECK: } {tt.flatten}
# CHECK: arith.minnumf
# (and it compiles to PTX: compile raised otherwise)
