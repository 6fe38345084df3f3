"""`triton.language.core`: the builtins kernels call (`tl.load`, `tl.store`,
`tl.dot`, `tl.arange`, `tl.zeros`, `tl.where`, ...), as upstream lays them
out, with the types they take and return (`language/types.py`).

Builtins take the code generator's builder as `_builder`; called outside a
`@triton_stub.jit` function they raise. Each emits its ops through the
builder as `Op` objects (`triton_stub/ir.py`).
"""

import builtins

from .types import (
    constexpr,
    const,
    dtype,
    pointer_type,
    block_type,
    tensor,  # noqa: F401
    tensor_descriptor,
    is_block_pointer,
    int1,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
    float16,
    bfloat16,
    float32,
    float64,
    float8e4nv,
    float8e5,
    ir_type,
    CONSTEXPR_0,
    SIGNATURE_TYPES,
    get_int_dtype,
    parse_signature_type,
    parse_descriptor_signature,
    split_tuple_signature,
    shape_tuple,
)
from . import types as core_types
from .. import semantic
from .. import blocks
from ..ir import Op

pi32_t = pointer_type(int32)  # upstream's name for a pointer to int32

bool_ = int1


def _unwrap(v):
    if isinstance(v, constexpr):
        return _unwrap(v.value)
    if isinstance(v, (tuple, list)):
        return type(v)(_unwrap(x) for x in v)
    return v


def builtin(fn):
    def wrapper(*args, _builder=None, **kwargs):
        if _builder is None:
            raise RuntimeError(f"tl.{fn.__name__} can only be called inside a " "@triton_stub.jit function")
        args = [_unwrap(a) for a in args]
        kwargs = {k: _unwrap(v) for k, v in kwargs.items()}
        return fn(_builder, *args, **kwargs)

    wrapper.__name__ = fn.__name__
    wrapper.__triton_builtin__ = True
    return wrapper


def constexpr_function(fn):
    """`@triton.constexpr_function`: a plain Python function a kernel may
    call on compile-time values; it runs while the kernel is compiled and
    its result is a constexpr."""
    fn.__triton_constexpr_function__ = True
    return fn


@builtin
def program_id(b, axis):
    return semantic.program_id(b, axis)


@builtin
def num_programs(b, axis):
    return semantic.num_programs(b, axis)


@builtin
def arange(b, start, end):
    return semantic.arange(b, start, end)


@builtin
def zeros(b, shape, dtype):
    return semantic.full(b, shape, 0, dtype)


@builtin
def full(b, shape, value, dtype):
    return semantic.full(b, shape, value, dtype)


@builtin
def load(
    b,
    pointer,
    mask=None,
    other=None,
    boundary_check=(),
    padding_option="",
    cache_modifier="",
    eviction_policy="",
    volatile=False,
):
    if isinstance(pointer, tensor) and is_block_pointer(pointer.dtype):
        return blocks.load_block(
            b, pointer, mask, other, boundary_check, padding_option, cache_modifier, eviction_policy, volatile
        )
    if boundary_check or padding_option:
        semantic.error("boundary_check and padding_option are for block pointers " "(tl.make_block_ptr)")
    return semantic.load(b, pointer, mask, other, cache_modifier, eviction_policy, volatile)


@builtin
def store(b, pointer, value, mask=None, boundary_check=(), cache_modifier="", eviction_policy=""):
    if isinstance(pointer, tensor) and is_block_pointer(pointer.dtype):
        return blocks.store_block(b, pointer, value, mask, boundary_check, cache_modifier, eviction_policy)
    if boundary_check:
        semantic.error("boundary_check is for block pointers (tl.make_block_ptr)")
    return semantic.store(b, pointer, value, mask, cache_modifier, eviction_policy)


@builtin
def make_block_ptr(b, base, shape, strides, offsets, block_shape, order):
    """A block pointer (`tt.make_tensor_ptr`): the block of `block_shape` at
    `offsets` of the strided tensor (`shape`, `strides`) at `base`."""
    return blocks.make_block_ptr(b, base, shape, strides, offsets, block_shape, order)


@builtin
def advance(b, base, offsets):
    """The block pointer `base` moved by `offsets` (`tt.advance`)."""
    return blocks.advance(b, base, offsets)


@builtin
def make_tensor_descriptor(b, base, shape, strides, block_shape, padding_option="zero"):
    """A tensor descriptor (`tt.make_tensor_descriptor`) of the strided tensor
    at `base`, read and written `block_shape` blocks at a time."""
    return blocks.make_tensor_descriptor(b, base, shape, strides, block_shape, padding_option)


@builtin
def load_tensor_descriptor(b, desc, offsets):
    return blocks.descriptor_load(b, desc, offsets)


@builtin
def store_tensor_descriptor(b, desc, offsets, value):
    return blocks.descriptor_store(b, desc, offsets, value)


