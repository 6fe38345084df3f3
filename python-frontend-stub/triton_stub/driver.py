"""Loading PTX and launching kernels through the CUDA driver API (ctypes on
libcuda), with upstream Triton's argument ABI: pointers as 64-bit device
addresses, integers and floats by their width, i1 as a byte."""

from __future__ import annotations

import ctypes
import json
from pathlib import Path

CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8

_SCALARS = {
    "i1": ctypes.c_uint8,
    "i8": ctypes.c_int8,
    "i16": ctypes.c_int16,
    "i32": ctypes.c_int32,
    "i64": ctypes.c_int64,
    "u8": ctypes.c_uint8,
    "u16": ctypes.c_uint16,
    "u32": ctypes.c_uint32,
    "u64": ctypes.c_uint64,
    "fp16": ctypes.c_uint16,
    "bf16": ctypes.c_uint16,
    "fp32": ctypes.c_float,
    "fp64": ctypes.c_double,
}


class CudaError(RuntimeError):
    pass


def data_pointer(arg) -> int:
    """The device address of a torch tensor, a CuPy array, or anything with
    `data_ptr()` or `__cuda_array_interface__`."""
    if hasattr(arg, "data_ptr"):
        return int(arg.data_ptr())
    if hasattr(arg, "__cuda_array_interface__"):
        return int(arg.__cuda_array_interface__["data"][0])
    if isinstance(arg, int):
        return arg
    raise TypeError(
        f"cannot pass {type(arg).__name__} as a pointer: want a " "torch tensor, a CuPy array or a device address"
    )


class Driver:
    """The primary context of one device; modules loaded from PTX text."""

    def __init__(self, device: int = 0):
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            raise CudaError(f"libcuda.so.1 not found: no NVIDIA driver here ({e})")
        self._check(self.lib.cuInit(0), "cuInit")
        dev = ctypes.c_int()
        self._check(self.lib.cuDeviceGet(ctypes.byref(dev), device), "cuDeviceGet")
        ctx = ctypes.c_void_p()
        self._check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        self._check(self.lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        self.modules = []

    def _check(self, status, what):
        if status != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(status, ctypes.byref(name))
            raise CudaError(f"{what} failed: {name.value.decode() if name.value else status}")

    def load(self, ptx: str, entry: str, shared_bytes: int = 0):
        module = ctypes.c_void_p()
        log = ctypes.create_string_buffer(8192)
        self._check(
            self.lib.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(ptx.encode() + b"\0")),
            f"cuModuleLoadData ({entry})",
        )
        self.modules.append(module)
        function = ctypes.c_void_p()
        self._check(
            self.lib.cuModuleGetFunction(ctypes.byref(function), module, entry.encode()),
            f"cuModuleGetFunction({entry})",
        )
        if shared_bytes > 48 * 1024:
            self._check(
                self.lib.cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared_bytes),
                "cuFuncSetAttribute(max dynamic shared memory)",
            )
        del log
        return function

    def launch(self, function, grid, num_warps: int, shared_bytes: int, signature: list, args: list, stream: int = 0):
        """`signature`: one type per argument ("*fp32", "i32", ...)."""
        if len(signature) != len(args):
            raise TypeError(f"{len(args)} arguments for {len(signature)} parameters")
        holders = []
        for ty, arg in zip(signature, args):
            if ty.startswith("*"):
                holders.append(ctypes.c_uint64(data_pointer(arg)))
            elif ty in _SCALARS:
                holders.append(_SCALARS[ty](arg))
            else:
                raise TypeError(f"unknown parameter type '{ty}'")
        params = (ctypes.c_void_p * max(1, len(holders)))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders]
        )
        grid = tuple(grid) + (1,) * (3 - len(tuple(grid)))
        self._check(
            self.lib.cuLaunchKernel(
                function,
                grid[0],
                grid[1],
                grid[2],
                32 * num_warps,
                1,
                1,
                shared_bytes,
                ctypes.c_void_p(stream),
                params,
                None,
            ),
            "cuLaunchKernel",
        )

    def synchronize(self):
        self._check(self.lib.cuCtxSynchronize(), "cuCtxSynchronize")

    def event(self):
        """A CUDA event (cuEventCreate, default flags: timing enabled)."""
        event = ctypes.c_void_p()
        self._check(self.lib.cuEventCreate(ctypes.byref(event), 0), "cuEventCreate")
        return event

    def record(self, event, stream: int = 0):
        self._check(self.lib.cuEventRecord(event, ctypes.c_void_p(stream)), "cuEventRecord")

    def elapsed_ms(self, start, end) -> float:
        """Milliseconds between two recorded events (waits for `end`)."""
        self._check(self.lib.cuEventSynchronize(end), "cuEventSynchronize")
        ms = ctypes.c_float()
        self._check(self.lib.cuEventElapsedTime(ctypes.byref(ms), start, end), "cuEventElapsedTime")
        return ms.value


def load_compiled(driver: Driver, ptx_path):
    """A `<name>.ptx` and its `<name>.meta.json` as our tools write them."""
    ptx_path = Path(ptx_path)
    meta = json.loads(ptx_path.with_suffix(".meta.json").read_text())
    function = driver.load(ptx_path.read_text(), meta["entry"], meta["shared_bytes"])
    return function, meta
