"""Triton's semantics on emitted IR: type promotion, broadcasting, C-style
division, and the text of each op in upstream Triton 3.6's TTIR form."""

from __future__ import annotations

import re

from .ir import Op
from .language import types as core
from .language.types import tensor


class CompilationError(Exception):
    """An error in a kernel, located at its file and line."""


class Builder:
    """Emits the body of one function: numbered SSA values, one op a line.
    `num_warps` is the kernel's being compiled (tl.extra.cuda.num_threads)."""

    num_warps = 4

    def __init__(self, loc=None):
        self.lines: list = []  # Op objects and region syntax (str)
        self.defs: dict = {}
        self.counter = 0
        self.loc = loc or (lambda: "")
        self.indent = "    "

    def fresh(self):
        name = f"%{self.counter}"
        self.counter += 1
        return name

    def op(self, head, types, dt, shape=(), attrs=None, tail=""):
        """Emits `%N = head {attrs}tail : types` and returns %N as a tensor
        of `dt` and `shape`."""
        name = self.fresh()
        op = Op(head, types, name, attrs, tail, self.loc(), self.indent)
        self.defs[name] = op
        self.lines.append(op)
        return tensor(name, dt, shape)

    def op_results(self, count, head, types, attrs=None, tail=""):
        """Emits `%N:count = head ...` (an op of several results) and returns
        %N; its results are %N#0 ... %N#(count - 1)."""
        name = self.fresh()
        self.lines.append(Op(head, types, f"{name}:{count}", attrs, tail, self.loc(), self.indent))
        return name

    def void(self, head, types="", attrs=None):
        """Emits an op without results."""
        self.lines.append(Op(head, types, "", attrs, "", self.loc(), self.indent))

    def add_attribute(self, value, name, attr):
        """Attaches attribute `name` (`attr`, its value's text) to the op that
        produced `value`, as upstream's hints do; False for values no op here
        produced."""
        op = self.defs.get(value.name)
        if op is None:
            return False
        op.add_attribute(name, attr)
        return True


def error(message):
    raise CompilationError(message)


# --- constants -------------------------------------------------------------


def literal_dtype(value):
    if isinstance(value, bool):
        return core.int1
    if isinstance(value, int):
        if -(2**31) <= value < 2**31:
            return core.int32
        if 2**31 <= value < 2**32:
            return core.uint32
        if -(2**63) <= value < 2**63:
            return core.int64
        if 2**63 <= value < 2**64:
            return core.uint64
        error(f"integer {value} does not fit in 64 bits")
    if isinstance(value, float):
        # As upstream: f32 unless the value is finite, non-zero and outside
        # f32's normal range.
        magnitude = abs(value)
        if (
            magnitude in (0.0, float("inf"))
            or value != value
            or 2.0**-126 <= magnitude <= (2 - 2.0**-23) * 2.0**127
        ):
            return core.float32
        return core.float64
    error(f"unsupported constant {value!r}")


def constant_text(value, dt):
    if dt.is_bool():
        return "true" if value else "false"
    if dt.is_floating():
        # MLIR's float literals need a digit before the exponent's mantissa
        # point: repr's "1e-07" becomes "1.0e-07".
        if value == value and abs(value) != float("inf"):
            return re.sub(r"^(-?\d+)e", r"\1.0e", repr(float(value)))
        # NaN and infinities as the type's bits (MLIR has no literal for them).
        bits = {
            16: (0x7E00, 0x7C00, 0xFC00),
            32: (0x7FC00000, 0x7F800000, 0xFF800000),
            64: (0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000),
        }
        if dt.name == "bfloat16":
            nan, inf, ninf = 0x7FC0, 0x7F80, 0xFF80
        elif dt.bits in bits:
            nan, inf, ninf = bits[dt.bits]
        else:
            error(f"no {value} in {dt.name}")
        width = dt.bits // 4
        return f"0x{(nan if value != value else inf if value > 0 else ninf):0{width}X}"
    if not dt.signed and value >= 2 ** (dt.bits - 1):
        value -= 2**dt.bits  # MLIR prints signless integers signed
    return str(int(value))


def constant(b: Builder, value, dt=None, shape=()):
    dt = dt or literal_dtype(value)
    text = constant_text(value, dt)
    if shape:
        return b.op("arith.constant", core.ir_type(dt, shape), dt, shape, tail=f" dense<{text}>")
    if dt.is_bool():  # `arith.constant true` takes no type
        return b.op("arith.constant", "", dt, tail=f" {text}")
    return b.op("arith.constant", dt.ir, dt, tail=f" {text}")


def to_tensor(b: Builder, value):
    if isinstance(value, core.constexpr):
        value = value.value
    if isinstance(value, tensor):
        return value
    return constant(b, value)


# --- promotion and broadcasting ---------------------------------------------

KIND_RANK = {"bool": 0, "int": 1, "float": 2}


def promote_dtypes(a: core.dtype, b: core.dtype) -> core.dtype:
    """Both operands are tensors (or typed scalars): kind, then width, then
    float16 over bfloat16, then unsigned over signed."""
    if a is b or (a.name == b.name):
        return a
    if KIND_RANK[a.kind] != KIND_RANK[b.kind]:
        return a if KIND_RANK[a.kind] > KIND_RANK[b.kind] else b
    if a.bits != b.bits:
        return a if a.bits > b.bits else b
    if a.is_floating():
        return core.float16
    return a if not a.signed else b


