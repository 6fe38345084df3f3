# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.reduce and tl.associative_scan with a @jit combine function (inlined
into the tt.reduce / tt.scan region), and tl.sum(dtype=)."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def max_abs(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@triton_stub.jit
def combine(x_ptr, r_ptr, s_ptr, h_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(r_ptr, tl.reduce(x, 0, max_abs))
    tl.store(s_ptr + tl.arange(0, N), tl.associative_scan(x, 0, max_abs, reverse=True))
    h = tl.load(h_ptr + tl.arange(0, N))
    tl.store(r_ptr + 1, tl.sum(h, axis=0, dtype=tl.float32))


k = triton_stub.compile(combine, signature={"x_ptr": "*fp32", "r_ptr": "*fp32", "s_ptr": "*fp32",
                                            "h_ptr": "*fp16"},
                        constexprs={"N": 128}, stages=("ttir", "ptx"))
print(k.asm.emitted)
print("ptx:", ".entry combine" in k.asm["ptx"])
# CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
# CHECK: math.absf %[[A]] : f32
# CHECK: math.absf %[[B]] : f32
# CHECK: arith.maxnumf
# CHECK: tt.reduce.return
# CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
# CHECK: tt.scan.return
# CHECK: arith.extf %{{.*}} : tensor<128xf16> to tensor<128xf32>
# CHECK: "tt.reduce"
# CHECK: ptx: True
