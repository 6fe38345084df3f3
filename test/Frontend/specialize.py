# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""kernel[grid](...) specializes like upstream's launcher: pointer types from
the arrays' dtypes, pointers and integers divisible by 16 marked so,
integers equal to 1 and constexpr parameters folded in; the specialized
kernel compiles to PTX."""

import triton_stub
import triton_stub.language as tl


class FakeArray:
    """Stands for a torch tensor: a dtype and a device address."""

    def __init__(self, dtype, ptr):
        self.dtype, self.ptr = dtype, ptr

    def data_ptr(self):
        return self.ptr


@triton_stub.jit
def axpy(x_ptr, y_ptr, a, n, stride, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    y = tl.load(y_ptr + offs * stride, mask=m)
    tl.store(y_ptr + offs * stride, a * tl.load(x_ptr + offs * stride, mask=m) + y, mask=m)


sig, consts, div, runtime = axpy.specialize(
    (FakeArray("torch.float16", 0x7f0000000000), FakeArray("float32", 0x7f0000000004),
     2.5, 4096, 1), {"BLOCK": 256})
print("signature", sig)
print("constexprs", consts)
print("divisible", div)
print("runtime", runtime)
# CHECK: signature {'x_ptr': '*fp16', 'y_ptr': '*fp32', 'a': 'fp32', 'n': 'i32'}
# CHECK: constexprs {'stride': 1, 'BLOCK': 256}
# CHECK: divisible ['x_ptr', 'n']
# CHECK: runtime ['x_ptr', 'y_ptr', 'a', 'n']

unaligned = [n for n, t in sig.items() if t.startswith("*") and n not in div]
k = triton_stub.compile(axpy, sig, consts, divisible_by_16=div, unaligned=unaligned,
                        stages=("ttir",))
print(k.asm.emitted)
# y_ptr's address is not 16-byte aligned: no divisibility on it.
# CHECK: tt.func public @axpy(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32>, %arg2: f32, %arg3: i32 {tt.divisibility = 16 : i32})

k = triton_stub.compile(axpy, sig, consts, divisible_by_16=div, unaligned=unaligned,
                        stages=("ttir", "ptx"))
print(k.metadata)
print(k.asm["ptx"])
# The PTX, through --triton-nvidia-pipeline and triton-translate.
# CHECK: {'entry': 'axpy', 'num_warps': 4, 'shared_bytes': 0}
# CHECK: .visible .entry axpy(
# CHECK: .reqntid 128, 1, 1