def literal_promotion(t: core.dtype, value) -> core.dtype:
    """A tensor of `t` with a Python scalar: the scalar does not take part
    unless its kind is higher; then the smallest type it fits in."""
    lit = literal_dtype(value)
    if KIND_RANK[lit.kind] <= KIND_RANK[t.kind]:
        return t
    if lit.is_floating():
        return core.float32
    return lit


def cast(b: Builder, x: tensor, dt: core.dtype) -> tensor:
    src = x.dtype
    if src.name == dt.name:
        return x
    ty_from, ty_to = x.type, core.ir_type(dt, x.shape)
    src_ptr, dst_ptr = isinstance(src, core.pointer_type), isinstance(dt, core.pointer_type)
    if src_ptr or dst_ptr:
        # Pointers: reinterpreted as other pointers, converted to and from
        # 64-bit integers (tt.ptr_to_int / tt.int_to_ptr), as upstream.
        if src_ptr and dst_ptr:
            return b.op(f"tt.bitcast {x.name}", f"{ty_from} -> {ty_to}", dt, x.shape)
        if dst_ptr:
            if not src.is_int():
                error(f"cannot convert {src.name} to a pointer")
            x = cast(b, x, core.int64)
            return b.op(f"tt.int_to_ptr {x.name}", f"{x.type} -> {ty_to}", dt, x.shape)
        if not dt.is_int():
            error(f"cannot convert a pointer to {dt.name}")
        i = b.op(f"tt.ptr_to_int {x.name}", f"{ty_from} -> {core.ir_type(core.int64, x.shape)}", core.int64, x.shape)
        return cast(b, i, dt)
    if dt.is_bool():
        zero = constant(b, 0, src, x.shape) if x.shape else constant(b, 0, src)
        pred = "une" if src.is_floating() else "ne"
        kind = "arith.cmpf" if src.is_floating() else "arith.cmpi"
        return b.op(f"{kind} {pred}, {x.name}, {zero.name}", ty_from, core.int1, x.shape)
    if src.is_floating() and dt.is_floating():
        if src.bits == 8 or dt.bits == 8:  # fp8 converts through tt.fp_to_fp
            rounding = ", rounding = rtne" if dt.bits < src.bits else ""
            return b.op(f"tt.fp_to_fp {x.name}{rounding}", f"{ty_from} -> {ty_to}", dt, x.shape)
        if src.bits == dt.bits:  # f16 <-> bf16 through f32
            return cast(b, cast(b, x, core.float32), dt)
        op = "arith.extf" if dt.bits > src.bits else "arith.truncf"
    elif src.is_floating():
        op = "arith.fptosi" if dt.signed else "arith.fptoui"
    elif dt.is_floating():
        op = "arith.uitofp" if (src.is_bool() or not src.signed) else "arith.sitofp"
    else:
        if dt.bits == src.bits:
            return tensor(x.name, dt, x.shape)  # signedness only
        if dt.bits < src.bits:
            op = "arith.trunci"
        else:
            op = "arith.extui" if (src.is_bool() or not src.signed) else "arith.extsi"
    return b.op(f"{op} {x.name}", f"{ty_from} to {ty_to}", dt, x.shape)


def splat(b: Builder, x: tensor, shape) -> tensor:
    if not tuple(shape):  # a scalar "splat" to shape (): the scalar itself
        return x
    return b.op(f"tt.splat {x.name}", f"{x.type} -> {core.ir_type(x.dtype, shape)}", x.dtype, shape)


def expand_dims(b: Builder, x: tensor, axis: int) -> tensor:
    if not x.shape:  # a scalar becomes a one-element tensor
        return splat(b, x, (1,))
    shape = list(x.shape)
    shape.insert(axis, 1)
    return b.op(
        f"tt.expand_dims {x.name}",
        f"{x.type} -> {core.ir_type(x.dtype, shape)}",
        x.dtype,
        shape,
        attrs={"axis": f"{axis} : i32"},
    )


def broadcast_to(b: Builder, x: tensor, shape) -> tensor:
    shape = tuple(shape)
    if x.shape == shape:
        return x
    if not x.shape:
        return splat(b, x, shape)
    while len(x.shape) < len(shape):
        x = expand_dims(b, x, 0)
    for have, want in zip(x.shape, shape):
        if have != want and have != 1:
            error(f"cannot broadcast shape {list(x.shape)} to {list(shape)}")
    if x.shape == shape:
        return x
    return b.op(f"tt.broadcast {x.name}", f"{x.type} -> {core.ir_type(x.dtype, shape)}", x.dtype, shape)


def broadcast_shapes(a, b_):
    rank = max(len(a), len(b_))
    a = (1,) * (rank - len(a)) + tuple(a)
    b_ = (1,) * (rank - len(b_)) + tuple(b_)
    out = []
    for x, y in zip(a, b_):
        if x != y and 1 not in (x, y):
            error(f"incompatible shapes {list(a)} and {list(b_)} for broadcasting")
        out.append(max(x, y))
    return tuple(out)


def binary_operands(b: Builder, x, y, allow_ptr=False):
    """Both operands as tensors of one shape and one computation dtype."""
    x_lit = not isinstance(x, tensor)
    y_lit = not isinstance(y, tensor)
    xv = x.value if isinstance(x, core.constexpr) else x
    yv = y.value if isinstance(y, core.constexpr) else y
    if x_lit and y_lit:  # tl.where(m, 0, -1e6): both as tensors would be
        dt = promote_dtypes(literal_dtype(xv), literal_dtype(yv))
    elif x_lit and not y_lit:
        dt = literal_promotion(y.dtype, xv)
    elif y_lit and not x_lit:
        dt = literal_promotion(x.dtype, yv)
    else:
        dt = promote_dtypes(x.dtype, y.dtype)
    xt = constant(b, xv, dt) if x_lit else x
    yt = constant(b, yv, dt) if y_lit else y
    shape = broadcast_shapes(xt.shape, yt.shape)
    xt, yt = broadcast_to(b, xt, shape), broadcast_to(b, yt, shape)
    return cast(b, xt, dt), cast(b, yt, dt), dt, shape


