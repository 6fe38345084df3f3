# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""libdevice by name (`triton.language.extra.libdevice`, also as
`tl.extra.cuda.libdevice`): tt.extern_elementwise of the symbol for the
argument type (float32 `__nv_<name>f`, float64 `__nv_<name>`, pow with an
integer exponent `__nv_powif`, integer functions by their own names), linked
from libdevice so no call is left in the PTX; tl.math floor/ceil/erf/log1p,
div_rn/sqrt_rn (the precise ops), fdiv; tl.inline_asm_elementwise."""

import triton_stub
import triton_stub.language as tl
from triton_stub.language.extra import libdevice


@triton_stub.jit
def extern(x_ptr, d_ptr, y_ptr, i_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    d = tl.load(d_ptr + offs)
    y = libdevice.asin(x) + tl.extra.cuda.libdevice.pow(x, 2) + libdevice.pow(x, x)
    y += tl.math.floor(x) + tl.math.ceil(x) + tl.math.erf(x) + tl.math.log1p(x)
    y += tl.math.div_rn(x, 3.0) + tl.math.sqrt_rn(x) + tl.math.fdiv(x, y)
    y += libdevice.exp(d).to(tl.float32)
    z = tl.inline_asm_elementwise("shl.b32 $0, $1, 3;", "=r,r", [offs], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(i_ptr + offs, libdevice.popc(z) + libdevice.isinf(x))
    tl.store(y_ptr + offs, y)


k = triton_stub.compile(extern, signature={"x_ptr": "*fp32", "d_ptr": "*fp64", "y_ptr": "*fp32",
                                           "i_ptr": "*i32"}, stages=("ttir", "ptx"))
print(k.asm.emitted)
# CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_asinf"} : (tensor<128xf32>) -> tensor<128xf32>
# CHECK: symbol = "__nv_powif"} : (tensor<128xf32>, tensor<128xi32>) -> tensor<128xf32>
# CHECK: symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
# CHECK: math.floor
# CHECK: math.ceil
# CHECK: math.erf
# CHECK: math.log1p
# CHECK: tt.precise_divf
# CHECK: tt.precise_sqrt
# CHECK: symbol = "__nv_exp"} : (tensor<128xf64>) -> tensor<128xf64>
# CHECK: tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<128xi32> -> tensor<128xi32>
# CHECK: symbol = "__nv_popc"} : (tensor<128xi32>) -> tensor<128xi32>
# CHECK: symbol = "__nv_isinff"} : (tensor<128xf32>) -> tensor<128xi32>
ptx = k.asm["ptx"]
print("calls left:", "__nv_" in ptx, "asm:", "shl.b32" in ptx)
# CHECK: calls left: False asm: True


@triton_stub.jit
def half(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), libdevice.asin(x))


try:
    triton_stub.compile(half, signature={"x_ptr": "*fp16"}, stages=("ttir",))
except triton_stub.CompilationError as e:
    print("error:", str(e).splitlines()[0])
# CHECK: error: {{.*}}: in half: libdevice.asin takes float32 or float64 arguments, got float16
