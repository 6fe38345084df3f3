# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""More of upstream's language, as its kernels use it: tensor attributes
and methods (.shape, .T, .reshape, .broadcast_to, .sum, ...),
`.dtype.element_ty` on pointers, tl.static_assert, python ternaries,
tl.math.*, tl.debug_barrier, tl.zeros_like, tl.umulhi, tl.fma,
tl.expand_dims, tl.permute. Each kernel also compiles to PTX."""

import triton_stub
import triton_stub.language as tl
from triton_stub.semantic import CompilationError


@triton_stub.jit
def methods(x_ptr, o_ptr, u_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r)
    tl.static_assert(x.shape[0] == BLOCK, "one row")
    m = x.reshape(BLOCK // 16, 16)
    t = m.T
    s = t.sum(axis=0)
    e = tl.math.exp(s)
    tl.debug_barrier()
    z = tl.zeros_like(e)
    f = tl.fma(e, e, z)
    half = BLOCK // 2 if BLOCK > 32 else BLOCK
    y = tl.expand_dims(f, 0).broadcast_to(2, BLOCK // 16)
    p = tl.permute(y, (1, 0))
    tl.store(o_ptr + tl.arange(0, BLOCK // 16), tl.sum(p, axis=1) + half)
    u = tl.load(u_ptr + r).to(u_ptr.dtype.element_ty)
    tl.store(u_ptr + r, tl.umulhi(u, u))


k = triton_stub.compile(methods, signature={"x_ptr": "*fp32", "o_ptr": "*fp32", "u_ptr": "*u32"},
                        constexprs={"BLOCK": 64}, stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry methods" in k.asm["ptx"])
# CHECK-LABEL: tt.func public @methods
# CHECK: tt.reshape %{{.*}} : tensor<64xf32> -> tensor<4x16xf32>
# CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x16xf32> -> tensor<16x4xf32>
# CHECK: "tt.reduce"
# CHECK: math.exp %{{.*}} : tensor<4xf32>
# CHECK: gpu.barrier
# CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
# CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<4xf32> -> tensor<1x4xf32>
# CHECK: tt.broadcast %{{.*}} : tensor<1x4xf32> -> tensor<2x4xf32>
# CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>
# CHECK: arith.constant 3.200000e+01 : f32
# CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# CHECK: ptx: True


@triton_stub.jit
def bad_assert(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")


try:
    triton_stub.compile(bad_assert, signature={"x_ptr": "*fp32"}, constexprs={"BLOCK": 48},
                        stages=("ttir",))
except CompilationError as e:
    print(e)
# CHECK: language-more.py:{{[0-9]+}}: in bad_assert: static_assert failed: BLOCK must be a multiple of 32


@triton_stub.jit
def bad_attribute(x_ptr):
    r = tl.arange(0, 16)
    tl.store(x_ptr + r, tl.load(x_ptr + r).nonexistent)


try:
    triton_stub.compile(bad_attribute, signature={"x_ptr": "*fp32"}, stages=("ttir",))
except CompilationError as e:
    print(e)
# CHECK: language-more.py:{{[0-9]+}}: in bad_attribute: tensors have no attribute 'nonexistent'


@triton_stub.jit
def python_error(x_ptr):
    v = 1
    w = (1, 2)[v + 4]
    tl.store(x_ptr, w)


try:
    triton_stub.compile(python_error, signature={"x_ptr": "*fp32"}, stages=("ttir",))
except CompilationError as e:
    print(e)
# A Python error in a kernel is a CompilationError at its line, with the
# source line and a caret, never a raw exception.
# CHECK: language-more.py:{{[0-9]+}}: in python_error: IndexError: tuple index out of range
# CHECK-NEXT: w = (1, 2)[v + 4]
# CHECK-NEXT: {{^    \^}}