# --- arithmetic ----------------------------------------------------------------


def add(b: Builder, x, y, sub=False):
    xt = x if isinstance(x, tensor) else None
    yt = y if isinstance(y, tensor) else None
    # pointer arithmetic: ptr + int offsets
    for p, o in ((xt, y), (yt, x)):
        if p is not None and isinstance(p.dtype, core.pointer_type):
            if sub:
                o = neg(b, to_tensor(b, o))
            o = to_tensor(b, o)
            if not o.dtype.is_int():
                error(f"pointer offsets must be integers, got {o.dtype.name}")
            shape = broadcast_shapes(p.shape, o.shape)
            p, o = broadcast_to(b, p, shape), broadcast_to(b, o, shape)
            return b.op(f"tt.addptr {p.name}, {o.name}", f"{p.type}, {o.type}", p.dtype, shape)
    a, c, dt, shape = binary_operands(b, x, y)
    kind = ("arith.subf" if sub else "arith.addf") if dt.is_floating() else ("arith.subi" if sub else "arith.addi")
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def mul(b, x, y):
    a, c, dt, shape = binary_operands(b, x, y)
    kind = "arith.mulf" if dt.is_floating() else "arith.muli"
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def check_div_signedness(x, y, op):
    """Upstream refuses /, // and % between tensors of signed and unsigned
    integers: the result is rarely what was meant."""
    if (
        isinstance(x, tensor)
        and isinstance(y, tensor)
        and x.dtype.is_int()
        and y.dtype.is_int()
        and x.dtype.bits > 1
        and y.dtype.bits > 1
        and x.dtype.signed != y.dtype.signed
    ):
        error(
            f"Cannot use {op} with {x.dtype.name} and {y.dtype.name} because they have "
            "different signedness; this is unlikely to result in a useful answer. "
            "Cast them to the same signedness."
        )


def truediv(b, x, y):
    check_div_signedness(x, y, "/")
    a, c, dt, shape = binary_operands(b, x, y)
    if not dt.is_floating():
        a, c, dt = cast(b, a, core.float32), cast(b, c, core.float32), core.float32
    return b.op(f"arith.divf {a.name}, {c.name}", a.type, dt, shape)


def floordiv(b, x, y):
    check_div_signedness(x, y, "//")
    a, c, dt, shape = binary_operands(b, x, y)
    if not dt.is_int():
        error(f"'//' needs integers, got {dt.name}")
    kind = "arith.divsi" if dt.signed else "arith.divui"  # C: toward zero
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def mod(b, x, y):
    check_div_signedness(x, y, "%")
    a, c, dt, shape = binary_operands(b, x, y)
    if dt.is_floating():
        return b.op(f"arith.remf {a.name}, {c.name}", a.type, dt, shape)
    kind = "arith.remsi" if dt.signed else "arith.remui"  # C: sign of dividend
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def x_type_name(v):
    """The dtype name of a tensor or Python value, for diagnostics."""
    if isinstance(v, tensor):
        return v.dtype.name
    v = v.value if isinstance(v, core.constexpr) else v
    return type(v).__name__


def bitwise(b, x, y, op):
    a, c, dt, shape = binary_operands(b, x, y)
    if dt.is_floating():
        error(
            f"invalid operands of type {x_type_name(x)} and {x_type_name(y)} for "
            f"bitwise '{op}': it needs integers or booleans"
        )
    kind = {"&": "arith.andi", "|": "arith.ori", "^": "arith.xori"}[op]
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def shift(b, x, y, left):
    a, c, dt, shape = binary_operands(b, x, y)
    if not dt.is_int():
        error(f"shifts need integers, got {dt.name}")
    kind = "arith.shli" if left else ("arith.shrsi" if dt.signed else "arith.shrui")
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


CMP_INT = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
CMP_FLOAT = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq", "!=": "une"}


def compare(b, x, y, op):
    a, c, dt, shape = binary_operands(b, x, y)
    if dt.is_floating():
        pred, kind = CMP_FLOAT[op], "arith.cmpf"
    else:
        kind = "arith.cmpi"
        pred = {"==": "eq", "!=": "ne"}.get(op) or (("s" if dt.signed and not dt.is_bool() else "u") + CMP_INT[op])
    return b.op(f"{kind} {pred}, {a.name}, {c.name}", a.type, core.int1, shape)


def neg(b, x):
    x = to_tensor(b, x)
    if x.dtype.is_floating():
        return b.op(f"arith.negf {x.name}", x.type, x.dtype, x.shape)
    zero = constant(b, 0, x.dtype, x.shape) if x.shape else constant(b, 0, x.dtype)
    return b.op(f"arith.subi {zero.name}, {x.name}", x.type, x.dtype, x.shape)


def invert(b, x):
    x = to_tensor(b, x)
    ones = (
        constant(b, -1 if not x.dtype.is_bool() else True, x.dtype, x.shape)
        if x.shape
        else constant(b, -1 if not x.dtype.is_bool() else True, x.dtype)
    )
    return b.op(f"arith.xori {x.name}, {ones.name}", x.type, x.dtype, x.shape)


