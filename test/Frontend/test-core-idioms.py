# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ for f in %t/*.ptx; do %ptxas -arch=sm_90a -c $f -o /dev/null || exit 1; done %}
"""What upstream's test_core kernels lean on beyond the language itself:
templates patched through JITFunction.src / _unsafe_update_src, shapes
compared with lists, tl.broadcast, scalar[None], expand_dims over several
axes, Python numbers used as tensors (`v = 1; v.dtype`), x.cast, isinstance
and tl.constexpr(...) in a kernel, join/split/interleave of scalars,
|x| of fp8, triton.reinterpret and torch's fp8 dtypes, launch options the
launcher accepts, and upstream's wording of the errors its tests match."""

import re
import sys

import triton_stub
import triton_stub.language as tl

OUT = sys.argv[1]


class Arr:  # a stand-in array: an address and a dtype
    def __init__(self, dtype="float32", address=4096):
        self.dtype, self.address = dtype, address

    def data_ptr(self):
        return self.address


def emit(name, k):
    print(k.asm.emitted)
    open(f"{OUT}/{name}.ptx", "w").write(k.asm["ptx"])


def error(fn, *args, **kwargs):
    try:
        fn.warmup(*args, **kwargs)
        print("no error")
    except triton_stub.CompilationError as e:
        lines = str(e).splitlines()
        print(lines[0].split(": in ", 1)[1], "|", lines[1].strip() if len(lines) > 1 else "")


@triton_stub.jit
def template(z_ptr, x_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o)
    z = EXPRESSION
    tl.store(z_ptr + o, z)


def patched(expression):
    k = triton_stub.JITFunction(template.fn)
    k._unsafe_update_src(k.src.replace("EXPRESSION", expression))
    return k


# The source starts at `def`; each patch compiles its own text, and the
# template and other patches keep theirs.
# CHECK: src: def template(z_ptr, x_ptr, N: tl.constexpr):
print("src:", template.src.splitlines()[0])
times3, minus = patched("x * 3"), patched("x - 1")
# CHECK-LABEL: tt.func public @template
# CHECK: arith.muli
emit("patched_mul", times3.warmup(Arr("int32"), Arr("int32"), N=64))
# CHECK-LABEL: tt.func public @template
# CHECK: arith.subi
emit("patched_sub", minus.warmup(Arr("int32"), Arr("int32"), N=64))
# CHECK: template still: z = EXPRESSION
print("template still:", template.src.splitlines()[3].strip())
# An error in patched text shows the patched line.
# CHECK: template: dtype has no attribute 'nope' | z = x.dtype.nope
error(patched("x.dtype.nope"), Arr("int32"), Arr("int32"), N=64)


