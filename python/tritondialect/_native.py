"""The compiler in this process: libtritondialect.so (TritonDialect/CAPI.h).

Through the pybind11 extension `_tritondialect` when it was built for this
interpreter, else through ctypes over the same library (an interpreter the
wheel was not built for: the C interface does not depend on Python's ABI).
Both release the GIL while compiling, so threads compile in parallel.
"""

import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_FIELDS = ("ptx", "ttgir", "llir", "metadata", "diagnostics")


def _library_path():
    return os.environ.get("TRITONDIALECT_LIBRARY") or os.path.join(_HERE, "libtritondialect.so")


class _CTypesCompiler:
    """tdCompileTTIR through ctypes."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        lib.tdCompileTTIR.restype = ctypes.c_void_p
        lib.tdCompileTTIR.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
        lib.tdResultSucceeded.restype = ctypes.c_int
        lib.tdResultSucceeded.argtypes = [ctypes.c_void_p]
        lib.tdResultGet.restype = ctypes.c_char_p
        lib.tdResultGet.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.tdResultFree.restype = None
        lib.tdResultFree.argtypes = [ctypes.c_void_p]
        lib.tdVersion.restype = ctypes.c_char_p
        self._lib = lib

    def compile(self, ttir, options=""):
        data = ttir.encode("utf-8")
        result = self._lib.tdCompileTTIR(data, len(data), options.encode("utf-8"))
        try:
            out = {"succeeded": bool(self._lib.tdResultSucceeded(result))}
            for field in _FIELDS:
                out[field] = self._lib.tdResultGet(result, field.encode()).decode("utf-8", "replace")
            return out
        finally:
            self._lib.tdResultFree(result)

    def version(self):
        return self._lib.tdVersion().decode()


def _load():
    if os.environ.get("TRITONDIALECT_BINDING") != "ctypes" and not os.environ.get("TRITONDIALECT_LIBRARY"):
        try:
            from . import _tritondialect as ext

            return ext, "pybind11"
        except ImportError:
            pass
    return _CTypesCompiler(_library_path()), "ctypes"


_compiler, binding = _load()
compile = _compiler.compile
version = _compiler.version
