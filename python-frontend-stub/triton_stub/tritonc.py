"""Triton-C kernels from Python: compile a `.tc` file with `triton-c` and our
pipeline, launch it with our driver, and auto-tune `-D` lists as the seeds
describe ("the Triton preprocessor also accepts lists of possible
definitions for macros, in which case an auto-tuning procedure will be
launched every-time new input sizes are encountered").

    add = tritonc.load("add.tc", TYPE="float", SIZE=[32, 64, 128, 256],
                       num_warps=1)
    add[lambda D: (cdiv(n, D["SIZE"]),)](n, x, y, z)

`load` runs `triton-c` once: a list gives one kernel per combination of
values. The first launch for a new tuple of scalar arguments (the input
sizes) times every variant with CUDA events and keeps the fastest for that
tuple (`kernel.best`). The grid is a function of the chosen defines.

PTX is cached on disk ($TRITON_STUB_CACHE_DIR) keyed by the source text and
options, so a GPU machine without our tools runs what was compiled
elsewhere (`prepare` there, `run` here, as for the Python frontend).
"""

import hashlib
import json
import re
from pathlib import Path

from .jit import cache_dir, find_tool, run_tool, to_ptx

_TYPES = {
    "i1": "i1",
    "i8": "i8",
    "i16": "i16",
    "i32": "i32",
    "i64": "i64",
    "f16": "fp16",
    "bf16": "bf16",
    "f32": "fp32",
    "f64": "fp64",
}


def _signature(ttir):
    """Launch types ("*fp32", "i32", ...) of the kernel's parameters."""
    header = re.search(r"tt\.func public @\w+\((.*?)\)\s*attributes", ttir, re.S)
    types = []
    for ty in re.findall(r"%[\w.]+: (!tt\.ptr<\w+>|\w+)", header.group(1)):
        ptr = re.match(r"!tt\.ptr<(\w+)>", ty)
        types.append("*" + _TYPES[ptr.group(1)] if ptr else _TYPES[ty])
    return types


def _split_variants(text):
    """`triton-c`'s output: one module, or several after `// -----` lines,
    each headed `// triton-c variant: NAME=VALUE ...`."""
    variants = []
    for chunk in text.split("// -----\n"):
        m = re.match(r"// triton-c variant:(.*)\n", chunk)
        chosen = dict(kv.split("=", 1) for kv in m.group(1).split()) if m else {}
        variants.append((chosen, chunk))
    return variants


class Variant:
    def __init__(self, defines, ttir, ptx, metadata):
        self.defines = {k: _number(v) for k, v in defines.items()}
        self.ttir, self.ptx, self.metadata = ttir, ptx, metadata
        self.signature = _signature(ttir)
        self.function = None


def _number(v):
    try:
        return int(v)
    except ValueError:
        return v


def _define_args(defines):
    args = []
    for name, value in defines.items():
        if isinstance(value, (list, tuple)):
            value = "[" + ", ".join(str(v) for v in value) + "]"
        args.append(f"-D{name}={value}")
    return args


def compile_variants(path, defines, num_warps=4, num_stages=3, target="cuda:90"):
    """Every variant of `path` under `defines` (lists tuned), compiled to
    PTX, from the disk cache when it holds them."""
    source = Path(path).read_text()
    args = _define_args(defines)
    key = hashlib.sha256(json.dumps([source, args, num_warps, num_stages, target]).encode()).hexdigest()
    entry = cache_dir() / ("tc-" + key[:32] + ".json")
    if entry.is_file():
        try:
            find_tool("triton-c")
        except FileNotFoundError:
            data = json.loads(entry.read_text())
            return [Variant(*v) for v in data]
    text = run_tool([find_tool("triton-c"), str(path), *args], "")
    variants = []
    fixed = {k: str(v) for k, v in defines.items() if not isinstance(v, (list, tuple))}
    for chosen, ttir in _split_variants(text):
        ptx, metadata = to_ptx(ttir, num_warps, num_stages, target)
        variants.append(({**fixed, **chosen}, ttir, ptx, metadata))
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(json.dumps(variants))
    except OSError:
        pass
    return [Variant(*v) for v in variants]


class TritonCKernel:
    def __init__(self, path, defines, num_warps=4, num_stages=3, target="cuda:90"):
        self.variants = compile_variants(path, defines, num_warps, num_stages, target)
        self.best = {}  # scalar arguments -> chosen Variant
        self.timings = {}
        self._driver = None

    def __getitem__(self, grid):
        def launcher(*args):
            return self.run(grid, args)

        return launcher

    def _launch(self, variant, grid, args):
        from . import driver as drv

        for ty, arg in zip(variant.signature, args):
            # The TTIR takes pointers 16-byte aligned (tt.divisibility = 16).
            if ty.startswith("*") and drv.data_pointer(arg) % 16:
                raise ValueError("Triton-C kernels take 16-byte-aligned " "pointers; this argument is not")
        if self._driver is None:
            self._driver = drv.Driver()
        if variant.function is None:
            variant.function = self._driver.load(
                variant.ptx, variant.metadata["entry"], variant.metadata["shared_bytes"]
            )
        g = grid(variant.defines) if callable(grid) else grid
        g = (g,) if isinstance(g, int) else tuple(g)
        self._driver.launch(
            variant.function,
            g,
            variant.metadata["num_warps"],
            variant.metadata["shared_bytes"],
            variant.signature,
            list(args),
        )

    def _time(self, variant, grid, args, reps=20):
        self._launch(variant, grid, args)  # load, warm up
        start, end = self._driver.event(), self._driver.event()
        self._driver.record(start)
        for _ in range(reps):
            self._launch(variant, grid, args)
        self._driver.record(end)
        return self._driver.elapsed_ms(start, end) / reps

    def run(self, grid, args):
        key = tuple(a for a in args if isinstance(a, (int, float)))
        if key not in self.best:
            if len(self.variants) == 1:
                self.best[key] = self.variants[0]
            else:
                times = [(self._time(v, grid, args), i) for i, v in enumerate(self.variants)]
                self.timings[key] = {json.dumps(self.variants[i].defines): t for t, i in times}
                self.best[key] = self.variants[min(times)[1]]
        self._launch(self.best[key], grid, args)
        return self.best[key]


def load(path, num_warps=4, num_stages=3, target="cuda:90", **defines):
    """A launchable Triton-C kernel; `defines` are its `-D` macros (a list
    is auto-tuned)."""
    return TritonCKernel(path, defines, num_warps, num_stages, target)