@triton_stub.jit
def shapes(x_ptr, y_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    tl.static_assert(o.shape == [N])
    tl.static_assert(o[None, :].shape == [1, N])
    tl.static_assert(o.shape != [N, 1])
    two_d = tl.load(x_ptr + o[:, None] * N + o[None, :])
    row = tl.load(y_ptr + o)
    _, wide = tl.broadcast(two_d, row)
    tl.static_assert(wide.shape == (N, N))
    tl.static_assert(tl.expand_dims(o, (0, -1)).shape == [1, N, 1])
    tl.static_assert(tl.expand_dims(o, (3, 1, 2)).shape == [N, 1, 1, 1])
    one = tl.sum(o)[None]  # a scalar indexed with None: a one-element tensor
    tl.static_assert(one.shape == [tl.constexpr(1)])
    tl.static_assert(isinstance(one, tl.tensor))
    v = 1  # a Python number is a scalar tensor to upstream
    tl.static_assert(v.dtype == tl.int32)
    full = tl.full([N], value=v, dtype=v.dtype)
    tl.store(y_ptr + o, (wide + full[None, :]).cast(tl.float32).sum(axis=0) + one)


# CHECK-LABEL: tt.func public @shapes
# CHECK: tt.splat %{{.*}} : i32 -> tensor<1xi32>
emit("shapes", shapes.warmup(Arr(), Arr(), N=32))


@triton_stub.jit
def scalar_pairs(x_ptr, a, b, y_ptr):
    pair = tl.join(tl.load(x_ptr), tl.load(x_ptr + 1))
    tl.static_assert(pair.shape == [2])
    first, second = tl.split(pair)
    tl.static_assert(first.shape == [])
    both = tl.interleave(a, b)
    tl.static_assert(both.shape == [tl.constexpr(2)])
    tl.store(y_ptr + tl.arange(0, 2), both + first * second)


# Scalars join as one-element tensors and split back through tt.unsplat.
# CHECK-LABEL: tt.func public @scalar_pairs
# CHECK: tt.join %{{.*}} : tensor<1xf32> -> tensor<1x2xf32>
# CHECK: tt.reshape %{{.*}} : tensor<1x2xf32> -> tensor<2xf32>
# CHECK: tt.split %{{.*}} : tensor<1x2xf32> -> tensor<1xf32>
# CHECK: tt.unsplat %{{.*}} : tensor<1xf32>
emit("scalar_pairs", scalar_pairs.warmup(Arr(), 10, 20, Arr()))


@triton_stub.jit
def fp8_abs(x_ptr, z_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    tl.store(z_ptr + o, tl.abs(tl.load(x_ptr + o)))


# torch's fp8 dtypes, and int8 memory reinterpreted as fp8, are fp8
# pointers; |x| of fp8 stays fp8 (the lowering clears the sign bit).
# CHECK: fp8 signature: {'x_ptr': '*fp8e4nv', 'z_ptr': '*fp8e5'}
sig, _, _, _ = fp8_abs.specialize((Arr("float8_e4m3fn"), Arr("float8_e5m2")), {"N": 256})
print("fp8 signature:", sig)
wrapped = triton_stub.reinterpret(Arr("int8"), tl.float8e4nv)
# CHECK-LABEL: tt.func public @fp8_abs
# CHECK: math.absf %{{.*}} : tensor<256xf8E4M3FN>
emit("fp8_abs", fp8_abs.warmup(wrapped, wrapped, N=256))
# CHECK: unwrapped: True
print("unwrapped:", triton_stub.reinterpret(wrapped, "int8").dtype == "int8")
# CHECK: float formats: 3 7 2 15 23
print("float formats:", tl.float8e4nv.fp_mantissa_width, tl.float8e4nv.exponent_bias,
      tl.float8e5.fp_mantissa_width, tl.float8e5.exponent_bias, tl.float32.fp_mantissa_width)

# Upstream's launch options are accepted: every program is one CTA.
# CHECK-LABEL: tt.func public @fp8_abs
emit("fp8_abs_options", fp8_abs.warmup(wrapped, wrapped, N=128, num_ctas=2,
                                       launch_cooperative_grid=True, maxnreg=128))


@triton_stub.jit
def bad_axis(x_ptr, N: tl.constexpr, AXES: tl.constexpr):
    tl.expand_dims(tl.arange(0, N), AXES)


@triton_stub.jit
def bad_op(z_ptr, x_ptr, y_ptr, OP: tl.constexpr):
    x = tl.load(x_ptr)
    y = tl.load(y_ptr)
    if OP == "%":
        tl.store(z_ptr, x % y)
    else:
        tl.store(z_ptr, x & y)


@triton_stub.jit
def bad_pid(x_ptr):
    tl.store(x_ptr, tl.program_id(3))


@triton_stub.jit
def bad_index(x_ptr):
    tl.arange(0, 16)[2:]


# Upstream's wording, which its tests match.
# CHECK: bad_axis: invalid axis -3: expand_dims's result has rank 2
error(bad_axis, Arr(), 8, -3)
# CHECK: bad_axis: expand_dims received duplicate axes, normalized axes = [0, 0]
error(bad_axis, Arr(), 8, (0, -3))
# CHECK: bad_op: Cannot use % with int32 and uint32 because they have different signedness
error(bad_op, Arr("int32"), Arr("int32"), Arr("uint32"), "%")
# CHECK: bad_op: invalid operands of type float32 and float32 for bitwise '&'
error(bad_op, Arr(), Arr(), Arr(), "&")
# CHECK: bad_pid: program_id axis must be 0, 1, or 2 but got 3
error(bad_pid, Arr("int32"))
# CHECK: bad_index: unsupported tensor index: 2: (only ':' and None)
error(bad_index, Arr())

# triton.compile on a TritonGPU IR file, as upstream's layout tests do: the
# layouts are kept, ttg.target is added when missing, every stage is in
# .asm and the kernel launches with the file's parameters.
ttgir = f"{OUT}/slice_sum.ttgir"
open(ttgir, "w").write("""
#lin = #ttg.linear<{register = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[32, 0], [0, 32]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @slice_sum(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %x = arith.constant dense<1.0> : tensor<16x16xf32, #lin>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %b : f32
      tt.reduce.return %v : f32
    }) : (tensor<16x16xf32, #lin>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %b : f32
      tt.reduce.return %v : f32
    }) : (tensor<16xf32, #ttg.slice<{dim = 1, parent = #lin}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
""")
k = triton_stub.compile(ttgir)
# CHECK: ttgir file: slice_sum ['*fp32', 'i32'] target added: True entry: True
print("ttgir file:", k.name, k.arg_types, "target added:", 'ttg.target = "cuda:90"' in k.asm["ttgir"],
      "entry:", ".entry slice_sum" in k.asm["ptx"])
open(f"{OUT}/slice_sum.ptx", "w").write(k.asm["ptx"])


@triton_stub.jit
def const_ptrs(in_ptr: tl.const, out, c_out: tl.const, choose, MODE: tl.constexpr):
    o = tl.arange(0, 16)
    val = tl.load(in_ptr + o)
    if MODE == "ok":
        dst = out
    elif MODE == "direct":
        dst = c_out
    elif MODE == "ternary":
        dst = c_out if choose > 0 else out
    else:
        if choose > 0:
            dst = c_out
        else:
            dst = out
    tl.store(dst + o, val)


# Pointers to constant data (`x: tl.const`): loads only, and upstream's
# errors where a const and a plain pointer meet under a runtime condition.
# CHECK-LABEL: tt.func public @const_ptrs
# CHECK: tt.load
emit("const_ptrs", const_ptrs.warmup(Arr(), Arr(), Arr(), 5, "ok"))
# CHECK: const_ptrs: Cannot store to a constant pointer
error(const_ptrs, Arr(), Arr(), Arr(), 5, "direct")
# CHECK: const_ptrs: Ternary expression with dynamic condition has inconsistent type: *const float32 and *float32
error(const_ptrs, Arr(), Arr(), Arr(), 5, "ternary")
# CHECK: const_ptrs: Mismatched type for dst between then block (*const float32) and else block (*float32)
error(const_ptrs, Arr(), Arr(), Arr(), 5, "if")


@triton_stub.jit
def literals(f_ptr, d_ptr, h_ptr, b_ptr, v, DT: tl.constexpr):
    big = 1e+50  # beyond f32: f64, as upstream types the literal
    tl.store(d_ptr.to(tl.pointer_type(big.dtype)), big)
    tl.store(f_ptr, float("-inf"))
    tl.store(h_ptr + tl.arange(0, 2), tl.where(tl.arange(0, 2) > 0, float("nan"),
                                               tl.full([2], 1, tl.float16)))
    tl.store(b_ptr, tl.full([], v, DT))  # shape [] is a scalar


# CHECK-LABEL: tt.func public @literals
# CHECK: arith.constant 1.000000e+50 : f64
# CHECK: arith.constant 0xFF800000 : f32
# CHECK: arith.constant 0x7E00 : f16
# CHECK-NOT: tt.splat %{{.*}} : bf16 -> bf16
emit("literals", literals.warmup(Arr(), Arr("float64"), Arr("float16"), Arr("bfloat16"), 3,
                                 tl.bfloat16))


@triton_stub.jit
def dot_types(a_ptr, b_ptr, i_ptr, o_ptr, f_ptr, OUT: tl.constexpr):
    r = tl.arange(0, 16)
    offs = r[:, None] * 16 + r[None, :]
    a = tl.load(a_ptr + offs)
    tl.store(o_ptr + offs, tl.dot(a, a, out_dtype=OUT))  # f32 operands: f32 always
    i = tl.load(i_ptr + offs)
    tl.store(i_ptr + offs, tl.dot(i, i, out_dtype=tl.int8).to(tl.int8))  # int8: int32
    h = tl.load(b_ptr + offs)
    b3 = tl.reshape(h, (1, 16, 16))
    tl.store(f_ptr + offs, tl.reshape(tl.dot(b3, b3, out_dtype=tl.float16), (16, 16)))


# As upstream, out_dtype applies to f16 and fp8 operands only; a batched
# dot accumulating in f16 runs on CUDA cores (3-D FMA lowering).
# CHECK-LABEL: tt.func public @dot_types
# CHECK: tt.dot {{.*}} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
# CHECK: tt.dot {{.*}} : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
# CHECK: tt.dot {{.*}} : tensor<1x16x16xf16> * tensor<1x16x16xf16> -> tensor<1x16x16xf16>
emit("dot_types", dot_types.warmup(Arr(), Arr("float16"), Arr("int8"), Arr(), Arr("float16"),
                                   tl.float16))


def name_of(spec):
    ty = spec.signature["v"]
    ones = "_".join(k for k, c in spec.constants.items() if c == 1)
    return f"kernel_{ty}_{ones}"


@triton_stub.jit(repr=name_of)
def named(v, one, x_ptr):
    tl.store(x_ptr, v + one) if v > 0 else tl.store(x_ptr, v)  # a void ternary


# jit(repr=) names each specialization; integers past 64 bits are an
# OverflowError and a warp count not a power of two an AssertionError, as
# upstream's launcher raises them; a statement ternary with a runtime
# condition is an scf.if.
# CHECK: repr names: kernel_i32_one kernel_u64_one
print("repr names:", named.warmup(5, 1, Arr()).name, named.warmup(2**63, 1, Arr()).name)
# CHECK-LABEL: tt.func public @kernel_i32_one
# CHECK: scf.if
print(named.warmup(5, 1, Arr()).asm.emitted)
for bad in (2**64, -2**63 - 1):
    try:
        named.warmup(bad, 1, Arr())
    except OverflowError as e:
        # CHECK: OverflowError: integer argument v = 18446744073709551616 does not fit in 64 bits
        # CHECK: OverflowError: integer argument v = -9223372036854775809 does not fit in 64 bits
        print("OverflowError:", e)
try:
    named.warmup(5, 1, Arr(), num_warps=3)
except AssertionError as e:
    # CHECK: AssertionError: num_warps=3 must be a power of 2
    print("AssertionError:", e)


@triton_stub.jit
def cuda_extras(t_ptr, s_ptr, n_ptr):
    start = tl.extra.cuda.globaltimer()
    tl.store(s_ptr, tl.extra.cuda.smid())
    n: tl.constexpr = tl.extra.cuda.num_threads()
    tl.store(n_ptr + tl.arange(0, n), n)
    tl.store(t_ptr, tl.extra.cuda.globaltimer() - start)


# tl.extra.cuda's special registers and the block's thread count (8 warps).
# CHECK: cuda extras: 2 1 256
k = cuda_extras.warmup(Arr("int64"), Arr("int32"), Arr("int32"), num_warps=8)
print("cuda extras:", k.asm["ptx"].count("%globaltimer;"), k.asm["ptx"].count("%smid;"),
      "256" if "tensor<256xi32>" in k.asm.emitted else "?")
open(f"{OUT}/cuda_extras.ptx", "w").write(k.asm["ptx"])


@triton_stub.jit
def fp8_matmul(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm, rn, rk = tl.arange(0, BM), tl.arange(0, BN), tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * BN + rn[None, :]  # B runs along N in memory
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), num_stages=3):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc=acc)
        a_ptrs += BK
        b_ptrs += BK * BN
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


