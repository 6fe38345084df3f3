"""`@jit` and `compile`: a Python kernel to TTIR, and through our tools to
TritonGPU IR (PTX once the lowering lands)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .codegen import generate_ttir
from .semantic import CompilationError


class JITFunction:
    def __init__(self, fn, noinline=False):
        self.fn = fn
        self.noinline = noinline
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.__name__} is a Triton kernel: launch it with "
                           f"{self.__name__}[grid](...)")


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
            divisible_by_16=()):
    """Like upstream's `triton.compile`: `.asm["ttir"]` (verified by
    triton-opt) and `.asm["ttgir"]` (our layout pipeline). Integer arguments
    named in `divisible_by_16` get `tt.divisibility = 16`, as upstream's
    launcher specializes them."""
    if isinstance(fn, JITFunction):
        fn = fn.fn
    ttir = generate_ttir(fn, signature, constexprs or {}, tuple(divisible_by_16))
    opt = find_tool("triton-opt")
    asm = {"ttir": run_tool([opt, "-"], ttir)}
    if "ttgir" in stages:
        asm["ttgir"] = run_tool(
            [opt, "-", f"--triton-to-tritongpu-pipeline=num-warps={num_warps} "
                       f"num-ctas=1 target={target}"], asm["ttir"])
    metadata = {"entry": fn.__name__, "num_warps": num_warps, "shared_bytes": 0}
    return CompiledKernel(fn.__name__, asm, metadata)
