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
from .autotuner import Autotuner, Config, Heuristics, autotune, heuristics, next_power_of_2
from .jit import JITFunction, compile, jit
from .language import constexpr
from .semantic import CompilationError



def cdiv(a: int, b: int) -> int:
    """Ceiling division on the host, as upstream's `triton.cdiv`."""
    return (a + b - 1) // b


__all__ = ["jit", "compile", "constexpr", "language", "JITFunction",
           "CompilationError", "cdiv", "next_power_of_2", "Config", "autotune",
           "heuristics", "Autotuner", "Heuristics"]