def where(b, cond, x, y, ternary=False):
    if (
        ternary
        and isinstance(x, tensor)
        and isinstance(y, tensor)
        and isinstance(x.dtype, core.pointer_type)
        and x.dtype != y.dtype
    ):
        error(f"Ternary expression with dynamic condition has inconsistent type: " f"{x.dtype.name} and {y.dtype.name}")
    cond = to_tensor(b, cond)
    if not cond.dtype.is_bool():
        cond = cast(b, cond, core.int1)
    a, c, dt, shape = binary_operands(b, x, y)
    shape = broadcast_shapes(shape, cond.shape)
    cond, a, c = (broadcast_to(b, cond, shape), broadcast_to(b, a, shape), broadcast_to(b, c, shape))
    return b.op(f"arith.select {cond.name}, {a.name}, {c.name}", f"{cond.type}, {a.type}", dt, shape)


def minmax(b, x, y, is_max, propagate_nan=False):
    a, c, dt, shape = binary_operands(b, x, y)
    if dt.is_floating() and propagate_nan:
        # PropagateNan.ALL: a NaN in either operand gives NaN.
        kind = "arith.maximumf" if is_max else "arith.minimumf"
    elif dt.is_floating():
        # tl.maximum/minimum default to propagate_nan=NONE: maxnum/minnum.
        kind = "arith.maxnumf" if is_max else "arith.minnumf"
    else:
        kind = (
            ("arith.maxsi" if is_max else "arith.minsi") if dt.signed else ("arith.maxui" if is_max else "arith.minui")
        )
    return b.op(f"{kind} {a.name}, {c.name}", a.type, dt, shape)


def unary_math(b, name, x):
    x = to_tensor(b, x)
    if not x.dtype.is_floating():
        error(f"tl.{name} needs a floating-point argument, got {x.dtype.name}")
    return b.op(f"math.{name} {x.name}", x.type, x.dtype, x.shape)


# --- memory and indices ------------------------------------------------------


def program_id(b, axis):
    if axis not in (0, 1, 2):
        error(f"program_id axis must be 0, 1, or 2 but got {axis}")
    return b.op(f"tt.get_program_id {'xyz'[axis]}", "i32", core.int32)


def num_programs(b, axis):
    if axis not in (0, 1, 2):
        error(f"num_programs axis must be 0, 1, or 2 but got {axis}")
    return b.op(f"tt.get_num_programs {'xyz'[axis]}", "i32", core.int32)


def arange(b, start, end):
    if not (isinstance(start, int) and isinstance(end, int)):
        error("tl.arange needs constexpr bounds")
    n = end - start
    if n <= 0 or n & (n - 1):
        error(f"tl.arange's range must be a power of two, got {n}")
    return b.op(
        "tt.make_range", f"tensor<{n}xi32>", core.int32, (n,), attrs={"end": f"{end} : i32", "start": f"{start} : i32"}
    )


def full(b, shape, value, dt):
    shape = tuple(int(s) for s in shape)
    for s in shape:
        if s <= 0 or s & (s - 1):
            error(f"tensor dimensions must be powers of two, got {list(shape)}")
    if isinstance(value, tensor):
        return splat(b, cast(b, value, dt), shape)
    return constant(b, value, dt, shape)


def _hints_text(cache, eviction, allowed_cache):
    text = ""
    if cache:
        c = cache.lstrip(".")
        if c not in allowed_cache:
            error(f"cache modifier '{cache}' is not one of " f"{', '.join('.' + a for a in allowed_cache)}")
        text += f" cacheModifier = {c}"
    if eviction:
        if eviction not in ("evict_first", "evict_last", "evict_normal"):
            error(f"eviction policy '{eviction}' is not evict_first, evict_last " "or evict_normal")
        if eviction != "evict_normal":
            text += f" evictionPolicy = {eviction}"
    return text


def load(b, ptr, mask=None, other=None, cache="", eviction="", volatile=False):
    ptr = to_tensor(b, ptr)
    if not isinstance(ptr.dtype, core.pointer_type):
        error(f"tl.load needs a pointer, got {ptr.dtype.name}")
    elem = ptr.dtype.element
    operands = [ptr.name]
    if mask is not None:
        mask = broadcast_to(b, to_tensor(b, mask), ptr.shape)
        if not mask.dtype.is_bool():
            mask = cast(b, mask, core.int1)
        operands.append(mask.name)
        if other is not None:
            other = (
                to_tensor(b, other)
                if isinstance(other, tensor)
                else constant(b, other.value if isinstance(other, core.constexpr) else other, elem)
            )
            other = broadcast_to(b, cast(b, other, elem), ptr.shape)
            operands.append(other.name)
    hints = _hints_text(cache, eviction, ("ca", "cg", "cv"))
    return b.op(
        f"tt.load {', '.join(operands)}{hints}",
        ptr.type,
        elem,
        ptr.shape,
        attrs={"isVolatile": "true"} if volatile else None,
    )


def store(b, ptr, value, mask=None, cache="", eviction=""):
    ptr = to_tensor(b, ptr)
    if not isinstance(ptr.dtype, core.pointer_type):
        error(f"tl.store needs a pointer, got {ptr.dtype.name}")
    if ptr.dtype.const:
        error("Cannot store to a constant pointer")
    value = (
        to_tensor(b, value)
        if isinstance(value, tensor)
        else constant(b, value.value if isinstance(value, core.constexpr) else value, ptr.dtype.element)
    )
    value = broadcast_to(b, cast(b, value, ptr.dtype.element), ptr.shape)
    operands = [ptr.name, value.name]
    if mask is not None:
        mask = broadcast_to(b, to_tensor(b, mask), ptr.shape)
        if not mask.dtype.is_bool():
            mask = cast(b, mask, core.int1)
        operands.append(mask.name)
    hints = _hints_text(cache, eviction, ("wb", "cg", "cs", "wt"))
    b.void(f"tt.store {', '.join(operands)}{hints}", ptr.type)