# fp8 wgmma reads B K-major, so B's shared buffer runs along K while memory
# runs along N: cp.async would copy one byte at a time, so only A is
# copied asynchronously (two prologue copies and one in the loop for 3
# stages; this failed to lower before); upstream's arch= picks the target.
# CHECK: fp8 async copies: 3 target: cuda:90
k = fp8_matmul.warmup(Arr("float8_e5m2"), Arr("float8_e5m2"), Arr(), 256, 64, 64, 64, num_warps=4,
                      arch="sm90")
print("fp8 async copies:", k.asm["ttgir"].count("ttg.async_copy_global_to_local"),
      "target:", "cuda:90" if 'ttg.target = "cuda:90"' in k.asm["ttgir"] else "?")
open(f"{OUT}/fp8_matmul.ptx", "w").write(k.asm["ptx"])


@triton_stub.jit(noinline=True)
def store_zero(x_ptr):
    tl.store(x_ptr, 0)


@triton_stub.jit
def capped(x_ptr, n):
    store_zero(x_ptr)
    for i in tl.range(0, n, num_stages=None, loop_unroll_factor=None):
        print("i", i)  # Python's print is tl.device_print


# maxnreg= puts .maxnreg on the kernel's .entry only (not the .func it
# calls); Python's print in a kernel is tt.print; tl.range options left None
# are not emitted.
# CHECK: maxnreg: entry True func False
k = capped.warmup(Arr("int32"), 10, maxnreg=42)
print("maxnreg: entry", bool(re.search(r"\.visible \.entry [^{;]*\.maxnreg 42", k.asm["ptx"])),
      "func", bool(re.search(r"\.func [^{;]*\.maxnreg", k.asm["ptx"])))
