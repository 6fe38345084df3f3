"""`@jit` and `compile`: a Python kernel to TTIR, and through our tools to
TritonGPU IR (PTX once the lowering lands)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .codegen import generate_ttir
from .language.core import constexpr
from .semantic import CompilationError


_DTYPE_NAMES = {
    "float32": "fp32", "float16": "fp16", "bfloat16": "bf16", "float64": "fp64",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "bool": "i1",
}


def pointer_type_of(arg) -> str:
    """"*fp32" for a torch tensor or CuPy array of float32, etc."""
    name = str(getattr(arg, "dtype", "")).replace("torch.", "")
    if name not in _DTYPE_NAMES:
        raise TypeError(f"cannot pass an array of dtype '{name}' to a kernel")
    return "*" + _DTYPE_NAMES[name]


class JITFunction:
    def __init__(self, fn, noinline=False):
        self.fn = fn
        self.noinline = noinline
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.cache = {}
        self._driver = None

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.__name__} is a Triton kernel: launch it with "
                           f"{self.__name__}[grid](...)")

    def params(self):
        import inspect
        out = []
        for p in inspect.signature(self.fn).parameters.values():
            ann = p.annotation
            is_constexpr = ann is not inspect.Parameter.empty and (
                ann is constexpr or "constexpr" in str(ann))
            out.append((p.name, is_constexpr))
        return out

    def specialize(self, args, kwargs):
        """Like upstream's launcher: the signature from the arguments, pointers
        and integers divisible by 16 marked so, integers equal to 1 and
        constexpr parameters folded into the kernel. Returns (signature,
        constexprs, divisible_by_16, runtime argument names)."""
        params = self.params()
        bound = dict(zip([p for p, _ in params], args))
        for k, v in kwargs.items():
            if k not in dict(params):
                raise TypeError(f"{self.__name__}() got an unexpected argument '{k}'")
            bound[k] = v
        signature, constexprs, divisible, runtime = {}, {}, [], []
        for name, is_constexpr in params:
            if name not in bound:
                raise TypeError(f"{self.__name__}() missing argument '{name}'")
            v = bound[name]
            if is_constexpr:
                constexprs[name] = v.value if isinstance(v, constexpr) else v
            elif isinstance(v, bool):
                signature[name] = "i1"
                runtime.append(name)
            elif isinstance(v, int):
                if v == 1:
                    constexprs[name] = 1
                    continue
                signature[name] = ("i32" if -2**31 <= v < 2**31 else
                                   "i64" if -2**63 <= v < 2**63 else "u64")
                if v % 16 == 0:
                    divisible.append(name)
                runtime.append(name)
            elif isinstance(v, float):
                signature[name] = "fp32"
                runtime.append(name)
            elif v is None:
                constexprs[name] = None
            else:
                from .driver import data_pointer
                signature[name] = pointer_type_of(v)
                if data_pointer(v) % 16 == 0:
                    divisible.append(name)
                runtime.append(name)
        return signature, constexprs, divisible, runtime

    def __getitem__(self, grid):
        def launcher(*args, num_warps=4, num_stages=3, target=None, **kwargs):
            return self.run(grid, args, kwargs, num_warps, num_stages, target)
        return launcher

    def run(self, grid, args, kwargs, num_warps, num_stages, target):
        from . import driver as drv
        signature, constexprs, divisible, runtime = self.specialize(args, kwargs)
        if self._driver is None:
            self._driver = drv.Driver()
        if target is None:
            target = "cuda:90"
        key = (tuple(signature.items()), tuple(sorted(
            (k, repr(v)) for k, v in constexprs.items())), tuple(divisible),
            num_warps, num_stages, target)
        if key not in self.cache:
            kernel = compile(self, signature, constexprs, num_warps, num_stages,
                             target, stages=("ttir", "ttgir", "ptx"),
                             divisible_by_16=divisible,
                             unaligned=[n for n, t in signature.items()
                                        if t.startswith("*") and n not in divisible])
            function = self._driver.load(kernel.asm["ptx"], kernel.metadata["entry"],
                                         kernel.metadata["shared_bytes"])
            self.cache[key] = (function, kernel)
        function, kernel = self.cache[key]
        meta = dict(kwargs)
        meta.update(constexprs)
        g = grid(meta) if callable(grid) else grid
        g = (g,) if isinstance(g, int) else tuple(g)
        bound = dict(zip([p for p, _ in self.params()], args))
        bound.update(kwargs)
        self._driver.launch(function, g, kernel.metadata["num_warps"],
                            kernel.metadata["shared_bytes"],
                            [signature[n] for n in runtime], [bound[n] for n in runtime])
        return kernel


def jit(fn=None, *, noinline=False):
    if fn is None:
        return lambda f: JITFunction(f, noinline)
    return JITFunction(fn, noinline)


def find_tool(name: str) -> str:
    """`name` from $TRITON_STUB_TOOLS, PATH, or the repository's build/bin."""
    candidates = []
    if os.environ.get("TRITON_STUB_TOOLS"):
        candidates.append(Path(os.environ["TRITON_STUB_TOOLS"]) / name)
    found = shutil.which(name)
    if found:
        candidates.append(Path(found))
    candidates.append(Path(__file__).resolve().parents[2] / "build" / "bin" / name)
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    raise FileNotFoundError(
        f"{name} not found: build the project (make build), put it on PATH, or "
        f"set TRITON_STUB_TOOLS to the folder holding it")