# --- reductions ----------------------------------------------------------------

COMBINE = {
    "sum": lambda dt: "arith.addf" if dt.is_floating() else "arith.addi",
    "max": lambda dt: "arith.maxnumf" if dt.is_floating() else ("arith.maxsi" if dt.signed else "arith.maxui"),
    "min": lambda dt: "arith.minnumf" if dt.is_floating() else ("arith.minsi" if dt.signed else "arith.minui"),
    "xor_sum": lambda dt: "arith.xori",
    # tl.min(propagate_nan=True): a NaN anywhere makes the result NaN
    "min_nan": lambda dt: "arith.minimumf" if dt.is_floating() else ("arith.minsi" if dt.signed else "arith.minui"),
}


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def reshape(b, x, shape, allow_reorder=False):
    flag = " allow_reorder" if allow_reorder else ""
    return b.op(f"tt.reshape {x.name}{flag}", f"{x.type} -> {core.ir_type(x.dtype, shape)}", x.dtype, shape)


def reduce(b, x, axis, kind, keep_dims=False):
    """tl.sum / tl.max / tl.min: small integers are summed in 32 bits (and
    maxed/mined in 32 bits, floats too), as upstream does."""
    x = to_tensor(b, x)
    if not x.shape:
        error(f"tl.{kind} needs a tensor")
    # Upstream widens sums of small integers (and booleans) and max/min of
    # anything narrower than 32 bits; xor_sum stays in the input's type.
    if kind == "sum":
        if x.dtype.is_int() and x.dtype.bits < 32:
            x = cast(b, x, core.int32 if x.dtype.signed else core.uint32)
        elif x.dtype.is_bool():
            x = cast(b, x, core.int32)
    elif kind != "xor_sum" and x.dtype.bits < 32:
        x = cast(b, x, core.float32 if x.dtype.is_floating() else core.int32)
    if axis is None:
        if len(x.shape) > 1:
            x = reshape(b, x, (numel(x.shape),), allow_reorder=True)
        axis = 0
    if axis < 0:
        axis += len(x.shape)
    if not 0 <= axis < len(x.shape):
        error(f"reduction axis {axis} is out of range for shape {list(x.shape)}")
    shape = x.shape[:axis] + x.shape[axis + 1 :]
    dt = x.dtype
    lhs, rhs, res = b.fresh(), b.fresh(), b.fresh()
    name = b.fresh()
    ind = b.indent
    result_type = core.ir_type(dt, shape)
    b.lines.append(f'{ind}{name} = "tt.reduce"({x.name}) <{{axis = {axis} : i32}}> ({{')
    b.lines.append(f"{ind}^bb0({lhs}: {dt.ir}, {rhs}: {dt.ir}):")
    b.lines.append(f"{ind}  {res} = {COMBINE[kind](dt)} {lhs}, {rhs} : {dt.ir}{b.loc()}")
    b.lines.append(f"{ind}  tt.reduce.return {res} : {dt.ir}{b.loc()}")
    b.lines.append(f"{ind}}}) : ({x.type}) -> {result_type}{b.loc()}")
    out = tensor(name, dt, shape)
    if keep_dims:
        out = expand_dims(b, out, axis) if shape else splat(b, out, (1,))
    return out


def scan(b, x, axis, kind, reverse=False):
    """tl.cumsum / tl.cumprod as tt.scan; small integers widened to 32 bits."""
    x = to_tensor(b, x)
    if not x.shape:
        error(f"tl.{kind} needs a tensor")
    if x.dtype.is_int() and x.dtype.bits < 32 or x.dtype.is_bool():
        x = cast(b, x, core.int32 if (x.dtype.signed or x.dtype.is_bool()) else core.uint32)
    if axis < 0:
        axis += len(x.shape)
    if not 0 <= axis < len(x.shape):
        error(f"scan axis {axis} is out of range for shape {list(x.shape)}")
    dt = x.dtype
    op = {
        "cumsum": "arith.addf" if dt.is_floating() else "arith.addi",
        "cumprod": "arith.mulf" if dt.is_floating() else "arith.muli",
    }[kind]
    lhs, rhs, res, name = b.fresh(), b.fresh(), b.fresh(), b.fresh()
    ind = b.indent
    b.lines.append(
        f'{ind}{name} = "tt.scan"({x.name}) <{{axis = {axis} : i32, '
        f'reverse = {"true" if reverse else "false"}}}> ({{'
    )
    b.lines.append(f"{ind}^bb0({lhs}: {dt.ir}, {rhs}: {dt.ir}):")
    b.lines.append(f"{ind}  {res} = {op} {lhs}, {rhs} : {dt.ir}{b.loc()}")
    b.lines.append(f"{ind}  tt.scan.return {res} : {dt.ir}{b.loc()}")
    b.lines.append(f"{ind}}}) : ({x.type}) -> {x.type}{b.loc()}")
    return tensor(name, dt, x.shape)


