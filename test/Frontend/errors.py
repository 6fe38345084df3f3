# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""Unsupported constructs and wrong types name the kernel's file and line."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def try_block(x_ptr, n):
    try:
        n -= 1
    finally:
        pass


@triton_stub.jit
def bad_shapes(x_ptr):
    a = tl.arange(0, 16)
    b = tl.arange(0, 32)
    tl.store(x_ptr + a, (a + b).to(tl.float32))


@triton_stub.jit
def not_a_pointer(x_ptr, n):
    tl.load(n)


for kernel in (try_block, bad_shapes, not_a_pointer):
    try:
        triton_stub.compile(kernel, signature={"x_ptr": "*fp32", "n": "i32"},
                            stages=("ttir",))
        print("compiled", kernel.__name__)
    except triton_stub.CompilationError as e:
        print("error:", e)

# CHECK: error: {{.*}}errors.py:10: in try_block: unsupported Python construct: Try
# CHECK: error: {{.*}}errors.py:20: in bad_shapes: incompatible shapes [16] and [32] for broadcasting
# CHECK: error: {{.*}}errors.py:25: in not_a_pointer: tl.load needs a pointer, got int32
