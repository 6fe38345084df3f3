"""`triton.language.extra.libdevice`: NVIDIA's libdevice functions by name
(`libdevice.asin(x)`, `libdevice.pow(x, y)`, ...), as upstream's.

Each call is a `tt.extern_elementwise` of the libdevice symbol for the
argument type: `__nv_<name>f` on float32, `__nv_<name>` on float64, and the
integer functions' own names (`__nv_popc`, `__nv_popcll`, ...). Our lowering
links libdevice, as upstream's does.
"""

from ... import semantic
from .. import types as core
from ..types import tensor

# Integer functions: (32-bit symbol, 64-bit symbol), unsigned variants after.
_INT = {
    "popc": ("__nv_popc", "__nv_popcll"),
    "clz": ("__nv_clz", "__nv_clzll"),
    "ffs": ("__nv_ffs", "__nv_ffsll"),
    "brev": ("__nv_brev", "__nv_brevll"),
    "mulhi": ("__nv_mulhi", "__nv_mul64hi"),
    "umulhi": ("__nv_umulhi", "__nv_umul64hi"),
    "hadd": ("__nv_hadd", None),
    "rhadd": ("__nv_rhadd", None),
    "uhadd": ("__nv_uhadd", None),
    "urhadd": ("__nv_urhadd", None),
}
# Float functions whose symbols do not follow __nv_<name>f / __nv_<name>, or
# whose result is an integer.
_FLOAT_SPECIAL = {
    "isinf": ("__nv_isinff", "__nv_isinfd", core.int32),
    "isnan": ("__nv_isnanf", "__nv_isnand", core.int32),
    "signbit": ("__nv_signbitf", "__nv_signbitd", core.int32),
    "finitef": ("__nv_finitef", None, core.int32),
    "isfinited": (None, "__nv_isfinited", core.int32),
    "ilogb": ("__nv_ilogbf", "__nv_ilogb", core.int32),
    "llrint": ("__nv_llrintf", "__nv_llrint", core.int64),
    "llround": ("__nv_llroundf", "__nv_llround", core.int64),
    "float2int_rn": ("__nv_float2int_rn", None, core.int32),
    "float_as_int": ("__nv_float_as_int", None, core.int32),
    "double_as_longlong": (None, "__nv_double_as_longlong", core.int64),
}


def _call(b, name, args):
    args = [
        semantic.to_tensor(b, a) if isinstance(a, (tensor, core.constexpr)) or not isinstance(a, (int, float)) else a
        for a in args
    ]
    tensors = [a for a in args if isinstance(a, tensor)]
    if not tensors:
        semantic.error(f"libdevice.{name} needs a tensor or scalar value argument")
    shape = ()
    for a in tensors:
        shape = semantic.broadcast_shapes(shape, a.shape)
    if name in _INT:
        dt = tensors[0].dtype
        for a in tensors[1:]:
            dt = semantic.promote_dtypes(dt, a.dtype)
        if not dt.is_int() or dt.bits not in (32, 64):
            semantic.error(f"libdevice.{name} takes 32- or 64-bit integers, got {dt.name}")
        symbol = _INT[name][0 if dt.bits == 32 else 1]
        result = core.int32 if name in ("popc", "clz", "ffs") else dt
    else:
        dt = None
        for a in tensors:
            if a.dtype.is_floating():
                dt = a.dtype if dt is None else semantic.promote_dtypes(dt, a.dtype)
        if dt is None or dt.bits not in (32, 64):
            semantic.error(
                f"libdevice.{name} takes float32 or float64 arguments, got "
                f"{', '.join(a.dtype.name for a in tensors)}"
            )
        f32 = dt.bits == 32
        if name in _FLOAT_SPECIAL:
            s32, s64, result = _FLOAT_SPECIAL[name]
            symbol = s32 if f32 else s64
        elif (
            name == "pow"
            and len(args) == 2
            and (isinstance(args[1], int) or (isinstance(args[1], tensor) and args[1].dtype.is_int()))
        ):
            symbol, result = ("__nv_powif" if f32 else "__nv_powi"), dt
        else:
            symbol, result = (f"__nv_{name}f" if f32 else f"__nv_{name}"), dt
        if symbol is None:
            semantic.error(f"libdevice.{name} has no {dt.name} version")
    typed = []
    for k, a in enumerate(args):
        want = dt
        if symbol in ("__nv_powif", "__nv_powi") and k == 1:
            want = core.int32
        v = a if isinstance(a, tensor) else semantic.constant(b, a, want)
        v = semantic.cast(b, v, want)
        typed.append(semantic.broadcast_to(b, v, shape) if shape else v)
    return b.op(
        f'tt.extern_elementwise {", ".join(v.name for v in typed)}',
        f'({", ".join(v.type for v in typed)}) -> {core.ir_type(result, shape)}',
        result,
        shape,
        attrs={"libname": '""', "libpath": '""', "pure": "true", "symbol": f'"{symbol}"'},
    )


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)

    def fn(*args, _builder=None):
        if _builder is None:
            raise RuntimeError(f"libdevice.{name} can only be called in a @jit function")
        return _call(_builder, name, [a.value if isinstance(a, core.constexpr) else a for a in args])

    fn.__name__ = name
    fn.__triton_builtin__ = True
    return fn
