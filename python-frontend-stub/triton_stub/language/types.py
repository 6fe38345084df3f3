"""`triton.language` names: dtypes, tensors and the builtins kernels call.

A `tensor` here is a handle on an SSA value being emitted (its name and its
type); the builtins are only meaningful inside a function compiled by
`triton_stub.jit`, where the code generator passes its builder as `_builder`.
"""

from __future__ import annotations


class dtype:
    """A scalar element type, named as upstream names it."""

    KINDS = ("bool", "int", "float")

    def __init__(self, name, kind, bits, signed=True, ir=None):
        self.name, self.kind, self.bits, self.signed = name, kind, bits, signed
        self.ir = ir or name

    def is_floating(self):
        return self.kind == "float"

    def is_int(self):
        return self.kind == "int"

    def is_bool(self):
        return self.kind == "bool"

    @property
    def primitive_bitwidth(self):
        return self.bits

    # Mantissa bits and exponent bias of the floating-point formats.
    _FLOAT_FORMATS = {
        "float16": (10, 15),
        "bfloat16": (7, 127),
        "float32": (23, 127),
        "float64": (52, 1023),
        "float8e4nv": (3, 7),
        "float8e5": (2, 15),
    }

    @property
    def fp_mantissa_width(self):
        if self.name not in dtype._FLOAT_FORMATS:
            raise AttributeError(f"{self.name} is not a floating-point type")
        return dtype._FLOAT_FORMATS[self.name][0]

    @property
    def exponent_bias(self):
        if self.name not in dtype._FLOAT_FORMATS:
            raise AttributeError(f"{self.name} is not a floating-point type")
        return dtype._FLOAT_FORMATS[self.name][1]

    # Upstream's dtype predicates by name: is_fp16(), is_bf16(), is_fp32(),
    # is_fp64(), is_fp8(), is_fp8e4nv(), is_fp8e5(), is_int1() .. is_int64(),
    # is_uint8() .. is_uint64(), is_ptr(), is_standard_floating().
    _PREDICATES = {
        "fp16": "float16",
        "bf16": "bfloat16",
        "fp32": "float32",
        "fp64": "float64",
        "fp8e4nv": "float8e4nv",
        "fp8e5": "float8e5",
        "int1": "int1",
        "int8": "int8",
        "int16": "int16",
        "int32": "int32",
        "int64": "int64",
        "uint8": "uint8",
        "uint16": "uint16",
        "uint32": "uint32",
        "uint64": "uint64",
    }

    def __getattr__(self, attr):
        if attr.startswith("is_"):
            what = attr[3:]
            if what in dtype._PREDICATES:
                return lambda: self.name == dtype._PREDICATES[what]
            if what == "fp8":
                return lambda: self.kind == "float" and self.bits == 8
            if what == "ptr":
                return lambda: self.kind == "ptr"
            if what == "standard_floating":
                return lambda: self.name in ("float16", "bfloat16", "float32", "float64")
        raise AttributeError(f"dtype has no attribute '{attr}'")

    def is_int_signed(self):
        return self.kind == "int" and self.signed

    def is_int_unsigned(self):
        return self.kind == "int" and not self.signed

    def __repr__(self):
        return f"triton_stub.language.{self.name}"


class const:
    """Upstream's annotation for a pointer to constant data (`x_ptr:
    tl.const`): tl.store through it is an error; the IR is the same."""


class pointer_type(dtype):
    def __init__(self, element, address_space=1, const=False):
        super().__init__(f"*const {element.name}" if const else f"*{element.name}", "ptr", 64)
        self.element, self.const = element, const
        self.ir = f"!tt.ptr<{element.ir}>"

    def is_const(self):
        return self.const

    @property
    def element_ty(self):
        """Upstream's name for the pointee type."""
        return self.element

    def __eq__(self, other):
        return isinstance(other, pointer_type) and other.element == self.element and other.const == self.const

    def __hash__(self):
        return hash(("ptr", self.element.name, self.const))


int1 = dtype("int1", "bool", 1, ir="i1")
int8 = dtype("int8", "int", 8, ir="i8")
int16 = dtype("int16", "int", 16, ir="i16")
int32 = dtype("int32", "int", 32, ir="i32")
int64 = dtype("int64", "int", 64, ir="i64")
uint8 = dtype("uint8", "int", 8, signed=False, ir="i8")
uint16 = dtype("uint16", "int", 16, signed=False, ir="i16")
uint32 = dtype("uint32", "int", 32, signed=False, ir="i32")
uint64 = dtype("uint64", "int", 64, signed=False, ir="i64")
float16 = dtype("float16", "float", 16, ir="f16")
bfloat16 = dtype("bfloat16", "float", 16, ir="bf16")
float32 = dtype("float32", "float", 32, ir="f32")
float64 = dtype("float64", "float", 64, ir="f64")
float8e4nv = dtype("float8e4nv", "float", 8, ir="f8E4M3FN")
float8e5 = dtype("float8e5", "float", 8, ir="f8E5M2")
bool_ = int1

