"""`triton.language.standard`: the library functions upstream writes in
Triton itself (reductions, sort, softmax...), which kernels import from here
by name, private helpers included (`_log2`, `_is_power_of_two`). They are
the `triton_stub.language` builtins."""

from . import (argmax, argmin, builtin, cdiv, cumprod, cumsum, flip, max,
               min, ravel, sigmoid, softmax, sort, sum, swizzle2d, topk,
               umulhi, xor_sum, zeros_like)
from .. import semantic

__all__ = ["argmax", "argmin", "cdiv", "cumprod", "cumsum", "flip", "max",
           "min", "ravel", "sigmoid", "softmax", "sort", "sum", "swizzle2d",
           "topk", "umulhi", "xor_sum", "zeros_like"]


@builtin
def _log2(b, i):
    """log2 of a power of two, at compile time."""
    if not isinstance(i, int) or i <= 0 or i & (i - 1):
        semantic.error(f"_log2 needs a constexpr power of two, got {i}")
    return i.bit_length() - 1


@builtin
def _is_power_of_two(b, i):
    return isinstance(i, int) and i > 0 and not i & (i - 1)
