# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ for f in %t/*.ptx; do %ptxas -arch=sm_90a $f -o /dev/null || exit 1; done %}
"""Names kernels take from `triton.language.standard` and
`triton.language.core` (the builtins, `_log2`, `get_int_dtype`,
`dtype.primitive_bitwidth`, `CONSTEXPR_0`), tl.xor_sum (in the input's own
type, booleans too: an arith.xori tt.reduce), tl.softmax and tl.topk
(upstream's bitonic top-k on the 2x...x2 hypercube: merges of runs of k,
then a max over one axis per halving), through to PTX."""

import sys

import triton_stub
import triton_stub.language as tl
import triton_stub.language.core as core
from triton_stub.language.standard import _is_power_of_two, _log2, sum, zeros_like

OUT = sys.argv[1]


@triton_stub.jit
def _pair_sums(x, N: core.constexpr):
    n: core.constexpr = _log2(N)
    core.static_assert(_is_power_of_two(N))
    y = core.reshape(x, [2**(n - 1), 2])
    return sum(y, 1)


@triton_stub.jit
def standard(x_ptr, i_ptr, p_ptr, s_ptr, t_ptr, bits_ptr, N: tl.constexpr,
             SIGNED: core.constexpr = core.CONSTEXPR_0):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    idtype = core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    ix = x.to(idtype, bitcast=True)
    tl.store(i_ptr, tl.xor_sum(ix, 0) ^ tl.sum(zeros_like(ix), 0))
    tl.store(p_ptr + tl.arange(0, N // 2), _pair_sums(x, N))
    tl.store(s_ptr + offs, tl.softmax(x, 0))
    tl.store(t_ptr + tl.arange(0, 8), tl.topk(x, 8))
    small = ix.to(tl.int8)
    tl.store(bits_ptr, small.xor_sum(0))
    tl.store(bits_ptr + 1, (x > 0).xor_sum(0).to(tl.int32))


# CHECK-LABEL: tt.func public @standard
# CHECK: tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
# CHECK: "tt.reduce"
# CHECK: arith.xori
# CHECK: tt.reshape %{{.*}} : tensor<64xf32> -> tensor<32x2xf32>
# CHECK: math.exp
# CHECK: arith.divf
# CHECK: tt.reshape %{{.*}} : tensor<64xf32> -> tensor<2x2x2x2x2x2xf32>
# CHECK: arith.maxnumf
# CHECK: tt.reshape %{{.*}} : tensor<2x2x2xf32> -> tensor<8xf32>
# CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: arith.xori %{{.*}} : i8
# CHECK: (tensor<64xi8>) -> i8
# CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
# CHECK: arith.xori %{{.*}} : i1
# CHECK: (tensor<64xi1>) -> i1
# CHECK: standard: ptx
k = triton_stub.compile(standard, signature={"x_ptr": "*fp32", "i_ptr": "*i32", "p_ptr": "*fp32",
                                             "s_ptr": "*fp32", "t_ptr": "*fp32",
                                             "bits_ptr": "*i32"},
                        constexprs={"N": 64})
print(k.asm.emitted)
open(f"{OUT}/standard.ptx", "w").write(k.asm["ptx"])
print("standard: ptx", len(k.asm["ptx"]) > 0)

# A power-of-two check that fails is a located CompilationError.
# CHECK: standard-lib.py:[[#]]:{{.*}} _log2 needs a constexpr power of two, got 48


@triton_stub.jit
def bad(x_ptr, N: tl.constexpr):
    n: core.constexpr = _log2(N)
    tl.store(x_ptr, n)


try:
    triton_stub.compile(bad, signature={"x_ptr": "*i32"}, constexprs={"N": 48})
except triton_stub.CompilationError as e:
    print(str(e).splitlines()[0])