# CHECK-LABEL: tt.func public @capped
# CHECK: tt.print " i"
# CHECK-NOT: num_stages
# CHECK-NOT: loop_unroll_factor
print(k.asm.emitted)
open(f"{OUT}/capped.ptx", "w").write(k.asm["ptx"])


@triton_stub.jit
def scaled(a_ptr, sa_ptr, b_ptr, sb_ptr, o_ptr, FA: tl.constexpr, FB: tl.constexpr):
    KA: tl.constexpr = 32 if FA == "e2m1" else 64
    KB: tl.constexpr = 32 if FB == "e2m1" else 64
    r = tl.arange(0, 64)
    a = tl.load(a_ptr + r[:, None] * KA + tl.arange(0, KA)[None, :])
    b = tl.load(b_ptr + tl.arange(0, KB)[:, None] * 64 + r[None, :])
    sa = None
    sb = None
    if sa_ptr is not None:  # `is` compares the Python objects, at compile time
        sa = tl.load(sa_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :])
    if sb_ptr is not None:
        sb = tl.load(sb_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :])
    tl.store(o_ptr + r[:, None] * 64 + r[None, :], tl.dot_scaled(a, sa, FA, b, sb, FB))


# tl.dot_scaled emits tt.dot_scaled as upstream's frontend does (uint8 fp8
# bitcast to its format, fp4 kept packed); the compiler decomposes it into
# upcasts and a wgmma dot.
# CHECK-LABEL: tt.func public @scaled
# CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
# CHECK: scaled e2m1 x bf16: wgmma True
k = scaled.warmup(Arr("uint8"), Arr("uint8"), Arr("bfloat16"), None, Arr(), "e2m1", "bf16")
emit("scaled_fp4_bf16", k)
print("scaled e2m1 x bf16: wgmma", "wgmma.mma_async" in k.asm["ptx"])
# CHECK-LABEL: tt.func public @scaled
# CHECK: tt.bitcast %{{.*}} : tensor<64x64xi8> -> tensor<64x64xf8E4M3FN>
# CHECK: tt.bitcast %{{.*}} : tensor<64x64xi8> -> tensor<64x64xf8E5M2>
# CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e4m3 rhs = e5m2
emit("scaled_fp8", scaled.warmup(Arr("uint8"), Arr("uint8"), Arr("uint8"), Arr("uint8"), Arr(),
                                 "e4m3", "e5m2"))