# Signature spellings of upstream's `triton.compile` ("*fp32", "i32"...).
SIGNATURE_TYPES = {
    "i1": int1,
    "i8": int8,
    "i16": int16,
    "i32": int32,
    "i64": int64,
    "u8": uint8,
    "u16": uint16,
    "u32": uint32,
    "u64": uint64,
    "fp16": float16,
    "bf16": bfloat16,
    "fp32": float32,
    "fp64": float64,
    "fp8e4nv": float8e4nv,
    "fp8e5": float8e5,
}


def parse_descriptor_signature(text: str):
    """The block type of a descriptor signature ("tensordesc<fp16[64, 64]>",
    upstream's spelling), or None for any other signature."""
    import re

    m = re.fullmatch(r"tensordesc<([^\[>]+)\[([0-9, ]*)\]>", text.strip())
    if not m:
        if text.strip().startswith("tensordesc"):
            raise TypeError(f"bad tensor descriptor signature '{text}' (want " "e.g. tensordesc<fp16[64, 64]>)")
        return None
    shape = [int(x) for x in m.group(2).split(",") if x.strip()]
    return block_type(parse_signature_type(m.group(1).strip()), shape)


def split_tuple_signature(text: str):
    """The element types of a tuple signature, "(*fp32, (i32, i32))" ->
    ["*fp32", "(i32, i32)"]; None when `text` is not a tuple."""
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return None
    parts, depth, start = [], 0, 1
    for i, c in enumerate(text[1:-1], 1):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    last = text[start:-1].strip()
    if last:
        parts.append(last)
    return parts


def parse_signature_type(text: str) -> dtype:
    if text.startswith("*"):
        return pointer_type(parse_signature_type(text[1:]))
    if text not in SIGNATURE_TYPES:
        raise TypeError(f"unknown type '{text}' in signature (want one of " f"{', '.join(SIGNATURE_TYPES)} or *T)")
    return SIGNATURE_TYPES[text]


def get_int_dtype(bitwidth, signed):
    """The integer dtype of `bitwidth` bits (upstream's core.get_int_dtype)."""
    bitwidth = bitwidth.value if isinstance(bitwidth, constexpr) else bitwidth
    signed = signed.value if isinstance(signed, constexpr) else signed
    table = {
        (8, True): int8,
        (16, True): int16,
        (32, True): int32,
        (64, True): int64,
        (8, False): uint8,
        (16, False): uint16,
        (32, False): uint32,
        (64, False): uint64,
        (1, True): int1,
        (1, False): int1,
    }
    if (bitwidth, bool(signed)) not in table:
        raise TypeError(f"no {'signed' if signed else 'unsigned'} integer type " f"of {bitwidth} bits")
    return table[(bitwidth, bool(signed))]


class constexpr:
    """A compile-time value (annotation and wrapper), as upstream's."""

    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value}]"


class shape_tuple(tuple):
    """A tensor's `.shape`: a tuple of constexprs that compares equal to a
    list or tuple of the same sizes (`x.shape == [M, N]`), as upstream's."""

    @staticmethod
    def _values(seq):
        return tuple(d.value if isinstance(d, constexpr) else d for d in seq)

    def __eq__(self, other):
        if not isinstance(other, (tuple, list)):
            return NotImplemented
        return self._values(self) == self._values(other)

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__


class tensor:
    """An SSA value: `name` (%3), element `dtype` and `shape` (() for a
    scalar)."""

    def __init__(self, name, dtype_, shape=()):
        self.name, self.dtype, self.shape = name, dtype_, tuple(shape)

    @property
    def type(self):
        return ir_type(self.dtype, self.shape)

    def __repr__(self):
        return f"tensor({self.name}: {self.type})"


def ir_type(dt, shape):
    if not shape:
        return dt.ir
    return f"tensor<{'x'.join(str(d) for d in shape)}x{dt.ir}>"


class block_type(dtype):
    """The type of a block pointer's target (upstream's `block_type`):
    `pointer_type(block_type(float16, [64, 32]))` is `!tt.ptr<tensor<64x32xf16>>`."""

    def __init__(self, element, shape):
        shape = tuple(int(s) for s in shape)
        super().__init__(f"<{list(shape)}, {element.name}>", "block", 0, ir=ir_type(element, shape))
        self.element, self.shape = element, shape

    @property
    def element_ty(self):
        return self.element

    def __eq__(self, other):
        return isinstance(other, block_type) and (other.element, other.shape) == (self.element, self.shape)

    def __hash__(self):
        return hash(("block", self.element.name, self.shape))


def is_block_pointer(dt) -> bool:
    return isinstance(dt, pointer_type) and isinstance(dt.element, block_type)


class tensor_descriptor:
    """A tensor descriptor (upstream's `tl.tensor_descriptor`): the SSA value
    of type `!tt.tensordesc<tensor<...>>` and the shape (i32) and strides
    (i64) it was made with. Its methods are in `triton_stub.blocks`."""

    def __init__(self, name, block, shape, strides):
        self.name, self.block = name, block
        self.shape, self.strides = list(shape), list(strides)

    @property
    def type(self):
        return f"!tt.tensordesc<{self.block.ir}>"

    @property
    def block_type(self):
        return self.block

    @property
    def block_shape(self):
        return [constexpr(s) for s in self.block.shape]

    @property
    def dtype(self):
        return self.block.element

    def __repr__(self):
        return f"tensor_descriptor({self.name}: {self.type})"


CONSTEXPR_0 = constexpr(0)
