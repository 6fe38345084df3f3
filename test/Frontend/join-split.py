# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.join/split/interleave/cat/ravel/clamp/swizzle2d in upstream's TTIR
forms; the kernel compiles to PTX."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def shapes(x_ptr, y_ptr, o_ptr, i_ptr):
    r = tl.arange(0, 32)
    x = tl.load(x_ptr + r)
    y = tl.load(y_ptr + r)
    j = tl.join(x, y)
    a, b = tl.split(j)
    tl.store(o_ptr + r, a - b)
    tl.store(o_ptr + tl.arange(0, 64), tl.interleave(x, y))
    tl.store(o_ptr + tl.arange(0, 64), tl.ravel(j))
    tl.store(o_ptr + r, tl.clamp(x, -1.0, 1.0))
    pid = tl.program_id(0)
    pi, pj = tl.swizzle2d(pid // 8, pid % 8, 16, 8, 4)
    tl.store(i_ptr + pid, pi * 8 + pj)


k = triton_stub.compile(shapes, signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "o_ptr": "*fp32",
                                           "i_ptr": "*i32"}, stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry shapes" in k.asm["ptx"])
# CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<32x2xf32>
# CHECK: %{{.*}}, %{{.*}} = tt.split %[[J]] : tensor<32x2xf32> -> tensor<32xf32>
# CHECK: tt.join
# CHECK: tt.reshape %{{.*}} : tensor<32x2xf32> -> tensor<64xf32>
# CHECK: tt.reshape %[[J]] : tensor<32x2xf32> -> tensor<64xf32>
# CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<32xf32>
# CHECK: arith.minsi
# CHECK: ptx: True


# tl.cat (its result layout holds both operands' registers; to PTX too).
@triton_stub.jit
def concat(x_ptr, o_ptr):
    r = tl.arange(0, 256)
    x = tl.load(x_ptr + r)
    tl.store(o_ptr + tl.arange(0, 512), tl.cat(x, x + 1, can_reorder=True))


print(triton_stub.compile(concat, signature={"x_ptr": "*fp32", "o_ptr": "*fp32"},
                          stages=("ttir", "ptx")).asm.emitted)
# CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<256xf32> -> tensor<512xf32>