def dot(b, a, c, acc=None, input_precision=None, out_dtype=None, max_num_imprecise_acc=None):
    a, c = to_tensor(b, a), to_tensor(b, c)
    rank = len(a.shape)
    if rank not in (2, 3) or len(c.shape) != rank:
        error(f"tl.dot needs 2-D operands (or 3-D, batched), got {list(a.shape)} and " f"{list(c.shape)}")
    if rank == 3 and a.shape[0] != c.shape[0]:
        error(f"tl.dot: batch dimensions differ ({list(a.shape)} x {list(c.shape)})")
    if a.shape[-1] != c.shape[-2]:
        error(f"tl.dot: inner dimensions differ ({list(a.shape)} x {list(c.shape)})")
    if min(a.shape[-2:] + c.shape[-2:]) < 16:
        error(f"tl.dot needs every dimension >= 16, got {list(a.shape)} x {list(c.shape)}")
    if a.dtype.name != c.dtype.name:
        error(f"tl.dot operands must have one type, got {a.dtype.name} and {c.dtype.name}")
    shape = a.shape[:-1] + (c.shape[-1],)
    out_dtype = out_dtype.value if isinstance(out_dtype, core.constexpr) else out_dtype
    # As upstream: integers accumulate in int32 and fp32/bf16 in fp32
    # whatever out_dtype says; f16 and fp8 in out_dtype (f32 by default).
    if out_dtype is not None and out_dtype.name == "bfloat16":
        error("out_dtype=bfloat16 is unsupported: use out_dtype=float32/float16 and cast " "with .to(tl.bfloat16)")
    if a.dtype.is_int():
        out_dtype = core.int32
    elif a.dtype.name in ("float32", "bfloat16") or out_dtype is None:
        out_dtype = core.float32
    if acc is None:
        acc = constant(b, 0, out_dtype, shape)
    else:
        acc = to_tensor(b, acc)
        if acc.shape != shape:
            error(f"tl.dot accumulator has shape {list(acc.shape)}, want {list(shape)}")
        out_dtype = acc.dtype
    precision = input_precision or "tf32"
    if precision not in ("tf32", "tf32x3", "ieee"):
        error(f"unknown input_precision '{precision}' (tf32, tf32x3, ieee)")
    # As upstream: fp8 products into f32 may accumulate imprecisely (Hopper's
    # wgmma) for at most max_num_imprecise_acc of K before an f32 add.
    imprecise = max_num_imprecise_acc
    imprecise = imprecise.value if isinstance(imprecise, core.constexpr) else imprecise
    attrs = {}
    if imprecise is not None and a.dtype.name.startswith("float8"):
        if imprecise > a.shape[-1]:
            error(f"max_num_imprecise_acc ({imprecise}) must be <= K ({a.shape[-1]})")
        if imprecise:
            attrs["maxNumImpreciseAcc"] = f"{imprecise} : i32"
    return b.op(
        f"tt.dot {a.name}, {c.name}, {acc.name}, inputPrecision = {precision}",
        f"{a.type} * {c.type} -> {acc.type}",
        out_dtype,
        shape,
        attrs=attrs,
    )


SCALED_FORMATS = {
    "e4m3": ("float8e4nv", "uint8"),
    "e5m2": ("float8e5", "uint8"),
    "bf16": ("bfloat16", "uint16"),
    "fp16": ("float16", "uint16"),
    "e2m1": (None, "uint8"),
}


def _scaled_operand(b, x, fmt, side):
    """As upstream: fp4 stays packed in uint8; other formats are bitcast from
    their unsigned storage type to the float type they name."""
    x = to_tensor(b, x)
    fp_name, storage = SCALED_FORMATS[fmt]
    if fp_name is None:
        if x.dtype.name != "uint8":
            error(f"tl.dot_scaled: e2m1 {side} must be packed as uint8, got {x.dtype.name}")
        return x
    if x.dtype.name == fp_name:
        return x
    if x.dtype.name != storage:
        error(f"tl.dot_scaled: {side} in format {fmt} must be {fp_name} or {storage}, " f"got {x.dtype.name}")
    return bitcast(b, x, getattr(core, fp_name))


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
    formats = []
    for fmt, side in ((lhs_format, "lhs"), (rhs_format, "rhs")):
        fmt = fmt.value if isinstance(fmt, core.constexpr) else fmt
        if fmt not in SCALED_FORMATS:
            error(f"NYI: {side}_format {fmt} (tl.dot_scaled takes " f"{', '.join(sorted(SCALED_FORMATS))})")
        formats.append(fmt)
    lhs = _scaled_operand(b, lhs, formats[0], "lhs")
    rhs = _scaled_operand(b, rhs, formats[1], "rhs")
    rank = len(lhs.shape)
    if rank not in (2, 3) or len(rhs.shape) != rank:
        error(f"Both inputs must be either 2D or 3D; (lhs: {list(lhs.shape)} vs rhs: " f"{list(rhs.shape)})")
    for fmt, kpack, side in ((formats[0], lhs_k_pack, "lhs"), (formats[1], rhs_k_pack, "rhs")):
        if not kpack and fmt != "e2m1":
            error(f"only mxfp4 inputs can be packed along a dimension different than K " f"({side} is {fmt})")
    m, k_lhs = lhs.shape[-2:]
    k_rhs, n = rhs.shape[-2:]
    pack_a, pack_b = (2 if f == "e2m1" else 1 for f in formats)
    if (pack_a * k_lhs if lhs_k_pack else k_lhs) != (pack_b * k_rhs if rhs_k_pack else k_rhs):
        error(
            f"Reduction dimension should pack the same number of elements; (lhs: "
            f"{list(lhs.shape)} vs rhs: {list(rhs.shape)})"
        )
    m = m if lhs_k_pack else m * pack_a
    n = n if rhs_k_pack else n * pack_b
    shape = lhs.shape[:-2] + (m, n)
    out_dtype = out_dtype.value if isinstance(out_dtype, core.constexpr) else out_dtype
    out_dtype = out_dtype or core.float32
    if acc is None:
        acc = constant(b, 0, out_dtype, shape)
    else:
        acc = to_tensor(b, acc)
        if acc.shape != shape or acc.dtype.name != out_dtype.name:
            error(f"tl.dot_scaled accumulator is {acc.type}, want " f"{core.ir_type(out_dtype, shape)}")
    operands, types = [], []
    for x, scale in ((lhs, lhs_scale), (rhs, rhs_scale)):
        scale = None if isinstance(scale, core.constexpr) and scale.value is None else scale
        text, ty = x.name, str(x.type)
        if scale is not None:
            scale = to_tensor(b, scale)
            text, ty = f"{text} scale {scale.name}", f"{ty}, {scale.type}"
        operands.append(text)
        types.append(ty)
    attrs = {"fastMath": "true" if fast_math else "false"}
    attrs.update({f"{side}_k_pack": "false" for side, kp in (("lhs", lhs_k_pack), ("rhs", rhs_k_pack)) if not kp})
    return b.op(
        f"tt.dot_scaled {operands[0]}, {operands[1]}, {acc.name} lhs = {formats[0]} " f"rhs = {formats[1]}",
        f"{types[0]} * {types[1]} -> {acc.type}",
        acc.dtype,
        shape,
        attrs=attrs,
    )


