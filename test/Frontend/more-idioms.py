# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ for f in %t/*.ptx; do %ptxas -arch=sm_90a -c $f -o /dev/null || exit 1; done %}
"""More of upstream's language as test_core uses it: tl.PropagateNan on
maximum/minimum/clamp, dtype predicates (x.dtype.is_fp32(), ...), tl.max /
tl.min with return_indices (and the tie to the last index), argmax's
tie_break_left, tl.cast, @triton.constexpr_function, and
jit(do_not_specialize=...), tuple arguments, through to PTX."""

import sys

import triton_stub
import triton_stub.language as tl

OUT = sys.argv[1]


@triton_stub.constexpr_function
def block_for(n):
    return 128 if n > 1000 else 64


@triton_stub.jit
def casts_and_cf(x_ptr, y_ptr, N: tl.constexpr):
    B: tl.constexpr = block_for(N)
    o = tl.arange(0, B)
    x = tl.load(x_ptr + o)
    tl.store(y_ptr + o, tl.cast(x, tl.int32, bitcast=True) + tl.cast(x, tl.int32))


@triton_stub.jit(do_not_specialize=["n"], debug=True, launch_metadata=None)
def no_spec(x_ptr, n, m):
    tl.store(x_ptr, n + m)


class Ptr:  # a stand-in array: an address and a dtype
    dtype = "float32"

    def data_ptr(self):
        return 4096


# jit(do_not_specialize=["n"]): n = 1 and n = 32 stay i32 arguments with no
# divisibility; m = 32 (specialized) gets tt.divisibility = 16, m = 1 folds.
# CHECK: do_not_specialize: {'x_ptr': '*fp32', 'n': 'i32', 'm': 'i32'} {} ['x_ptr', 'm']
# CHECK: do_not_specialize: {'x_ptr': '*fp32', 'n': 'i32'} {'m': 1} ['x_ptr']
for n, m in ((32, 32), (1, 1)):
    sig, ce, div, _ = no_spec.specialize((Ptr(), n, m), {})
    print("do_not_specialize:", sig, ce, div)

# block_for(128) is 64: the block the constexpr_function picked.
# CHECK-LABEL: tt.func public @casts_and_cf
# CHECK: tt.make_range {end = 64 : i32, start = 0 : i32}
# CHECK: tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
# CHECK: arith.fptosi %{{.*}} : tensor<64xf32> to tensor<64xi32>

@triton_stub.jit
def nans(x_ptr, y_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o)
    y = tl.maximum(x, 0.5, propagate_nan=tl.PropagateNan.ALL)
    y = tl.minimum(y, 2.0)
    y = tl.clamp(y, -1.0, 1.0, propagate_nan=tl.PropagateNan.ALL)
    tl.store(y_ptr + o, y)


# CHECK-LABEL: tt.func public @nans
# CHECK: arith.maximumf
# CHECK: arith.minnumf
# CHECK: tt.clampf {{.*}} propagateNan = all


@triton_stub.jit
def dtypes(x_ptr, y_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o)
    if x.dtype.is_fp32():
        x = x * 2
    if x.dtype.is_fp16() or x.dtype.is_int32():
        x = x * 3
    if y_ptr.dtype.element_ty.is_fp16() and y_ptr.dtype.element_ty.is_standard_floating():
        x = x + 1
    tl.store(y_ptr + o, x.to(y_ptr.dtype.element_ty))


# CHECK-LABEL: tt.func public @dtypes
# CHECK: arith.mulf
# CHECK-NOT: arith.mulf
# CHECK: arith.addf
# CHECK: arith.truncf


@triton_stub.jit
def with_indices(x_ptr, y_ptr, i_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o)
    v, i = tl.max(x, 0, return_indices=True)
    w, j = tl.min(x, 0, return_indices=True, return_indices_tie_break_left=False)
    tl.store(y_ptr, v + w)
    tl.store(i_ptr, i + j + tl.argmax(x, 0, tie_break_left=False))


# CHECK-LABEL: tt.func public @with_indices
# CHECK: "tt.reduce"
# CHECK: arith.cmpf oeq
# CHECK: arith.cmpi slt
# CHECK: arith.cmpf ogt
# CHECK: "tt.reduce"
# CHECK: arith.cmpi sgt
# CHECK: arith.cmpf olt
# CHECK: "tt.reduce"
# CHECK: arith.cmpi sgt
# CHECK: arith.cmpf ogt

for fn, sig in ((casts_and_cf, {"x_ptr": "*fp32", "y_ptr": "*i32"}),
                (nans, {"x_ptr": "*fp32", "y_ptr": "*fp32"}),
                (dtypes, {"x_ptr": "*fp32", "y_ptr": "*fp16"}),
                (with_indices, {"x_ptr": "*fp32", "y_ptr": "*fp32", "i_ptr": "*i32"})):
    k = triton_stub.compile(fn, signature=sig, constexprs={"N": 128})
    print(k.asm.emitted)
    open(f"{OUT}/{fn.fn.__name__}.ptx", "w").write(k.asm["ptx"])

# Tuple arguments: flattened into the function's parameters (the elements
# named ptrs.0, ptrs.1 for divisibility), indexed in the kernel.
# CHECK-LABEL: tt.func public @tuple_args(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32)
# CHECK: tt.load
# CHECK: arith.truncf
# CHECK: tuple signature: {'ptrs': '(*fp32, *fp16)', 'sizes': '(i32, i32)'} ['ptrs.0', 'ptrs.1', 'sizes.0']


@triton_stub.jit
def tuple_args(ptrs, sizes, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < sizes[0]
    tl.store(ptrs[1] + o, (tl.load(ptrs[0] + o, mask=m) * sizes[1]).to(tl.float16), mask=m)


k = triton_stub.compile(tuple_args, signature={"ptrs": "(*fp32, *fp16)", "sizes": "(i32, i32)"},
                        constexprs={"BLOCK": 128}, divisible_by_16=("sizes.0",))
print(k.asm.emitted)
open(f"{OUT}/tuple_args.ptx", "w").write(k.asm["ptx"])


class Half(Ptr):
    dtype = "float16"


sig, _, div, _ = tuple_args.specialize(((Ptr(), Half()), (32, 3)), {"BLOCK": 128})
print("tuple signature:", sig, div)

# A propagate_nan that is neither NONE nor ALL is a located error.
# CHECK: more-idioms.py:[[#]]: in bad_nan: tl.maximum: propagate_nan must be PropagateNan.NONE or ALL, got 3


@triton_stub.jit
def bad_nan(x_ptr):
    tl.store(x_ptr, tl.maximum(tl.load(x_ptr), 1.0, propagate_nan=3))


try:
    triton_stub.compile(bad_nan, signature={"x_ptr": "*fp32"})
except triton_stub.CompilationError as e:
    print(str(e).splitlines()[0].replace(__file__, "more-idioms.py"))
