# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.multiple_of / tl.max_contiguous become attributes of the op producing
the value, as upstream emits them, and AxisInfo uses them: the offsets below
are only known contiguous and aligned through the hints, and the loads get
128-bit vectors."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def gather_rows(x_ptr, out_ptr, start):
    offs = start + tl.arange(0, 1024)
    offs = tl.max_contiguous(tl.multiple_of(offs, 16), 1024)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))


k = triton_stub.compile(gather_rows, signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "start": "i32"})
print(k.asm.emitted)
print(k.asm["ttgir"])
# CHECK-LABEL: tt.func public @gather_rows
# CHECK: arith.addi %{{.*}}, %{{.*}} {tt.contiguity = dense<1024> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : tensor<1024xi32>
# CHECK: #[[V:.*]] = #ttg.blocked<{sizePerThread = [4]
# CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[V]]>
