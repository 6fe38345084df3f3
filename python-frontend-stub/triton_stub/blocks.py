"""Block pointers (`tl.make_block_ptr`, `tl.advance`) and tensor
descriptors (`tl.make_tensor_descriptor`, `desc.load/store/...`), in
upstream Triton 3.6's TTIR forms.

Our compiler lowers both to tensors of pointers with masks
(triton-rewrite-tensor-pointer, triton-rewrite-tensor-descriptor-to-pointer),
so a descriptor kernel argument is passed as its base pointer followed by
its shape and strides (see `triton_stub.tools.tensor_descriptor`)."""

from __future__ import annotations

from . import semantic
from .language import types as core
from .language.types import constexpr, tensor
from .semantic import error

PADDING = {"": None, "zero": 1, "nan": 2}


def _unwrap(v):
    return v.value if isinstance(v, constexpr) else v


def _scalars(b, values, dt, what):
    """Each of `values` (Python ints or scalar integer tensors) as a scalar of
    `dt` (int32 or int64)."""
    out = []
    for v in values:
        v = _unwrap(v)
        if isinstance(v, tensor):
            if v.shape:
                error(f"{what} must be scalars, got a tensor of shape {list(v.shape)}")
            if not (v.dtype.is_int() or v.dtype.is_bool()):
                error(f"{what} must be integers, got {v.dtype.name}")
            out.append(semantic.cast(b, v, dt))
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append(semantic.constant(b, v, dt))
        else:
            error(f"{what} must be integers, got {v!r}")
    return out


def _block_shape(shape, what):
    shape = [int(_unwrap(s)) for s in shape]
    for s in shape:
        if s <= 0 or s & (s - 1):
            error(f"{what} dimensions must be powers of two, got {shape}")
    return shape


# --- block pointers ------------------------------------------------------------


def make_block_ptr(b, base, shape, strides, offsets, block_shape, order):
    base = semantic.to_tensor(b, base)
    if not isinstance(base.dtype, core.pointer_type) or base.shape or core.is_block_pointer(base.dtype):
        error("tl.make_block_ptr needs a scalar pointer as its base")
    rank = len(shape)
    if not (len(strides) == len(offsets) == len(block_shape) == len(order) == rank):
        error("tl.make_block_ptr needs one shape, stride, offset, block " "dimension and order entry per dimension")
    order = [int(_unwrap(o)) for o in order]
    if sorted(order) != list(range(rank)):
        error(f"tl.make_block_ptr order {order} is not a permutation of " f"{list(range(rank))}")
    blk = core.block_type(base.dtype.element, _block_shape(block_shape, "block_shape"))
    shape = _scalars(b, shape, core.int64, "block pointer shapes")
    strides = _scalars(b, strides, core.int64, "block pointer strides")
    offsets = _scalars(b, offsets, core.int32, "block pointer offsets")
    ptr = core.pointer_type(blk)
    return b.op(
        f"tt.make_tensor_ptr {base.name}, [{', '.join(s.name for s in shape)}], "
        f"[{', '.join(s.name for s in strides)}], "
        f"[{', '.join(o.name for o in offsets)}]",
        f"<{blk.ir}>",
        ptr,
        attrs={"order": f"array<i32: {', '.join(map(str, order))}>"},
    )


def advance(b, ptr, offsets):
    if not isinstance(ptr, tensor) or not core.is_block_pointer(ptr.dtype):
        error("tl.advance needs a block pointer (tl.make_block_ptr)")
    blk = ptr.dtype.element
    if len(offsets) != len(blk.shape):
        error(f"tl.advance needs {len(blk.shape)} offsets, got {len(offsets)}")
    offsets = _scalars(b, offsets, core.int32, "tl.advance offsets")
    return b.op(f"tt.advance {ptr.name}, [{', '.join(o.name for o in offsets)}]", f"<{blk.ir}>", ptr.dtype)


def _boundary_check(blk, boundary_check):
    dims = [int(_unwrap(d)) for d in (boundary_check or ())]
    for d in dims:
        if not 0 <= d < len(blk.shape):
            error(f"boundary_check dimension {d} is out of range for a block of " f"rank {len(blk.shape)}")
    dims = sorted(set(dims))
    return {"boundaryCheck": f"array<i32: {', '.join(map(str, dims))}>"} if dims else {}


