"""`triton.language.standard`: the library functions upstream writes in
Triton itself (reductions, sort, softmax...), which kernels import from here
by name, private helpers included (`_log2`, `_is_power_of_two`). They are
the `triton_stub.language` builtins."""

from .core import (
    _log2_exact,
    argmax,
    argmin,
    builtin,
    cdiv,
    cumprod,
    cumsum,
    flip,
    max,
    min,
    ravel,
    sigmoid,
    softmax,
    sort,
    sum,
    swizzle2d,
    topk,
    umulhi,
    xor_sum,
    zeros_like,
)

__all__ = [
    "argmax",
    "argmin",
    "cdiv",
    "cumprod",
    "cumsum",
    "flip",
    "max",
    "min",
    "ravel",
    "sigmoid",
    "softmax",
    "sort",
    "sum",
    "swizzle2d",
    "topk",
    "umulhi",
    "xor_sum",
    "zeros_like",
]


@builtin
def _log2(b, i):
    """log2 of a power of two, at compile time."""
    return _log2_exact(i, "_log2")


@builtin
def _is_power_of_two(b, i):
    return isinstance(i, int) and i > 0 and not i & (i - 1)
