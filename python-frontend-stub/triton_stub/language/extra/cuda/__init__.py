"""`triton.language.extra.cuda`: NVIDIA's libdevice under its CUDA name,
and the CUDA-only builtins upstream keeps here (special registers, the
block's thread count)."""

from ... import semantic
from .. import libdevice  # noqa: F401
from ...core import constexpr, int32, int64
from ... import builtin, inline_asm_elementwise


@builtin
def globaltimer(b):
    """The GPU's nanosecond timer (PTX %globaltimer), an int64."""
    return inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l", [], dtype=int64, is_pure=False, pack=1, _builder=b)


@builtin
def smid(b):
    """The multiprocessor the program runs on (PTX %smid), an int32."""
    return inline_asm_elementwise("mov.u32 $0, %smid;", "=r", [], dtype=int32, is_pure=True, pack=1, _builder=b)


@builtin
def num_threads(b):
    """The threads of one program (num_warps x 32), a compile-time value."""
    return constexpr(semantic.Builder.num_warps * 32)


@builtin
def num_warps(b):
    """The program's warp count, a compile-time value."""
    return constexpr(semantic.Builder.num_warps)
