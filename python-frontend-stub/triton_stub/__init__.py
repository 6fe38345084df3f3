"""A small Python frontend with upstream Triton's names, on our compiler.

    import triton_stub
    import triton_stub.language as tl

    @triton_stub.jit
    def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr): ...

    k = triton_stub.compile(add, signature={"x_ptr": "*fp32", ...},
                            constexprs={"BLOCK": 1024})
    print(k.asm["ttir"], k.asm["ttgir"])
"""

from . import language
from . import tools
from .tools import tensor_descriptor as _tensor_descriptor  # noqa: F401
from .autotuner import Autotuner, Config, Heuristics, autotune, heuristics, next_power_of_2
from .jit import JITFunction, TensorWrapper, compile, jit, reinterpret
from .language import constexpr, constexpr_function
from .semantic import CompilationError


def set_allocator(allocator):
    """Upstream's `triton.set_allocator`: the global scratch memory its
    in-kernel TMA descriptors need. Our compiler lowers descriptors to
    pointers and needs none, so the allocator is kept and never called."""
    global _allocator
    _allocator = allocator


_allocator = None


def cdiv(a: int, b: int) -> int:
    """Ceiling division on the host, as upstream's `triton.cdiv`."""
    return (a + b - 1) // b


__all__ = [
    "jit",
    "compile",
    "constexpr",
    "constexpr_function",
    "language",
    "JITFunction",
    "CompilationError",
    "cdiv",
    "next_power_of_2",
    "Config",
    "autotune",
    "heuristics",
    "Autotuner",
    "Heuristics",
    "set_allocator",
    "tools",
    "reinterpret",
    "TensorWrapper",
]