def trans(b, x, order=None):
    x = to_tensor(b, x)
    order = list(order) if order else list(range(len(x.shape)))[::-1]
    if sorted(order) != list(range(len(x.shape))):
        error(f"tl.trans order {order} is not a permutation of the {len(x.shape)} dimensions")
    shape = tuple(x.shape[i] for i in order)
    return b.op(
        f"tt.trans {x.name}",
        f"{x.type} -> {core.ir_type(x.dtype, shape)}",
        x.dtype,
        shape,
        attrs={"order": f"array<i32: {', '.join(map(str, order))}>"},
    )


SEMANTICS = {None: "acq_rel", "acq_rel": "acq_rel", "acquire": "acquire", "release": "release", "relaxed": "relaxed"}
SCOPES = {None: "gpu", "gpu": "gpu", "cta": "cta", "sys": "sys"}


def _atomic_operands(b, ptr, val, mask):
    ptr = to_tensor(b, ptr)
    if not isinstance(ptr.dtype, core.pointer_type):
        error(f"atomics need a pointer, got {ptr.dtype.name}")
    elem = ptr.dtype.element
    val = val if isinstance(val, tensor) else constant(b, val, elem)
    val = broadcast_to(b, cast(b, to_tensor(b, val), elem), ptr.shape)
    if mask is None:
        mask = constant(b, True, core.int1, ptr.shape) if ptr.shape else constant(b, True, core.int1)
    mask = broadcast_to(b, to_tensor(b, mask), ptr.shape)
    if not mask.dtype.is_bool():
        mask = cast(b, mask, core.int1)
    return ptr, val, mask, elem


def atomic_rmw(b, kind, ptr, val, mask=None, sem=None, scope=None):
    ptr, val, mask, elem = _atomic_operands(b, ptr, val, mask)
    if kind == "add":
        op = "fadd" if elem.is_floating() else "add"
    elif kind in ("max", "min"):
        if elem.is_floating():
            return _float_atomic_minmax(b, kind, ptr, val, mask, elem, sem, scope)
        op = kind if elem.signed else "u" + kind
    elif kind in ("and", "or", "xor"):
        op = kind
    elif kind == "xchg":
        op = "exch"  # the TTIR keyword (RMWOp::XCHG)
    else:
        error(f"unknown atomic '{kind}'")
    if sem not in SEMANTICS or scope not in SCOPES:
        error(f"unknown atomic semantic '{sem}' or scope '{scope}'")
    return b.op(
        f"tt.atomic_rmw {op}, {SEMANTICS[sem]}, {SCOPES[scope]}, {ptr.name}, " f"{val.name}, {mask.name}",
        f"({ptr.type}, {val.type}, {mask.type}) -> {val.type}",
        elem,
        ptr.shape,
    )


def bitcast(b, x, dt):
    """tt.bitcast of a tensor (or pointer tensor) to `dt` of the same width."""
    return b.op(f"tt.bitcast {x.name}", f"{x.type} -> {core.ir_type(dt, x.shape)}", dt, x.shape)


def _float_atomic_minmax(b, kind, ptr, val, mask, elem, sem, scope):
    """Float atomic max/min as upstream does it, through integer atomics on
    the bits: IEEE floats of one sign order like their bit patterns read as
    signed integers when non-negative and reversed as unsigned when
    negative. So max is a signed max where the value is >= 0 and an unsigned
    min where it is < 0 (min: signed min / unsigned max); the old value is
    taken from whichever acted."""
    if elem.bits not in (32, 64):
        error(f"tl.atomic_{kind} supports float32 and float64, got {elem.name}")
    itype = core.int32 if elem.bits == 32 else core.int64
    iptr = bitcast(b, ptr, core.pointer_type(itype))
    ival = bitcast(b, val, itype)
    zero = constant(b, 0.0, elem, val.shape) if val.shape else constant(b, 0.0, elem)
    pos = compare(b, val, zero, ">=")
    neg = compare(b, val, zero, "<")
    pos_op, neg_op = ("max", "umin") if kind == "max" else ("min", "umax")
    rets = []
    for op, pred in ((pos_op, pos), (neg_op, neg)):
        m = bitwise(b, mask, pred, "&")
        rets.append(
            b.op(
                f"tt.atomic_rmw {op}, {SEMANTICS[sem]}, {SCOPES[scope]}, {iptr.name}, " f"{ival.name}, {m.name}",
                f"({iptr.type}, {ival.type}, {m.type}) -> {ival.type}",
                itype,
                ptr.shape,
            )
        )
    return bitcast(b, where(b, pos, rets[0], rets[1]), elem)