@builtin
def where(b, condition, x, y):
    return semantic.where(b, condition, x, y)


class PropagateNan:
    """`propagate_nan` of tl.maximum/minimum/clamp: NONE (a NaN operand
    loses to a number, maxnum) or ALL (NaN wins, maximumf)."""

    NONE = 0
    ALL = 0xFFFF


def _propagates_nan(value, who):
    if value in (PropagateNan.NONE, None, False) or str(value).lower() == "none":
        return False
    if value == PropagateNan.ALL or str(value).lower() == "all":
        return True
    semantic.error(f"{who}: propagate_nan must be PropagateNan.NONE or ALL, got {value}")


@builtin
def minimum(b, x, y, propagate_nan=PropagateNan.NONE):
    return semantic.minmax(b, x, y, False, _propagates_nan(propagate_nan, "tl.minimum"))


@builtin
def maximum(b, x, y, propagate_nan=PropagateNan.NONE):
    return semantic.minmax(b, x, y, True, _propagates_nan(propagate_nan, "tl.maximum"))


def _math(name, op):
    @builtin
    def fn(b, x):
        return semantic.unary_math(b, op, x)

    fn.__name__ = name
    return fn


exp = _math("exp", "exp")
exp2 = _math("exp2", "exp2")
log = _math("log", "log")
log2 = _math("log2", "log2")
sqrt = _math("sqrt", "sqrt")
rsqrt = _math("rsqrt", "rsqrt")
sin = _math("sin", "sin")
cos = _math("cos", "cos")
floor = _math("floor", "floor")
ceil = _math("ceil", "ceil")
erf = _math("erf", "erf")
log1p = _math("log1p", "log1p")


@builtin
def div_rn(b, x, y):
    """Division rounded to nearest (IEEE), `tt.precise_divf`."""
    x, y, dt, shape = semantic.binary_operands(b, x, y)
    if not dt.is_floating():
        semantic.error("tl.math.div_rn needs floating-point operands")
    return b.op(f"tt.precise_divf {x.name}, {y.name}", x.type, dt, shape)


@builtin
def sqrt_rn(b, x):
    """Square root rounded to nearest (IEEE), `tt.precise_sqrt`."""
    x = semantic.to_tensor(b, x)
    if not x.dtype.is_floating():
        semantic.error("tl.math.sqrt_rn needs a floating-point argument")
    return b.op(f"tt.precise_sqrt {x.name}", x.type, x.dtype, x.shape)


@builtin
def fdiv(b, x, y, ieee_rounding=False):
    """Float division: `div_rn` when `ieee_rounding`, else Triton's `/`."""
    if ieee_rounding:
        return div_rn(x, y, _builder=b)
    x, y, dt, shape = semantic.binary_operands(b, x, y)
    if not dt.is_floating():
        semantic.error("tl.math.fdiv needs floating-point operands")
    return b.op(f"arith.divf {x.name}, {y.name}", x.type, dt, shape)


@builtin
def inline_asm_elementwise(b, asm, constraints, args, dtype, is_pure, pack):
    """`tt.elementwise_inline_asm`: `asm` run on `pack` elements of every
    argument at a time (broadcast to one shape); one result per dtype."""
    args = [semantic.to_tensor(b, a) for a in (args if isinstance(args, (list, tuple)) else [args])]
    shape = ()
    for a in args:
        shape = semantic.broadcast_shapes(shape, a.shape)
    args = [semantic.broadcast_to(b, a, shape) if shape else a for a in args]
    dtypes = list(dtype) if isinstance(dtype, (list, tuple)) else [dtype]
    types = [core_types.ir_type(dt, shape) for dt in dtypes]
    head = f"tt.elementwise_inline_asm {_mlir_string(asm)}"
    attrs = {
        "constraints": _mlir_string(constraints),
        "packed_element": f"{int(pack)} : i32",
        "pure": "true" if is_pure else "false",
    }
    # The assembly format puts the arguments and their types after the
    # attributes: `attr-dict ($args `:` type($args))? `->` type($result)`.
    tail = f" {', '.join(a.name for a in args)} : {', '.join(a.type for a in args)}" if args else ""
    tail += f" -> {', '.join(types)}"
    if len(dtypes) == 1:
        return b.op(head, "", dtypes[0], shape, attrs=attrs, tail=tail)
    name = b.op_results(len(dtypes), head, "", attrs=attrs, tail=tail)
    return tuple(tensor(f"{name}#{k}", dt, shape) for k, dt in enumerate(dtypes))