def load_block(b, ptr, mask, other, boundary_check, padding_option, cache, eviction, volatile):
    """tl.load through a block pointer: no mask or other (the boundary check
    and padding take their place), as upstream requires."""
    if mask is not None or other is not None:
        error("loads through a block pointer take boundary_check and " "padding_option, not mask and other")
    blk = ptr.dtype.element
    if padding_option not in PADDING:
        error(f"padding_option must be 'zero' or 'nan', got {padding_option!r}")
    if padding_option == "nan" and not blk.element.is_floating():
        error("padding_option='nan' needs floating-point elements")
    attrs = _boundary_check(blk, boundary_check)
    if PADDING[padding_option] is not None:
        attrs["padding"] = f"{PADDING[padding_option]} : i32"
    if volatile:
        attrs["isVolatile"] = "true"
    hints = semantic._hints_text(cache, eviction, ("ca", "cg", "cv"))
    return b.op(f"tt.load {ptr.name}{hints}", ptr.type, blk.element, blk.shape, attrs=attrs)


def store_block(b, ptr, value, mask, boundary_check, cache, eviction):
    if mask is not None:
        error("stores through a block pointer take boundary_check, not mask")
    blk = ptr.dtype.element
    value = _block_value(b, value, blk)
    hints = semantic._hints_text(cache, eviction, ("wb", "cg", "cs", "wt"))
    b.void(f"tt.store {ptr.name}, {value.name}{hints}", ptr.type, attrs=_boundary_check(blk, boundary_check))


def _block_value(b, value, blk):
    """`value` as a tensor of the block's element type and shape."""
    if isinstance(value, tensor):
        value = semantic.broadcast_to(b, value, blk.shape)
        return semantic.cast(b, value, blk.element)
    return semantic.constant(b, _unwrap(value), blk.element, blk.shape)


# --- tensor descriptors ----------------------------------------------------------


def make_tensor_descriptor(b, base, shape, strides, block_shape, padding_option="zero"):
    """As upstream's: rank 1 to 5, the last stride the constant 1, a last
    block dimension of at least 16 bytes."""
    base = semantic.to_tensor(b, base)
    if not isinstance(base.dtype, core.pointer_type) or base.shape or core.is_block_pointer(base.dtype):
        error("tl.make_tensor_descriptor needs a scalar pointer as its base")
    rank = len(shape)
    if not 1 <= rank <= 5:
        error(f"tensor descriptors have rank 1 to 5, got {rank}")
    if len(strides) != rank or len(block_shape) != rank:
        error(
            f"tl.make_tensor_descriptor needs {rank} strides and block "
            f"dimensions, got {len(strides)} and {len(block_shape)}"
        )
    elem = base.dtype.element
    blk = core.block_type(elem, _block_shape(block_shape, "block_shape"))
    if blk.shape[-1] * elem.bits // 8 < 16:
        error(
            "Descriptor block shape must have at least 16 bytes in the last "
            f"dimension, but got {blk.shape[-1]} * {elem.bits // 8} = "
            f"{blk.shape[-1] * elem.bits // 8} bytes"
        )
    last = _unwrap(strides[-1])
    if not (isinstance(last, int) and last == 1):
        error(f"Tensor descriptor last dim must be 1 but got {last!r}")
    if padding_option not in ("zero", "nan"):
        error(f"padding_option must be 'zero' or 'nan', got {padding_option!r}")
    if padding_option == "nan" and not elem.is_floating():
        error("padding_option='nan' needs floating-point elements")
    shape = _scalars(b, shape, core.int32, "tensor descriptor shapes")
    strides = _scalars(b, strides, core.int64, "tensor descriptor strides")
    desc = b.op(
        f"tt.make_tensor_descriptor {base.name}, [{', '.join(s.name for s in shape)}], "
        f"[{', '.join(s.name for s in strides)}]",
        f"{base.dtype.ir}, !tt.tensordesc<{blk.ir}>",
        base.dtype,
        attrs={"padding": "2 : i32"} if padding_option == "nan" else None,
    )
    return core.tensor_descriptor(desc.name, blk, shape, strides)