def atomic_cas(b, ptr, cmp, val, sem=None, scope=None):
    ptr = to_tensor(b, ptr)
    if not isinstance(ptr.dtype, core.pointer_type):
        error(f"atomics need a pointer, got {ptr.dtype.name}")
    elem = ptr.dtype.element
    cmp = broadcast_to(b, cast(b, cmp if isinstance(cmp, tensor) else constant(b, cmp, elem), elem), ptr.shape)
    val = broadcast_to(b, cast(b, val if isinstance(val, tensor) else constant(b, val, elem), elem), ptr.shape)
    return b.op(
        f"tt.atomic_cas {SEMANTICS[sem]}, {SCOPES[scope]}, {ptr.name}, {cmp.name}, " f"{val.name}",
        f"({ptr.type}, {cmp.type}, {val.type}) -> {val.type}",
        elem,
        ptr.shape,
    )


def argreduce(b, x, axis, is_max, keep_dims=False, tie_break_left=True, with_value=False):
    """tl.argmax / tl.argmin: a two-operand tt.reduce of (value, index),
    ties to the smaller index (upstream's tie_break_left) or, without it,
    to the larger. With `with_value`, (value, index), as tl.max/tl.min
    with return_indices."""
    x = to_tensor(b, x)
    if not x.shape:
        error("tl.argmax/argmin need a tensor")
    if axis is None:
        error("tl.argmax/argmin need an axis")
    if axis < 0:
        axis += len(x.shape)
    given = x.dtype
    if x.dtype.bits < 32:
        x = cast(b, x, core.float32 if x.dtype.is_floating() else core.int32)
    n = x.shape[axis]
    index = arange(b, 0, n)
    for d in range(len(x.shape)):
        if d != axis:
            index = expand_dims(b, index, d)
    index = broadcast_to(b, index, x.shape)
    dt = x.dtype
    a, ai, c, ci = b.fresh(), b.fresh(), b.fresh(), b.fresh()
    eq, lt, tie, cmp, pick, v, i = (b.fresh() for _ in range(7))
    name = b.fresh()
    ind = b.indent
    loc = b.loc()
    if dt.is_floating():
        eq_op = f"arith.cmpf oeq, {a}, {c} : {dt.ir}"
        cmp_op = f"arith.cmpf {'ogt' if is_max else 'olt'}, {a}, {c} : {dt.ir}"
    else:
        sign = "s" if dt.signed else "u"
        eq_op = f"arith.cmpi eq, {a}, {c} : {dt.ir}"
        cmp_op = f"arith.cmpi {sign}{'gt' if is_max else 'lt'}, {a}, {c} : {dt.ir}"
    shape = x.shape[:axis] + x.shape[axis + 1 :]
    results = f"{core.ir_type(dt, shape)}, {core.ir_type(core.int32, shape)}"
    b.lines += [
        f'{ind}{name}:2 = "tt.reduce"({x.name}, {index.name}) <{{axis = {axis} : i32}}> ({{',
        f"{ind}^bb0({a}: {dt.ir}, {ai}: i32, {c}: {dt.ir}, {ci}: i32):",
        f"{ind}  {eq} = {eq_op}{loc}",
        f"{ind}  {lt} = arith.cmpi {'slt' if tie_break_left else 'sgt'}, {ai}, {ci} : i32{loc}",
        f"{ind}  {tie} = arith.andi {eq}, {lt} : i1{loc}",
        f"{ind}  {cmp} = {cmp_op}{loc}",
        f"{ind}  {pick} = arith.ori {cmp}, {tie} : i1{loc}",
        f"{ind}  {v} = arith.select {pick}, {a}, {c} : {dt.ir}{loc}",
        f"{ind}  {i} = arith.select {pick}, {ai}, {ci} : i32{loc}",
        f"{ind}  tt.reduce.return {v}, {i} : {dt.ir}, i32{loc}",
        f"{ind}}}) : ({x.type}, {index.type}) -> ({results}){loc}",
    ]
    outs = [tensor(f"{name}#0", dt, shape), tensor(f"{name}#1", core.int32, shape)]
    # The value in the input's type (upstream widens only bfloat16 here;
    # narrower types are compared widened, which is exact).
    if with_value and given is not dt and given.name != "bfloat16":
        outs[0] = cast(b, outs[0], given)
    if keep_dims:
        outs = [expand_dims(b, o, axis) if shape else splat(b, o, (1,)) for o in outs]
    return tuple(outs) if with_value else outs[1]


def hint(b, x, name, values):
    """tl.multiple_of / tl.max_contiguous / tl.max_constancy: an attribute on
    the op producing `x`, one value per dimension (or one for all)."""
    x = to_tensor(b, x)
    values = [values] if isinstance(values, int) else list(values)
    if not all(isinstance(v, int) and v > 0 for v in values):
        error(f"hint values must be positive integers, got {values}")
    if len(values) not in (1, max(1, len(x.shape))):
        error(f"{len(values)} hint values for a tensor of rank {len(x.shape)}")
    attr = f"dense<{values[0] if len(values) == 1 else values}> : tensor<{len(values)}xi32>"
    # A value no op here produced (a kernel argument, a loop's induction
    # variable or carried value) has nowhere to carry the hint; upstream
    # drops it for kernel arguments too, and our AxisInfo derives a loop
    # variable's divisibility from its bounds and step.
    b.add_attribute(x, name, attr)
    return x