class CompiledKernel:
    def __init__(self, name, asm, metadata):
        self.name, self.asm, self.metadata = name, asm, metadata


def run_tool(args, text):
    proc = subprocess.run(args, input=text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompilationError(f"{Path(args[0]).name} failed:\n{proc.stderr}")
    return proc.stdout


def compile(fn, signature: dict, constexprs: dict | None = None, num_warps=4,
            num_stages=3, target="cuda:90", stages=("ttir", "ttgir"),
            divisible_by_16=(), unaligned=()):
    """Like upstream's `triton.compile`: `.asm["ttir"]` (verified by
    triton-opt) and `.asm["ttgir"]` (our layout pipeline). Integer arguments
    named in `divisible_by_16` get `tt.divisibility = 16`, as upstream's
    launcher specializes them; pointers do too unless named in `unaligned`."""
    if isinstance(fn, JITFunction):
        fn = fn.fn
    ttir = generate_ttir(fn, signature, constexprs or {}, tuple(divisible_by_16),
                         tuple(unaligned))
    opt = find_tool("triton-opt")
    asm = {"ttir": run_tool([opt, "-"], ttir)}
    if "ttgir" in stages:
        asm["ttgir"] = run_tool(
            [opt, "-", f"--triton-to-tritongpu-pipeline=num-warps={num_warps} "
                       f"num-ctas=1 target={target}"], asm["ttir"])
    metadata = {"entry": fn.__name__, "num_warps": num_warps, "shared_bytes": 0}
    if "ptx" in stages:
        asm["ptx"], metadata = to_ptx(asm["ttir"], num_warps, num_stages, target)
    return CompiledKernel(fn.__name__, asm, metadata)


def to_ptx(ttir, num_warps, num_stages, target):
    """TTIR to PTX with `triton-opt --triton-nvidia-pipeline` and
    `triton-translate --triton-to-ptx`; the metadata from its meta.json."""
    import json
    import tempfile
    opt, translate = find_tool("triton-opt"), find_tool("triton-translate")
    proc = subprocess.run(
        [opt, "-", f"--triton-nvidia-pipeline=num-warps={num_warps} "
                   f"num-stages={num_stages} target={target}"],
        input=ttir, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompilationError(
            "PTX needs the lowering to LLVM (--triton-nvidia-pipeline), which "
            f"this build of triton-opt does not have yet:\n{proc.stderr}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kernel.ptx"
        run_tool([translate, "-", "--triton-to-ptx", "-o", str(out)], proc.stdout)
        return out.read_text(), json.loads(out.with_suffix(".meta.json").read_text())