def _desc(d):
    if not isinstance(d, core.tensor_descriptor):
        error(f"expected a tensor descriptor, got {d!r}")
    return d


def _offsets(b, desc, offsets):
    offsets = list(offsets) if isinstance(offsets, (list, tuple)) else [offsets]
    if len(offsets) != len(desc.block.shape):
        error(
            f"a tensor descriptor of rank {len(desc.block.shape)} takes "
            f"{len(desc.block.shape)} offsets, got {len(offsets)}"
        )
    return ", ".join(o.name for o in _scalars(b, offsets, core.int32, "descriptor offsets"))


def descriptor_load(b, desc, offsets):
    desc = _desc(desc)
    blk = desc.block
    return b.op(
        f"tt.descriptor_load {desc.name}[{_offsets(b, desc, offsets)}]",
        f"{desc.type} -> {blk.ir}",
        blk.element,
        blk.shape,
    )


def descriptor_store(b, desc, offsets, value):
    desc = _desc(desc)
    value = _block_value(b, value, desc.block)
    b.void(f"tt.descriptor_store {desc.name}[{_offsets(b, desc, offsets)}], {value.name}", f"{desc.type}, {value.type}")


REDUCE_KINDS = ("add", "min", "max", "and", "or", "xor")


def descriptor_reduce(b, kind, desc, offsets, value):
    desc = _desc(desc)
    elem = desc.block.element
    if kind in ("and", "or", "xor") and not elem.is_int():
        error(f"atomic_{kind} through a descriptor needs integer elements, got {elem.name}")
    if kind in ("min", "max") and elem.is_floating():
        error(f"atomic_{kind} through a descriptor needs integer elements, got {elem.name}")
    value = _block_value(b, value, desc.block)
    b.void(
        f"tt.descriptor_reduce {kind}, {desc.name}[{_offsets(b, desc, offsets)}], {value.name}",
        f"{desc.type}, {value.type}",
    )


def _rows(b, desc, x_offsets, y_offset):
    blk = desc.block
    if len(blk.shape) != 2 or blk.shape[0] != 1:
        error(f"descriptor gather/scatter need a block of one row (1xN), got {list(blk.shape)}")
    x = semantic.to_tensor(b, x_offsets)
    if len(x.shape) != 1 or not x.dtype.is_int():
        error("descriptor gather/scatter row offsets must be a 1-D integer tensor")
    if x.dtype.bits not in (16, 32):
        x = semantic.cast(b, x, core.int32)
    (y,) = _scalars(b, [y_offset], core.int32, "the column offset")
    return x, y, (x.shape[0], blk.shape[1])


def descriptor_gather(b, desc, x_offsets, y_offset):
    desc = _desc(desc)
    x, y, shape = _rows(b, desc, x_offsets, y_offset)
    elem = desc.block.element
    out = core.ir_type(elem, shape)
    return b.op(
        f"tt.descriptor_gather {desc.name}[{x.name}, {y.name}]", f"({desc.type}, {x.type}, i32) -> {out}", elem, shape
    )


def descriptor_scatter(b, desc, value, x_offsets, y_offset):
    desc = _desc(desc)
    x, y, shape = _rows(b, desc, x_offsets, y_offset)
    value = semantic.cast(b, semantic.broadcast_to(b, semantic.to_tensor(b, value), shape), desc.block.element)
    b.void(
        f"tt.descriptor_scatter {desc.name}[{x.name}, {y.name}], {value.name}",
        f"{desc.type}, {x.type}, i32, {value.type}",
    )


# A descriptor's methods in a kernel (`desc.load(offsets)`, ...): the code
# generator calls these with its builder and the descriptor.
DESCRIPTOR_METHODS = {
    "load": descriptor_load,
    "store": descriptor_store,
    "gather": descriptor_gather,
    "scatter": descriptor_scatter,
    **{
        f"atomic_{kind}": (lambda b, d, offsets, value, _k=kind: descriptor_reduce(b, _k, d, offsets, value))
        for kind in REDUCE_KINDS
    },
}
