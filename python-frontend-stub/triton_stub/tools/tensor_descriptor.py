"""`TensorDescriptor`, upstream's host-side tensor descriptor
(`triton.tools.tensor_descriptor`).

A kernel parameter given a `TensorDescriptor` is typed
`tensordesc<fp16[64, 64]>` and, as upstream's frontend flattens it, followed
in the kernel by its shape (i32) and strides (i64). Our compiler reads the
block through pointers (triton-rewrite-tensor-descriptor-to-pointer), so the
launcher passes the base address where upstream passes a TMA descriptor:
`base, *shape, *strides`. The checks are the hardware descriptor's, which
the compiler relies on: a base aligned to 16 bytes, the last stride 1 and
the others multiples of 16 bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List


def _element_size(tensor) -> int:
    if hasattr(tensor, "element_size"):
        return int(tensor.element_size())
    return int(tensor.dtype.itemsize)


def _data_ptr(tensor) -> int:
    from ..driver import data_pointer

    return data_pointer(tensor)


@dataclass
class TensorDescriptor:
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    def __post_init__(self):
        rank = len(self.shape)
        if not 1 <= rank <= 5:
            raise ValueError(f"tensor descriptors have rank 1 to 5, got {rank}")
        if len(self.strides) != rank or len(self.block_shape) != rank:
            raise ValueError("shape, strides and block_shape must have one entry " "per dimension")
        if self.strides[-1] != 1:
            raise ValueError(f"the last stride must be 1, got {self.strides[-1]}")
        size = _element_size(self.base)
        if _data_ptr(self.base) % 16:
            raise ValueError("the base of a tensor descriptor must be 16-byte aligned")
        for s in self.strides[:-1]:
            if (s * size) % 16:
                raise ValueError(
                    f"strides must be multiples of 16 bytes but the " f"last; got {s} elements of {size} bytes"
                )
        if self.block_shape[-1] * size < 16:
            raise ValueError("the last block dimension must span at least 16 bytes")
        if self.padding not in ("zero", "nan"):
            raise ValueError(f"padding must be 'zero' or 'nan', got {self.padding!r}")
        if self.padding == "nan":
            raise ValueError(
                "padding='nan' on a host descriptor is not supported by "
                "triton_stub (use tl.make_tensor_descriptor(..., "
                "padding_option='nan') in the kernel)"
            )

    @staticmethod
    def from_tensor(tensor: Any, block_shape: List[int], padding="zero"):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()), list(block_shape), padding)

    def signature(self) -> str:
        """Upstream's spelling of this argument's type."""
        from ..jit import pointer_type_of

        elem = pointer_type_of(self.base)[1:]
        return f"tensordesc<{elem}{list(self.block_shape)}>"

    def launch_arguments(self):
        """(types, values) the launcher passes for this parameter."""
        from ..jit import pointer_type_of

        rank = len(self.shape)
        types = [pointer_type_of(self.base)] + ["i32"] * rank + ["i64"] * rank
        return types, [self.base, *self.shape, *self.strides]