def _mlir_string(text):
    """A Python string as an MLIR string literal."""
    out = []
    for ch in str(text):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 32:
            out.append(f"\\{ord(ch):02X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


@builtin
def abs(b, x):
    x = semantic.to_tensor(b, x)
    op = "math.absf" if x.dtype.is_floating() else "math.absi"
    return b.op(f"{op} {x.name}", x.type, x.dtype, x.shape)


@builtin
def sigmoid(b, x):
    x = semantic.to_tensor(b, x)
    e = semantic.unary_math(b, "exp", semantic.neg(b, x))
    return semantic.truediv(b, 1.0, semantic.add(b, 1.0, e))


@builtin
def cdiv(b, x, div):
    if not isinstance(x, tensor) and not isinstance(div, tensor):
        return (x + div - 1) // div
    return semantic.floordiv(b, semantic.add(b, semantic.add(b, x, div), -1), div)


@builtin
def sum(b, input, axis=None, keep_dims=False, dtype=None):
    if dtype is not None:
        input = semantic.cast(b, semantic.to_tensor(b, input), dtype)
    return semantic.reduce(b, input, axis, "sum", keep_dims)


@builtin
def max(b, input, axis=None, return_indices=False, return_indices_tie_break_left=True, keep_dims=False):
    """The largest element along `axis`; with `return_indices`, (value,
    index), ties to the first index unless `return_indices_tie_break_left`
    is False."""
    if return_indices:
        return semantic.argreduce(b, input, axis, True, keep_dims, return_indices_tie_break_left, with_value=True)
    return semantic.reduce(b, input, axis, "max", keep_dims)


@builtin
def min(b, input, axis=None, return_indices=False, return_indices_tie_break_left=True, keep_dims=False):
    """The smallest element along `axis`; `return_indices` as for tl.max."""
    if return_indices:
        return semantic.argreduce(b, input, axis, False, keep_dims, return_indices_tie_break_left, with_value=True)
    return semantic.reduce(b, input, axis, "min", keep_dims)


@builtin
def cast(b, input, dtype, fp_downcast_rounding=None, bitcast=False):
    """`tl.cast(x, dtype)` and `x.to(dtype)`, as upstream: with `bitcast`, a
    bit-preserving tt.bitcast between types of one width; else a value
    conversion, float narrowing rounded as `fp_downcast_rounding` asks."""
    x = semantic.to_tensor(b, input)
    dt = dtype
    if bitcast:
        if dt.bits != x.dtype.bits:
            semantic.error(f"cannot bitcast {x.dtype.name} to {dt.name}: " f"{x.dtype.bits} bits to {dt.bits}")
        return x if dt.name == x.dtype.name else semantic.bitcast(b, x, dt)
    if fp_downcast_rounding is not None:
        if fp_downcast_rounding not in ("rtne", "rtz"):
            semantic.error("fp_downcast_rounding must be 'rtne' or 'rtz', got " f"{fp_downcast_rounding!r}")
        if not (x.dtype.is_floating() and dt.is_floating() and dt.bits < x.dtype.bits):
            semantic.error("fp_downcast_rounding applies to float narrowing only, not " f"{x.dtype.name} to {dt.name}")
        return b.op(
            f"tt.fp_to_fp {x.name}, rounding = {fp_downcast_rounding}",
            f"{x.type} -> {core_types.ir_type(dt, x.shape)}",
            dt,
            x.shape,
        )
    return semantic.cast(b, x, dt)


@builtin
def xor_sum(b, input, axis=None, keep_dims=False):
    """The xor of the elements along `axis`, in their own type (integers
    and booleans only, as upstream)."""
    x = semantic.to_tensor(b, input)
    if not (x.dtype.is_int() or x.dtype.is_bool()):
        semantic.error("xor_sum only supported for integers")
    return semantic.reduce(b, x, axis, "xor_sum", keep_dims)


@builtin
def softmax(b, x, dim=None, keep_dims=False, ieee_rounding=False):
    """exp(x - max) / sum, along `dim` (all elements when None), as
    upstream's standard library writes it."""
    x = semantic.to_tensor(b, x)
    if dim is None and len(x.shape) > 1:
        semantic.error("tl.softmax without dim needs a 1-D tensor")
    dim = 0 if dim is None else dim
    z = semantic.add(b, x, semantic.reduce(b, x, dim, "max", True), sub=True)
    num = semantic.unary_math(b, "exp", z)
    den = semantic.reduce(b, num, dim, "sum", True)
    return fdiv(num, den, ieee_rounding, _builder=b)


@builtin
def reshape(b, input, *shape, can_reorder=False):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return semantic.reshape(b, semantic.to_tensor(b, input), tuple(shape), can_reorder)


@builtin
def argmax(b, input, axis, tie_break_left=True, keep_dims=False):
    return semantic.argreduce(b, input, axis, True, keep_dims, tie_break_left)


@builtin
def argmin(b, input, axis, tie_break_left=True, keep_dims=False):
    return semantic.argreduce(b, input, axis, False, keep_dims, tie_break_left)


@builtin
def cumsum(b, input, axis=0, reverse=False):
    return semantic.scan(b, input, axis, "cumsum", reverse)


@builtin
def cumprod(b, input, axis=0, reverse=False):
    return semantic.scan(b, input, axis, "cumprod", reverse)


@builtin
def dot(b, input, other, acc=None, input_precision=None, allow_tf32=None, max_num_imprecise_acc=None, out_dtype=None):
    if input_precision is None and allow_tf32 is False:
        input_precision = "ieee"
    return semantic.dot(b, input, other, acc, input_precision, out_dtype, max_num_imprecise_acc)


@builtin
def dot_scaled(
    b,
    lhs,
    lhs_scale,
    lhs_format,
    rhs,
    rhs_scale,
    rhs_format,
    acc=None,
    fast_math=False,
    lhs_k_pack=True,
    rhs_k_pack=True,
    out_dtype=None,
):
    """lhs * 2^(lhs_scale - 127) @ rhs * 2^(rhs_scale - 127) + acc, each e8m0
    scale covering 32 elements along K (OCP microscaling)."""
    c = lambda v: v.value if isinstance(v, constexpr) else v
    return semantic.dot_scaled(
        b,
        lhs,
        lhs_scale,
        lhs_format,
        rhs,
        rhs_scale,
        rhs_format,
        acc,
        bool(c(fast_math)),
        bool(c(lhs_k_pack)),
        bool(c(rhs_k_pack)),
        out_dtype,
    )


@builtin
def trans(b, input, *dims):
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    return semantic.trans(b, input, dims or None)


def _atomic(kind):
    @builtin
    def fn(b, pointer, val, mask=None, sem=None, scope=None):
        return semantic.atomic_rmw(b, kind, pointer, val, mask, sem, scope)

    fn.__name__ = f"atomic_{kind}"
    return fn


atomic_add = _atomic("add")
atomic_max = _atomic("max")
atomic_min = _atomic("min")
atomic_and = _atomic("and")
atomic_or = _atomic("or")
atomic_xor = _atomic("xor")
atomic_xchg = _atomic("xchg")


@builtin
def atomic_cas(b, pointer, cmp, val, sem=None, scope=None):
    return semantic.atomic_cas(b, pointer, cmp, val, sem, scope)


@builtin
def multiple_of(b, input, values):
    return semantic.hint(b, input, "tt.divisibility", values)


@builtin
def max_contiguous(b, input, values):
    return semantic.hint(b, input, "tt.contiguity", values)


@builtin
def max_constancy(b, input, values):
    return semantic.hint(b, input, "tt.constancy", values)


def static_range(*args):
    """`for i in tl.static_range(n)`: unrolled at compile time."""
    import builtins

    return builtins.range(*args)


# --- more of upstream's names (issue 16) -------------------------------------


@builtin
def static_assert(b, cond, msg=""):
    """Checked at compile time: a CompilationError when `cond` is false."""
    if isinstance(cond, tensor):
        semantic.error("tl.static_assert needs a compile-time condition")
    if not cond:
        semantic.error(f"static_assert failed: {msg}" if msg else "static_assert failed")


@builtin
def static_print(b, *values, **_):
    print(*values)


@builtin
def debug_barrier(b):
    """A barrier among the program's threads (gpu.barrier)."""
    b.void("gpu.barrier")


@builtin
def expand_dims(b, input, axis):
    x = semantic.to_tensor(b, input)
    axes = [a.value if isinstance(a, constexpr) else a for a in (axis if isinstance(axis, (tuple, list)) else [axis])]
    rank = len(x.shape) + len(axes)  # axes count in the result's dimensions
    for a in axes:
        if not -rank <= a < rank:
            raise semantic.CompilationError(f"invalid axis {a}: expand_dims's result has rank {rank}")
    axes = sorted(a + rank if a < 0 else a for a in axes)
    if len(set(axes)) != len(axes):
        raise semantic.CompilationError(f"expand_dims received duplicate axes, normalized axes = {axes}")
    for a in axes:
        x = semantic.expand_dims(b, x, a)
    return x


@builtin
def broadcast_to(b, input, *shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return semantic.broadcast_to(b, semantic.to_tensor(b, input), list(shape))


@builtin
def broadcast(b, input, other):
    """Both operands broadcast to their common shape (upstream's tl.broadcast)."""
    x, y = semantic.to_tensor(b, input), semantic.to_tensor(b, other)
    shape = list(semantic.broadcast_shapes(x.shape, y.shape))
    return semantic.broadcast_to(b, x, shape), semantic.broadcast_to(b, y, shape)


@builtin
def permute(b, input, *dims):
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    return semantic.trans(b, input, dims)


@builtin
def zeros_like(b, input):
    return semantic.full(b, list(input.shape), 0, input.dtype)


@builtin
def full_like(b, input, value):
    return semantic.full(b, list(input.shape), value, input.dtype)


@builtin
def umulhi(b, x, y):
    x, y, _, _ = semantic.binary_operands(b, x, y)
    if x.dtype.is_floating():
        semantic.error("tl.umulhi needs integers")
    return b.op(f"tt.mulhiui {x.name}, {y.name}", x.type, x.dtype, x.shape)


@builtin
def fma(b, x, y, z):
    x, y, _, _ = semantic.binary_operands(b, x, y)
    x, z, _, shape = semantic.binary_operands(b, x, z)
    y, _, _, _ = semantic.binary_operands(b, y, z)
    if not x.dtype.is_floating():
        semantic.error("tl.fma needs floating-point arguments")
    return b.op(f"math.fma {x.name}, {y.name}, {z.name}", x.type, x.dtype, x.shape)


class _MathNamespace:
    """`tl.math.exp(x)` and the other math functions under their module."""

    def __getattr__(self, name):
        fn = globals().get(name)
        if fn is None or not getattr(fn, "__triton_builtin__", False):
            raise AttributeError(f"tl.math has no function '{name}'")
        return fn


math = _MathNamespace()


class range:
    """`for i in tl.range(lo, hi, step, num_stages=...)`: an scf.for like
    Python's range, with upstream's loop attributes (`tt.num_stages`, which
    the pipeliner honours, `tt.loop_unroll_factor`, `tt.flatten`, ...)."""

    ATTRIBUTES = {
        "num_stages": "tt.num_stages",
        "loop_unroll_factor": "tt.loop_unroll_factor",
        "disallow_acc_multi_buffer": "tt.disallow_acc_multi_buffer",
        "flatten": "tt.flatten",
        "warp_specialize": "tt.warp_specialize",
    }

    def __init__(self, *args, **kwargs):
        raise RuntimeError("tl.range is for loops inside @triton_stub.jit functions")


def reduce(input, axis, combine_fn, keep_dims=False):
    """`tl.reduce(x, axis, combine_fn)`: generated by the code generator (the
    combine function is inlined into tt.reduce's region)."""
    raise RuntimeError("tl.reduce is for @triton_stub.jit functions")


def associative_scan(input, axis, combine_fn, reverse=False):
    """`tl.associative_scan(x, axis, combine_fn)`: tt.scan, likewise."""
    raise RuntimeError("tl.associative_scan is for @triton_stub.jit functions")


@builtin
def join(b, a, c):
    """tt.join: a new minor dimension of 2 holding `a` and `c`."""
    a, c, dt, shape = semantic.binary_operands(b, a, c)
    if not shape:  # two scalars: joined as one-element tensors, then flattened
        a, c = semantic.expand_dims(b, a, 0), semantic.expand_dims(b, c, 0)
        return semantic.reshape(b, join(a, c, _builder=b), [2])
    out = tuple(shape) + (2,)
    return b.op(f"tt.join {a.name}, {c.name}", f"{a.type} -> {core_types.ir_type(dt, out)}", dt, out)


@builtin
def split(b, a):
    """tt.split: the two halves of a minor dimension of 2."""
    a = semantic.to_tensor(b, a)
    if not a.shape or a.shape[-1] != 2:
        semantic.error(f"tl.split needs a last dimension of 2, got {list(a.shape)}")
    if len(a.shape) == 1:  # two scalars: split as [1, 2], then unsplat
        halves = split(semantic.expand_dims(b, a, 0), _builder=b)
        return tuple(b.op(f"tt.unsplat {h.name}", h.type, a.dtype, ()) for h in halves)
    shape = tuple(a.shape[:-1])
    name = b.op_results(2, f"tt.split {a.name}", f"{a.type} -> {core_types.ir_type(a.dtype, shape)}")
    return tensor(f"{name}#0", a.dtype, shape), tensor(f"{name}#1", a.dtype, shape)


@builtin
def interleave(b, a, c):
    """Element-wise alternation of `a` and `c` along the last dimension."""
    j = join(a, c, _builder=b)
    if len(j.shape) == 1:  # of two scalars: already [a, c]
        return j
    shape = list(j.shape[:-2]) + [j.shape[-2] * 2]
    return semantic.reshape(b, j, shape)


@builtin
def cat(b, input, other, can_reorder=False):
    if not can_reorder:
        semantic.error("tl.cat may reorder elements: pass can_reorder=True")
    x, y = semantic.to_tensor(b, input), semantic.to_tensor(b, other)
    if x.type != y.type or len(x.shape) != 1:
        semantic.error("tl.cat needs two 1-D tensors of one type")
    out = (x.shape[0] * 2,)
    return b.op(f"tt.cat {x.name}, {y.name}", f"{x.type} -> {core_types.ir_type(x.dtype, out)}", x.dtype, out)


@builtin
def ravel(b, x, can_reorder=False):
    x = semantic.to_tensor(b, x)
    return semantic.reshape(b, x, (semantic.numel(x.shape),), allow_reorder=can_reorder)


@builtin
def clamp(b, x, min, max, propagate_nan=PropagateNan.NONE):
    x, lo, _, _ = semantic.binary_operands(b, x, min)
    x, hi, dt, shape = semantic.binary_operands(b, x, max)
    lo, _, _, _ = semantic.binary_operands(b, lo, x)
    if dt.is_floating():
        nan = "all" if _propagates_nan(propagate_nan, "tl.clamp") else "none"
        return b.op(f"tt.clampf {x.name}, {lo.name}, {hi.name}, propagateNan = {nan}", x.type, dt, shape)
    return semantic.minmax(b, semantic.minmax(b, x, lo, True), hi, False)


@builtin
def swizzle2d(b, i, j, size_i, size_j, size_g):
    """Upstream's grouped program ordering: (i, j) of a size_i x size_j grid
    remapped so that groups of size_g rows are walked column by column."""
    S = semantic

    def op(f, py):  # Python arithmetic when both sides are plain integers
        return lambda x, y: py(x, y) if isinstance(x, int) and isinstance(y, int) else f(x, y)

    mul = op(lambda x, y: S.mul(b, x, y), lambda x, y: x * y)
    add = op(lambda x, y: S.add(b, x, y), lambda x, y: x + y)
    sub = op(lambda x, y: S.add(b, x, y, sub=True), lambda x, y: x - y)
    div = op(lambda x, y: S.floordiv(b, x, y), lambda x, y: x // y)
    mod = op(lambda x, y: S.mod(b, x, y), lambda x, y: x % y)
    least = op(lambda x, y: S.minmax(b, x, y, False), lambda x, y: x if x < y else y)
    ij = add(mul(i, size_j), j)
    size_gj = mul(size_g, size_j)
    group = div(ij, size_gj)
    off_i = mul(group, size_g)
    size_g = least(sub(size_i, off_i), size_g)
    ij = mod(ij, size_gj)
    return add(off_i, mod(ij, size_g)), div(ij, size_g)


@builtin
def device_print(b, prefix, *args, hex=False):
    """tt.print: the prefix, then each value per element, from every thread."""
    values = [semantic.to_tensor(b, a) for a in args]
    signed = ", ".join("1" if v.dtype.is_int() and v.dtype.signed else "0" for v in values)
    attrs = {"hex": str(bool(hex)).lower(), "isSigned": f"array<i32: {signed}>" if values else "array<i32>"}
    # `$prefix attr-dict `:` ($args^ `:` type($args))?`: the values follow the
    # attributes' colon.
    b.lines.append(
        Op(
            f'tt.print " {prefix}"',
            "",
            "",
            attrs,
            " : " + (", ".join(v.name for v in values) + " : " + ", ".join(v.type for v in values) if values else ""),
            b.loc(),
            b.indent,
        )
    )


@builtin
def device_assert(b, cond, msg=""):
    """tt.assert: the kernel stops with `msg` where `cond` is false."""
    c = semantic.to_tensor(b, cond)
    if not c.dtype.is_bool():
        c = semantic.cast(b, c, int1)
    msg = str(msg).replace('"', "'")
    b.void(f'tt.assert {c.name}, "{msg}"', c.type)


@builtin
def gather(b, src, index, axis):
    """tt.gather: out[..., i, ...] = src[..., index[..., i, ...], ...] along
    `axis`; `index` has src's rank and its result shape."""
    src, index = semantic.to_tensor(b, src), semantic.to_tensor(b, index)
    if len(src.shape) != len(index.shape):
        semantic.error(f"tl.gather: index rank {len(index.shape)} differs from the " f"source's {len(src.shape)}")
    if not index.dtype.is_int():
        semantic.error("tl.gather needs an integer index")
    axis = axis + len(src.shape) if axis < 0 else axis
    out_type = core_types.ir_type(src.dtype, index.shape)
    return b.op(
        f"tt.gather {src.name}[{index.name}]",
        f"({src.type}, {index.type}) -> {out_type}",
        src.dtype,
        index.shape,
        attrs={"axis": f"{axis} : i32"},
    )


@builtin
def histogram(b, input, num_bins, mask=None):
    """tt.histogram: counts of each value in [0, num_bins) over a 1-D
    integer tensor (values outside count nowhere)."""
    x = semantic.to_tensor(b, input)
    if len(x.shape) != 1 or not x.dtype.is_int():
        semantic.error("tl.histogram needs a 1-D integer tensor")
    if mask is not None:
        # Masked-off values go out of range, so they count nowhere.
        x = semantic.where(b, mask, x, -1)
    out = (int(num_bins),)
    return b.op(
        f"tt.histogram {x.name}", f"{x.type} -> {core_types.ir_type(core_types.int32, out)}", core_types.int32, out
    )


# --- random numbers: upstream's Philox 4x32 (triton/language/random.py) -----

_PHILOX_KEY_A, _PHILOX_KEY_B = 0x9E3779B9, 0xBB67AE85
_PHILOX_ROUND_A, _PHILOX_ROUND_B = 0xD2511F53, 0xCD9E8D57


def _philox(b, seed, c0, c1, c2, c3, n_rounds):
    S = semantic

    def u32(v):
        return S.constant(b, v, uint32)

    seed = S.cast(b, S.to_tensor(b, seed), uint64)
    k1 = S.cast(b, S.bitwise(b, S.shift(b, seed, 32, False), 0xFFFFFFFF, "&"), uint32)
    k0 = S.cast(b, S.bitwise(b, seed, 0xFFFFFFFF, "&"), uint32)
    for _ in builtins.range(int(n_rounds)):
        _c0, _c2 = c0, c2
        c0 = S.bitwise(b, S.bitwise(b, umulhi(u32(_PHILOX_ROUND_B), _c2, _builder=b), c1, "^"), k0, "^")
        c2 = S.bitwise(b, S.bitwise(b, umulhi(u32(_PHILOX_ROUND_A), _c0, _builder=b), c3, "^"), k1, "^")
        c1 = S.mul(b, u32(_PHILOX_ROUND_B), _c2)
        c3 = S.mul(b, u32(_PHILOX_ROUND_A), _c0)
        k0 = S.add(b, k0, u32(_PHILOX_KEY_A))
        k1 = S.add(b, k1, u32(_PHILOX_KEY_B))
    return c0, c1, c2, c3


@builtin
def randint4x(b, seed, offset, n_rounds=10):
    """Four blocks of random uint32 from (seed, offset), as upstream."""
    offset = semantic.to_tensor(b, offset)
    if offset.dtype.bits != 32:
        semantic.error("tl.randint4x: offsets must be 32-bit integers")
    c0 = semantic.cast(b, offset, uint32)
    zero = semantic.full(b, list(c0.shape), 0, uint32) if c0.shape else semantic.constant(b, 0, uint32)
    return _philox(b, seed, c0, zero, zero, zero, n_rounds)


@builtin
def randint(b, seed, offset, n_rounds=10):
    return randint4x(seed, offset, n_rounds, _builder=b)[0]


def _uniform(b, x):
    """uint32 to a float in [0, 1), as upstream's uint_to_uniform_float."""
    x = semantic.bitcast(b, x, int32)
    neg = semantic.compare(b, x, 0, "<")
    x = semantic.where(b, neg, semantic.add(b, semantic.neg(b, x), 1, sub=True), x)
    return semantic.mul(b, semantic.cast(b, x, float32), 4.6566127342e-10)


@builtin
def rand(b, seed, offset, n_rounds=10):
    """Uniform floats in [0, 1) from (seed, offset)."""
    return _uniform(b, randint(seed, offset, n_rounds, _builder=b))


@builtin
def randn(b, seed, offset, n_rounds=10):
    """Normal floats from (seed, offset): Box-Muller on two uniforms."""
    i1, i2, _, _ = randint4x(seed, offset, n_rounds, _builder=b)
    u1 = semantic.minmax(b, _uniform(b, i1), 1.0e-7, True)
    th = semantic.mul(b, _uniform(b, i2), 6.283185307179586)
    r = semantic.unary_math(b, "sqrt", semantic.mul(b, semantic.unary_math(b, "log", u1), -2.0))
    return semantic.mul(b, r, semantic.unary_math(b, "cos", th))


@builtin
def flip(b, x, dim=None):
    """The elements of `x` in reverse order along `dim` (the last one by
    default), as upstream: that dimension split into size-2 axes, and each
    element swapped with its partner along every one of them (the index
    bits complemented one by one, see _partner)."""
    x = semantic.to_tensor(b, x)
    if not x.shape:
        semantic.error("tl.flip needs a tensor")
    if not (x.dtype.is_floating() or x.dtype.is_int() or x.dtype.is_bool()):
        semantic.error(f"tl.flip needs a tensor of numbers, not {x.dtype.name}")
    rank = len(x.shape)
    dim = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)
    if not 0 <= dim < rank:
        semantic.error(f"tl.flip: dim {dim} is out of range for rank {rank}")
    steps = _log2_exact(x.shape[dim], "tl.flip")
    if steps == 0:
        return x
    shape = tuple(x.shape)
    y = semantic.reshape(b, _as_int(b, x), shape[:dim] + (2,) * steps + shape[dim + 1 :])
    for i in builtins.range(steps):
        y = _partner(b, y, dim + i)
    return _as_int(b, semantic.reshape(b, y, shape), x.dtype)


def _last_dim(b, x, dim, who, verb):
    """`x` as a tensor and `dim` normalized, which must be its last
    dimension (tl.sort and tl.topk work only there, as upstream's)."""
    x = semantic.to_tensor(b, x)
    if not x.shape:
        semantic.error(f"{who} needs a tensor")
    rank = len(x.shape)
    dim = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)
    if dim != rank - 1:
        semantic.error(f"{who} {verb} along the last dimension only")
    return x, dim


def _log2_exact(n, who):
    """log2 of `n`, a compile-time power of two (`who` names the caller in
    the error otherwise)."""
    if not isinstance(n, int) or n <= 0 or n & (n - 1):
        semantic.error(f"{who} needs a constexpr power of two, got {n}")
    return n.bit_length() - 1


def _indicator(b, n_dims, j):
    """arange(0, 2) on hypercube axis n_dims - 1 - j, size 1 elsewhere: 1
    where an element is the upper one of its pair along that axis."""
    shape = (1,) * (n_dims - j - 1) + (2,) + (1,) * j
    return semantic.reshape(b, semantic.arange(b, 0, 2), shape)


def _as_int(b, x, dt=None):
    """`x` bitcast to the signed integer type of its width (or to `dt`);
    `x` itself when it has that type already."""
    dt = dt or core_types.get_int_dtype(x.dtype.bits, True)
    return x if x.dtype.name == dt.name else semantic.bitcast(b, x, dt)


def _partner(b, h, axis):
    """Each element of the integer hypercube `h` replaced by its partner
    along `axis` (size 2): h ^ xor_sum(h, axis), as upstream; the two XORs
    fold away and the reduction is a shuffle or a register move."""
    return semantic.bitwise(b, h, semantic.reduce(b, h, axis, "xor_sum", True), "^")


def _merge_hypercube(b, h, stage, order, n_dims):
    """`stage` rounds of compare-and-swap on the hypercube `h`; `order` 0
    sorts every run ascending, 1 descending, 2 alternating by the run's
    position (bit `stage` of the flat index)."""
    flip = _indicator(b, n_dims, stage) if order == 2 else order
    for r in builtins.range(stage):
        i = stage - 1 - r
        y = _as_int(b, _partner(b, _as_int(b, h), n_dims - 1 - i), h.dtype)
        upper = semantic.bitwise(b, flip, _indicator(b, n_dims, i), "^")
        swap = semantic.compare(b, semantic.compare(b, h, y, ">"), upper, "!=")
        h = semantic.where(b, swap, y, h)
    return h


def _bitonic(b, x, dim, who, descending, k=None):
    """Upstream's bitonic sort (and bitonic top-k when `k` is given) along
    the last dimension of `x`: `x` reshaped to a hypercube of size-2 axes,
    each compare-and-swap between an element and its partner along one
    axis. The last log2(k) merges sort runs of k; each further step keeps
    the larger (top-k) half of pairs of runs with a max over one axis."""
    verb = "sorts" if k is None else "works"
    x, dim = _last_dim(b, x, dim, who, verb)
    n = x.shape[dim]
    log_n = _log2_exact(n, who)
    if k is not None and (not isinstance(k, int) or k <= 0 or k & (k - 1) or k > n):
        semantic.error(f"{who} needs a constexpr power of two k <= {n}, got {k}")
    log_k = log_n if k is None else _log2_exact(k, who)
    n_dims = _log2_exact(semantic.numel(x.shape), who)
    if log_n == 0:
        return x
    h = semantic.reshape(b, x, (2,) * n_dims)
    order = int(bool(descending))
    for i in builtins.range(1, log_k + 1):
        h = _merge_hypercube(b, h, i, 2 if i < log_n else order, n_dims)
    for i in builtins.range(log_k + 1, log_n + 1):
        axis = len(h.shape) - 1 - log_k
        if descending:
            h = semantic.reduce(b, h, axis, "max")
        else:
            h = semantic.reduce(b, h, axis, "min_nan")
        h = _merge_hypercube(b, h, log_k, 2 if i < log_n else order, len(h.shape))
    return semantic.reshape(b, h, tuple(x.shape[:-1]) + (1 << log_k,))


@builtin
def sort(b, x, dim=None, descending=False):
    """`x` sorted along its last dimension (upstream sorts only there), by
    upstream's bitonic network on the hypercube (see _bitonic). NaNs never
    compare greater, so they stay where they are in each exchange."""
    return _bitonic(b, x, dim, "tl.sort", descending)


@builtin
def topk(b, x, k, dim=None):
    """The `k` largest elements of `x` along its last dimension, largest
    first, by upstream's bitonic top-k. `k` is a power of two no larger
    than that dimension."""
    return _bitonic(b, x, dim, "tl.topk", True, k)


@builtin
def assume(b, cond):
    """`llvm.intr.assume`, as upstream: the compiler may take `cond` (a
    scalar condition) as true."""
    cond = semantic.to_tensor(b, cond)
    if cond.shape:
        semantic.error("tl.assume needs a scalar condition")
    if not cond.dtype.is_bool():
        cond = semantic.cast(b, cond, int1)
    b.void(f"llvm.intr.assume {cond.name}", "i1")
