# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""Triton's semantics in the Python frontend (seeds/001): promotion by kind,
then width, float16 over bfloat16, unsigned over signed; scalars of a lower
or equal kind do not promote tensors; C-style // and % on tensors, Python's
on constexprs; NumPy broadcasting through [:, None]."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def promote(i32_ptr, i16_ptr, u8_ptr, f16_ptr, bf16_ptr, out_ptr):
    r = tl.arange(0, 16)
    a = tl.load(i32_ptr + r)
    b = tl.load(i16_ptr + r)
    c = tl.load(u8_ptr + r)
    h = tl.load(f16_ptr + r)
    g = tl.load(bf16_ptr + r)
    tl.store(out_ptr + r, (a + 1.5).to(tl.float32))
    tl.store(out_ptr + r, (b + 4.0).to(tl.float32))
    tl.store(out_ptr + r, (c + 1).to(tl.float32))
    tl.store(out_ptr + r, (h + g).to(tl.float32))
    tl.store(out_ptr + r, (a + c).to(tl.float32))
    tl.store(out_ptr + r, (a // 3 + a % 3).to(tl.float32))
    tl.store(out_ptr + r, a / a)
    tl.store(out_ptr + r, ((-7) // 2) + ((-7) % 2) + r * 0.0)


@triton_stub.jit
def broadcast(out_ptr):
    rows = tl.arange(0, 16)
    cols = tl.arange(0, 32)
    offs = rows[:, None] * 32 + cols[None, :]
    tl.store(out_ptr + offs, tl.zeros((16, 32), tl.float32))


k = triton_stub.compile(promote, signature={
    "i32_ptr": "*i32", "i16_ptr": "*i16", "u8_ptr": "*u8", "f16_ptr": "*fp16",
    "bf16_ptr": "*bf16", "out_ptr": "*fp32"}, stages=("ttir",))
print(k.asm.emitted)
# int32 + 1.5: the float scalar has the higher kind -> float32.
# CHECK-LABEL: tt.func public @promote
# CHECK: %[[A:.*]] = tt.load {{.*}} : tensor<16x!tt.ptr<i32>>
# CHECK: %[[B:.*]] = tt.load {{.*}} : tensor<16x!tt.ptr<i16>>
# CHECK: %[[C:.*]] = tt.load {{.*}} : tensor<16x!tt.ptr<i8>>
# CHECK: %[[H:.*]] = tt.load {{.*}} : tensor<16x!tt.ptr<f16>>
# CHECK: %[[G:.*]] = tt.load {{.*}} : tensor<16x!tt.ptr<bf16>>
# CHECK: %[[AF:.*]] = arith.sitofp %[[A]] : tensor<16xi32> to tensor<16xf32>
# CHECK: arith.addf %[[AF]], %{{.*}} : tensor<16xf32>
# int16 + 4.0 -> float32 (not float16).
# CHECK: %[[BF:.*]] = arith.sitofp %[[B]] : tensor<16xi16> to tensor<16xf32>
# CHECK: arith.addf %[[BF]]
# uint8 + 1: the int scalar does not promote: an i8 add, then unsigned to float.
# CHECK: %[[C1:.*]] = arith.addi %[[C]], %{{.*}} : tensor<16xi8>
# CHECK: arith.uitofp %[[C1]] : tensor<16xi8> to tensor<16xf32>
# float16 + bfloat16 -> float16.
# CHECK: %[[G32:.*]] = arith.extf %[[G]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: %[[G16:.*]] = arith.truncf %[[G32]] : tensor<16xf32> to tensor<16xf16>
# CHECK: arith.addf %[[H]], %[[G16]] : tensor<16xf16>
# int32 + uint8 -> int32 (width first): the uint8 is zero-extended.
# CHECK: %[[CE:.*]] = arith.extui %[[C]] : tensor<16xi8> to tensor<16xi32>
# CHECK: arith.addi %[[A]], %[[CE]] : tensor<16xi32>
# C-style // and % on tensors.
# CHECK: arith.divsi %[[A]], %{{.*}} : tensor<16xi32>
# CHECK: arith.remsi %[[A]], %{{.*}} : tensor<16xi32>
# int / int is a float division.
# CHECK: arith.sitofp %[[A]]
# CHECK: arith.divf
# Python semantics on constexprs: (-7)//2 + (-7)%2 = -4 + 1 = -3.
# CHECK: arith.constant -3.000000e+00 : f32

k = triton_stub.compile(broadcast, signature={"out_ptr": "*fp32"}, stages=("ttir",))
print(k.asm.emitted)
# CHECK-LABEL: tt.func public @broadcast
# CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
# CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# CHECK: tt.broadcast %{{.*}} : tensor<16x1xi32> -> tensor<16x32xi32>
# CHECK: tt.broadcast %{{.*}} : tensor<1x32xi32> -> tensor<16x32xi32>
# CHECK: tt.store {{.*}} : tensor<16x32x!tt.ptr<f32>>
