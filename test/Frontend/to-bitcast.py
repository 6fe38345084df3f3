# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""x.to(..., bitcast=True) keeps the bits (tt.bitcast; it used to emit a
value conversion), fp_downcast_rounding narrows with the asked rounding,
and tl.atomic_xchg emits TTIR's `exch` (it emitted `xchg`)."""

import triton_stub
import triton_stub.language as tl
from triton_stub.semantic import CompilationError


@triton_stub.jit
def to_forms(x_ptr, i_ptr, h_ptr):
    r = tl.arange(0, 32)
    x = tl.load(x_ptr + r)
    tl.store(i_ptr + r, x.to(tl.int32, bitcast=True))
    tl.store(i_ptr + r, x.to(tl.int32))
    tl.store(h_ptr + r, x.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.atomic_xchg(i_ptr + r, 7)


print(triton_stub.compile(to_forms, signature={"x_ptr": "*fp32", "i_ptr": "*i32", "h_ptr": "*fp16"},
                          stages=("ttir",)).asm.emitted)

# CHECK-LABEL: tt.func public @to_forms
# CHECK: %[[X:.*]] = tt.load
# CHECK: tt.bitcast %[[X]] : tensor<32xf32> -> tensor<32xi32>
# CHECK: arith.fptosi %[[X]] : tensor<32xf32> to tensor<32xi32>
# CHECK: tt.fp_to_fp %[[X]], rounding = rtz : tensor<32xf32> -> tensor<32xf16>
# CHECK: tt.atomic_rmw exch, acq_rel, gpu,


@triton_stub.jit
def bad_bitcast(x_ptr, h_ptr):
    r = tl.arange(0, 32)
    tl.store(h_ptr + r, tl.load(x_ptr + r).to(tl.float16, bitcast=True))


try:
    triton_stub.compile(bad_bitcast, signature={"x_ptr": "*fp32", "h_ptr": "*fp16"}, stages=("ttir",))
except CompilationError as e:
    print(e)
# CHECK: to-bitcast.py:{{[0-9]+}}: in bad_bitcast: cannot bitcast float32 to float16: 32 bits to 16


@triton_stub.jit
def pointers(p_ptr, a_ptr):
    addr = tl.load(a_ptr)
    q = addr.to(tl.pointer_type(tl.float32))
    tl.store(q, 1.0)
    tl.store(a_ptr, p_ptr.to(tl.int64))


print(triton_stub.compile(pointers, signature={"p_ptr": "*fp32", "a_ptr": "*i64"},
                          stages=("ttir", "ptx")).asm.emitted)
# CHECK-LABEL: tt.func public @pointers
# CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
# CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