# CHECK: scaled: NYI: lhs_format e3m3 (tl.dot_scaled takes bf16, e2m1, e4m3, e5m2, fp16) | tl.store(
error(scaled, Arr("uint8"), Arr("uint8"), Arr("bfloat16"), None, Arr(), "e3m3", "bf16")
# CHECK: scaled: tl.dot_scaled: rhs in format bf16 must be bfloat16 or uint16, got float16
error(scaled, Arr("uint8"), Arr("uint8"), Arr("float16"), None, Arr(), "e2m1", "bf16")


@triton_stub.jit
def mul_add(data):
    ptrs = data + tl.arange(0, 128)
    tl.store(ptrs, tl.load(ptrs) * 1.5 + 1.0)


# enable_fp_fusion=False (or $TRITON_DEFAULT_FP_FUSION=0) keeps x * 1.5 + 1
# a multiply and an add, as upstream's test_enable_fp_fusion checks.
# CHECK: fp fusion False: fma False
# CHECK: fp fusion True: fma True
for fusion in (False, True):
    ptx = mul_add.warmup(Arr(), enable_fp_fusion=fusion).asm["ptx"]
    print(f"fp fusion {fusion}: fma", re.search(r"(mad|fma)\.r[nzmp]\.(ftz\.)?f32", ptx) is not None)
    open(f"{OUT}/mul_add_{fusion}.ptx", "w").write(ptx)


@triton_stub.jit
def return_poison(x):
    a = False
    if a:
        return x


@triton_stub.jit
def poison(out):
    tl.store(out, return_poison(0))


# A function whose only return a static condition skips returns ub.poison of
# the type that return would have had (the constant 0 as an i32), as
# upstream's test_poison_return expects; the store stays in the PTX.
# CHECK-LABEL: tt.func public @poison
# CHECK: %[[P:.*]] = ub.poison : i32
# CHECK: tt.store %arg0, %[[P]] : !tt.ptr<i32>
# CHECK: poison store: True
k = poison.warmup(Arr("int32"))
print(k.asm.emitted)
print("poison store:", "st.global.b32 [%rd" in k.asm["ptx"])
open(f"{OUT}/poison.ptx", "w").write(k.asm["ptx"])
