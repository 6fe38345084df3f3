"""`@jit` and `compile`: a Python kernel to TTIR, and through our tools to
TritonGPU IR and PTX (kept in a disk cache), and `kernel[grid](...)`."""

from __future__ import annotations

import functools
import inspect
import os
import shutil
import subprocess
import typing
from pathlib import Path

from .codegen import generate_ttir
from .language.core import constexpr
from .semantic import CompilationError
from .tools.tensor_descriptor import TensorDescriptor


_DTYPE_NAMES = {
    "float32": "fp32",
    "float16": "fp16",
    "bfloat16": "bf16",
    "float64": "fp64",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "u8",
    "uint16": "u16",
    "uint32": "u32",
    "uint64": "u64",
    "bool": "i1",
    "float8_e4m3fn": "fp8e4nv",
    "float8_e5m2": "fp8e5",
}


class TensorWrapper:
    """A tensor's memory seen as another Triton dtype (upstream's
    `triton.reinterpret`): launches pass it as a pointer to that dtype."""

    def __init__(self, base, dtype):
        self.base, self.dtype = base, dtype
        self.shape = getattr(base, "shape", None)

    def data_ptr(self):
        return self.base.data_ptr()

    def numel(self):
        return self.base.numel()

    def element_size(self):
        return self.dtype.primitive_bitwidth // 8

    def __str__(self):
        return f"TensorWrapper[{self.dtype}]({self.base})"


def reinterpret(tensor, dtype):
    """`tensor`'s memory as elements of the Triton `dtype`; a torch dtype
    gives the underlying tensor viewed as that dtype."""
    from .language.core import dtype as tl_dtype

    if isinstance(tensor, TensorWrapper):
        if dtype == tensor.base.dtype:
            return tensor.base
        tensor = tensor.base
    if isinstance(dtype, tl_dtype):
        return TensorWrapper(tensor, dtype)
    return tensor.view(dtype)


def pointer_type_of(arg) -> str:
    """ "*fp32" for a torch tensor or CuPy array of float32, etc."""
    from .language.core import SIGNATURE_TYPES, dtype as tl_dtype

    if isinstance(getattr(arg, "dtype", None), tl_dtype):  # triton.reinterpret
        names = [k for k, v in SIGNATURE_TYPES.items() if v is arg.dtype]
        if not names:
            raise TypeError(f"cannot pass an array of Triton dtype '{arg.dtype.name}' to a kernel")
        return "*" + names[0]
    name = str(getattr(arg, "dtype", "")).replace("torch.", "")
    if name not in _DTYPE_NAMES:
        raise TypeError(f"cannot pass an array of dtype '{name}' to a kernel")
    return "*" + _DTYPE_NAMES[name]


class JITFunction:
    __triton_jit_function__ = True  # what codegen.is_jit_function looks for

    def __init__(self, fn, noinline=False, do_not_specialize=(), do_not_specialize_on_alignment=()):
        self.fn = fn
        self.noinline = noinline
        # Parameters (names or positions) the launcher does not specialize
        # on: neither value 1 nor divisibility by 16 / only divisibility.
        names = [p for p in inspect.signature(fn).parameters]

        def by_name(items):
            return {names[i] if isinstance(i, int) else i for i in items}

        self.do_not_specialize = by_name(do_not_specialize)
        self.do_not_specialize_on_alignment = by_name(do_not_specialize_on_alignment)
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.cache = {}
        self._driver = None

    @property
    def src(self) -> str:
        """The function's source from `def` on, as upstream's `JITFunction.src`."""
        from .codegen import function_source

        return function_source(self.fn)

    def _unsafe_update_src(self, new_src: str):
        """Upstream's hook to compile different source under this function
        (its tests patch templates this way). The function object is copied
        first, so other JITFunctions made from it keep their source."""
        import types

        fn = types.FunctionType(
            self.fn.__code__, self.fn.__globals__, self.fn.__name__, self.fn.__defaults__, self.fn.__closure__
        )
        for attr in ("__kwdefaults__", "__annotations__", "__qualname__", "__module__"):
            setattr(fn, attr, getattr(self.fn, attr))
        fn.__dict__.update(self.fn.__dict__)
        fn.__triton_stub_src__ = new_src
        self.fn = fn
        self.cache = {}

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.__name__} is a Triton kernel: launch it with " f"{self.__name__}[grid](...)")

    def params(self):
        """(name, is_constexpr) per parameter (computed once: the launcher
        asks on every launch)."""
        if getattr(self, "_params", None) is None:
            self._params = self._signature_params()
        return self._params

    def defaults(self):
        """Default values of the parameters that have one."""
        if getattr(self, "_defaults", None) is None:
            import inspect

            self._defaults = {
                p.name: p.default
                for p in inspect.signature(self.fn).parameters.values()
                if p.default is not inspect.Parameter.empty
            }
        return self._defaults

    def _signature_params(self):
        import inspect

        out = []
        for p in inspect.signature(self.fn).parameters.values():
            ann = p.annotation
            is_constexpr = ann is not inspect.Parameter.empty and (ann is constexpr or "constexpr" in str(ann))
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
            if name not in bound and name in self.defaults():
                bound[name] = self.defaults()[name]
            if name not in bound:
                raise TypeError(f"{self.__name__}() missing argument '{name}'")
            v = bound[name]
            if is_constexpr:
                constexprs[name] = v.value if isinstance(v, constexpr) else v
            elif isinstance(v, int) and not isinstance(v, bool) and v == 1 and name not in self.do_not_specialize:
                constexprs[name] = 1
            elif v is None:
                constexprs[name] = None
            elif isinstance(v, TensorDescriptor):
                # Its shape and strides specialize like integers: those
                # divisible by 16 are marked so ("name.shape0", ...).
                signature[name] = v.signature()
                for what, values in (("shape", v.shape), ("stride", v.strides)):
                    divisible += [f"{name}.{what}{k}" for k, x in enumerate(values) if x % 16 == 0]
                runtime.append(name)
            else:
                aligned = name not in self.do_not_specialize and name not in self.do_not_specialize_on_alignment
                signature[name] = self._runtime_type(name, v, divisible, aligned)
                runtime.append(name)
        return signature, constexprs, divisible, runtime

    def _kernel_name(self, signature, constexprs):
        """The compiled kernel's name: the function's, or what its
        `jit(repr=...)` makes of the specialization (a symbol-safe form)."""
        if getattr(self, "repr", None) is None:
            return self.__name__
        import re
        import types

        spec = types.SimpleNamespace(name=self.__name__, signature=dict(signature), constants=dict(constexprs))
        name = re.sub(r"[^A-Za-z0-9_]", "_", str(self.repr(spec)))
        return name if name and not name[0].isdigit() else f"_{name}"

    @staticmethod
    def _runtime_type(path, v, divisible, aligned=True):
        """The signature type of a runtime argument `v` ("i32", "*fp16", a
        tuple "(*fp32, i32)" of its elements, named path.0, path.1, ...);
        when `aligned`, integers divisible by 16 and 16-byte aligned
        pointers are appended to `divisible` by path."""
        if isinstance(v, (tuple, list)):
            return (
                "("
                + ", ".join(JITFunction._runtime_type(f"{path}.{k}", x, divisible, aligned) for k, x in enumerate(v))
                + ")"
            )
        if isinstance(v, bool):
            return "i1"
        if isinstance(v, int):
            if not -(2**63) <= v < 2**64:
                raise OverflowError(f"integer argument {path} = {v} does not fit in 64 bits")
            if aligned and v % 16 == 0:
                divisible.append(path)
            return "i32" if -(2**31) <= v < 2**31 else "i64" if -(2**63) <= v < 2**63 else "u64"
        if isinstance(v, float):
            return "fp32"
        from .driver import data_pointer

        if aligned and data_pointer(v) % 16 == 0:
            divisible.append(path)
        return pointer_type_of(v)

    @staticmethod
    def _flatten_argument(text, value, types, values):
        from .language.core import split_tuple_signature

        elements = split_tuple_signature(text)
        if elements is None:
            types.append(text)
            values.append(value)
            return
        for t, v in zip(elements, value):
            JITFunction._flatten_argument(t, v, types, values)

    # Upstream's other compile and launch options. Accepted and not acted
    # on: every program runs as one CTA (num_ctas > 1 would only split it
    # over a cluster), and the rest tune code generation or the launch
    # without changing what a kernel computes.
    IGNORED_OPTIONS = (
        "num_ctas",
        "launch_cooperative_grid",
        "launch_pdl",
        "sanitize_overflow",
        "instrumentation_mode",
        "num_buffers_warp_spec",
        "num_consumer_groups",
        "reg_dec_producer",
        "reg_inc_consumer",
        "extern_libs",
    )

    def _launch_options(self, target, kwargs):
        """Upstream's options among `kwargs` (those that are not parameters
        of the kernel): the target (`target=`, else `arch=` "sm80" / 90 or
        $TRITON_OVERRIDE_ARCH as cuda:NN), the PTX options (`maxnreg`,
        `enable_fp_fusion`, else $TRITON_DEFAULT_FP_FUSION), and the kernel's
        arguments with the ignored options dropped."""
        params = {p for p, _ in self.params()}
        options = {k: kwargs[k] for k in ("arch", "maxnreg", "enable_fp_fusion") if k in kwargs and k not in params}
        kwargs = {
            k: v for k, v in kwargs.items() if k in params or (k not in self.IGNORED_OPTIONS and k not in options)
        }
        arch = options.get("arch") or os.environ.get("TRITON_OVERRIDE_ARCH")
        if target is None and arch is not None:
            digits = "".join(ch for ch in str(arch) if ch.isdigit())
            if not digits:
                raise ValueError(f"arch={arch!r}: want sm80, sm90, 90 ...")
            target = f"cuda:{digits}"
        fusion = options.get("enable_fp_fusion")
        if fusion is None:
            fusion = os.environ.get("TRITON_DEFAULT_FP_FUSION", "1") not in ("0", "false")
        return target, PtxOptions(options.get("maxnreg"), bool(fusion)), kwargs

    def __getitem__(self, grid):
        def launcher(*args, num_warps=4, num_stages=3, target=None, **kwargs):
            target, ptx_options, kwargs = self._launch_options(target, kwargs)
            return self.run(grid, args, kwargs, num_warps, num_stages, target, ptx_options)

        return launcher

    def warmup(self, *args, grid=None, num_warps=4, num_stages=3, target=None, **kwargs):
        """Compiles (and caches) the kernel these arguments specialize to,
        without launching it, like upstream's `kernel.warmup`. Arguments may
        be stand-ins: objects with `dtype` and `data_ptr()`. With `grid`,
        the kernel is the one `kernel[grid]` launches (whether the grid's x
        extent is even is part of the specialization)."""
        target, ptx_options, kwargs = self._launch_options(target, kwargs)
        multiple = 1 if grid is None else grid_multiple(self._grid(grid, args, kwargs))
        return self._compiled(args, kwargs, num_warps, num_stages, target, ptx_options, grid_x_multiple=multiple)[0]

    def _grid(self, grid, args, kwargs):
        """The launch grid as a tuple (a callable grid gets the arguments
        and constexprs by name, as upstream's)."""
        if callable(grid):
            meta = dict(kwargs)
            meta.update(self.specialize(args, kwargs)[1])
            grid = grid(meta)
        return (grid,) if isinstance(grid, int) else tuple(grid)

    def _compiled(self, args, kwargs, num_warps, num_stages, target, ptx_options=None, grid_x_multiple=1):
        ptx_options = ptx_options or PtxOptions()
        if num_warps < 1 or num_warps & (num_warps - 1):
            raise AssertionError(f"num_warps={num_warps} must be a power of 2")
        signature, constexprs, divisible, runtime = self.specialize(args, kwargs)
        if target is None:
            target = "cuda:90"
        key = (
            tuple(signature.items()),
            tuple(sorted((k, repr(v)) for k, v in constexprs.items())),
            tuple(divisible),
            num_warps,
            num_stages,
            target,
            ptx_options,
            grid_x_multiple,
        )
        if key not in self.cache:
            self.cache[key] = compile(
                self,
                signature,
                constexprs,
                num_warps,
                num_stages,
                target,
                stages=("ptx",),
                divisible_by_16=divisible,
                unaligned=[n for n, t in signature.items() if t.startswith("*") and n not in divisible],
                name=self._kernel_name(signature, constexprs),
                maxnreg=ptx_options.maxnreg,
                enable_fp_fusion=ptx_options.enable_fp_fusion,
                grid_x_multiple=grid_x_multiple,
            )
        return self.cache[key], signature, constexprs, runtime

    def run(self, grid, args, kwargs, num_warps, num_stages, target, ptx_options=None):
        from . import driver as drv

        # The grid is known before the kernel is chosen: whether its x extent
        # is even is part of the specialization (grid-x-multiple: blocks of
        # tensor-core loops may then be launched in 2-block clusters).
        g = self._grid(grid, args, kwargs)
        kernel, signature, constexprs, runtime = self._compiled(
            args, kwargs, num_warps, num_stages, target, ptx_options, grid_x_multiple=grid_multiple(g)
        )
        if self._driver is None:
            self._driver = drv.Driver()
        if getattr(kernel, "function", None) is None:
            kernel.function = self._driver.load(
                kernel.asm["ptx"], kernel.metadata["entry"], kernel.metadata["shared_bytes"]
            )
        bound = dict(zip([p for p, _ in self.params()], args))
        bound.update(kwargs)
        types, values = [], []
        for n in runtime:
            if isinstance(bound[n], TensorDescriptor):
                t, v = bound[n].launch_arguments()
                types += t
                values += v
            else:
                self._flatten_argument(signature[n], bound[n], types, values)
        self._driver.launch(
            kernel.function, g, kernel.metadata["num_warps"], kernel.metadata["shared_bytes"], types, values
        )
        return kernel


def jit(
    fn=None,
    *,
    noinline=False,
    do_not_specialize=(),
    do_not_specialize_on_alignment=(),
    debug=None,
    launch_metadata=None,
    repr=None,
):
    """`@triton.jit`, with upstream's keywords: `do_not_specialize` /
    `do_not_specialize_on_alignment` (names or positions) are honoured;
    `repr(specialization)` names each compiled kernel (its `.signature` and
    `.constants`, as upstream passes them); `debug` and `launch_metadata`
    (hooks of upstream's runtime) are accepted and have no effect here."""

    def make(f):
        k = JITFunction(f, noinline, do_not_specialize, do_not_specialize_on_alignment)
        k.repr = repr
        return k

    return make if fn is None else make(fn)


def find_tool(name: str) -> str:
    """`name` from $TRITON_STUB_TOOLS when it is set (only there), else from
    PATH or the repository's build/bin."""
    candidates = []
    if os.environ.get("TRITON_STUB_TOOLS"):
        candidates.append(Path(os.environ["TRITON_STUB_TOOLS"]) / name)
    else:
        found = shutil.which(name)
        if found:
            candidates.append(Path(found))
        candidates.append(Path(__file__).resolve().parents[2] / "build" / "bin" / name)
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    raise FileNotFoundError(
        f"{name} not found: build the project (make build), put it on PATH, or "
        f"set TRITON_STUB_TOOLS to the folder holding it"
    )


class PtxOptions(typing.NamedTuple):
    """Launch options that change the PTX but not the TTIR."""

    maxnreg: int | None = None
    enable_fp_fusion: bool = True


class Stages(dict):
    """A kernel's `asm`: the stages compiled so far, and the others compiled
    from the frontend's TTIR (`source`) when first read
    (`kernel[grid](...).asm["ttgir"]`). "ttir" is that TTIR after the TTIR
    stage's passes (`--triton-ttir-pipeline`), as upstream's asm["ttir"] is
    after make_ttir."""

    def __init__(self, stages, options, source, key):
        super().__init__(stages)
        self.options = options  # (num_warps, num_stages, target, fp_fusion, grid_x_multiple)
        self.source = source  # verified, with the Python source locations
        self.key = key  # the frontend's TTIR text: the PTX cache's key

    @functools.cached_property
    def emitted(self):
        """The TTIR as the frontend emitted it, before any pass, printed
        without locations (our own: upstream's asm has no such stage). The
        frontend's tests read this."""
        try:
            return run_tool([find_tool("triton-opt"), "-"], self.source)
        except FileNotFoundError:
            return self.source

    def __missing__(self, stage):
        ttir = self.source
        num_warps, num_stages, target, fp_fusion, grid_x_multiple = self.options
        if stage == "ttir":
            value = to_ttir_stage(ttir)
        elif stage == "ttgir":
            value = to_ttgir(ttir, num_warps, num_stages, target, grid_x_multiple)
        elif stage == "llir":
            value = to_llir(ttir, num_warps, num_stages, target, grid_x_multiple)
        elif stage == "ptx":
            value = cached_ptx(self.key, ttir, num_warps, num_stages, target, fp_fusion, grid_x_multiple)[0]
        else:
            raise KeyError(f"no stage '{stage}': the stages are {', '.join(ALL_STAGES)}")
        self[stage] = value
        return value


class CompiledKernel:
    """A compiled kernel: `asm` (its stages) and `metadata` (entry, warps,
    shared memory). One compiled from an IR file (`arg_types` known) is
    launched as upstream's: `kernel[grid](*args)`."""

    def __init__(self, name, asm, metadata, arg_types=None):
        self.name, self.asm, self.metadata = name, asm, metadata
        self.arg_types = arg_types
        self._driver = self.function = None

    def __getitem__(self, grid):
        if self.arg_types is None:
            raise TypeError(
                f"{self.name} was compiled from a function: launch it " f"through the function, {self.name}[grid](...)"
            )

        def launch(*args, stream=0):
            from . import driver as drv

            if len(args) != len(self.arg_types):
                raise TypeError(
                    f"{self.name} takes {len(self.arg_types)} arguments "
                    f"({', '.join(self.arg_types)}), got {len(args)}"
                )
            if self._driver is None:
                self._driver = drv.Driver()
                self.function = self._driver.load(
                    self.asm["ptx"], self.metadata["entry"], self.metadata["shared_bytes"]
                )
            g = (grid,) if isinstance(grid, int) else tuple(grid)
            self._driver.launch(
                self.function,
                g,
                self.metadata["num_warps"],
                self.metadata["shared_bytes"],
                self.arg_types,
                list(args),
                stream,
            )
            return self

        return launch


# MLIR scalar types to signature spellings, for IR files' parameters.
_MLIR_SIGNATURE = {
    "i1": "i1",
    "i8": "i8",
    "i16": "i16",
    "i32": "i32",
    "i64": "i64",
    "f16": "fp16",
    "bf16": "bf16",
    "f32": "fp32",
    "f64": "fp64",
    "f8E4M3FN": "fp8e4nv",
    "f8E5M2": "fp8e5",
}


def _entry_signature(ir: str):
    """The public tt.func's name and parameter types ("*fp32", "i32") in
    TTIR or TTGIR text."""
    import re

    m = re.search(r"tt\.func\s+public\s+@([\w$.]+)\s*\(", ir)
    if not m:
        raise CompilationError("no public tt.func in the file: nothing to launch")
    depth, end = 1, m.end()
    while depth and end < len(ir):
        depth += {"(": 1, ")": -1}.get(ir[end], 0)
        end += 1
    types = []
    for t in re.findall(r"%[\w]+\s*:\s*(!tt\.ptr<[^>]+>|[\w]+)", ir[m.end() : end - 1]):
        pointer = t.startswith("!tt.ptr<")
        element = t[len("!tt.ptr<") : -1].split(",")[0].strip() if pointer else t
        if element not in _MLIR_SIGNATURE:
            raise CompilationError(f"parameter type '{t}' of @{m.group(1)} cannot be launched")
        types.append(("*" if pointer else "") + _MLIR_SIGNATURE[element])
    return m.group(1), types


def compile_ir_file(path, num_warps=4, num_stages=3, target="cuda:90"):
    """Upstream's `triton.compile("kernel.ttgir")`: a TritonGPU IR file
    (layouts chosen, warps in its `ttg.num-warps`) lowered as it is, or a
    TTIR file through the whole pipeline; every stage in `.asm` when
    compiled here (from the disk cache, the PTX, the other stages compiled
    when first read), launched with `kernel[grid](*args)`. A machine without
    our tools launches files compiled elsewhere."""
    path = Path(path)
    if path.suffix not in (".ttir", ".ttgir"):
        raise CompilationError(f"{path}: want a .ttir or .ttgir file")
    ir = path.read_text()
    name, arg_types = _entry_signature(ir)
    asm = _IRFileStages(path.suffix, ir, (num_warps, num_stages, target))

    def build():
        asm.update(_lower_ir_file(path.suffix, ir, num_warps, num_stages, target))
        return lowered_to_ptx(asm.pop("lowered"))

    asm["ptx"], metadata = disk_cached(f"{path.suffix}\n{ir}\n{num_warps}\n{num_stages}\n{target}", target, build)
    return CompiledKernel(name, asm, metadata, arg_types)


class _IRFileStages(dict):
    """An IR file's `asm`: the stages compiled so far; the others (ttir,
    ttgir, llir) compiled when first read, as they are when the PTX came from
    the disk cache."""

    def __init__(self, suffix, ir, options):
        super().__init__({suffix[1:]: ir})
        self.suffix, self.ir, self.options = suffix, ir, options

    def __missing__(self, stage):
        if stage not in ("ttir", "ttgir", "llir"):
            raise KeyError(stage)
        stages = _lower_ir_file(self.suffix, self.ir, *self.options)
        stages.pop("lowered")
        for k, v in stages.items():
            self.setdefault(k, v)
        if stage not in self:
            raise KeyError(stage)
        return self[stage]


def _lower_ir_file(suffix, ir, num_warps, num_stages, target):
    """A .ttgir or .ttir file's text to its verified text, TTGIR, LLVM IR and
    the LLVM-dialect module ("lowered") the PTX step takes."""
    opt = find_tool("triton-opt")
    if suffix == ".ttgir":
        # Upstream's TTGIR tests leave the target to the compiler.
        asm = {"ttgir": run_tool([opt, "-", f"--tritongpu-set-target=target={target}"], ir)}
    else:
        asm = {"ttir": run_tool([opt, "-"], ir)}
        asm["ttgir"] = to_ttgir(asm["ttir"], num_warps, num_stages, target)
    asm["lowered"] = run_tool([opt, "-", "--tritongpu-to-llvm-pipeline"], asm["ttgir"])
    asm["llir"] = run_tool([find_tool("triton-translate"), "-", "--mlir-to-llvmir"], asm["lowered"])
    return asm


def run_tool(args, text):
    proc = subprocess.run(args, input=text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompilationError(f"{Path(args[0]).name} failed:\n{proc.stderr}")
    return proc.stdout


ALL_STAGES = ("ttir", "ttgir", "llir", "ptx")


def compile(
    fn,
    signature: dict | None = None,
    constexprs: dict | None = None,
    num_warps=4,
    num_stages=3,
    target="cuda:90",
    stages=None,
    divisible_by_16=(),
    unaligned=(),
    name=None,
    maxnreg=None,
    enable_fp_fusion=True,
    grid_x_multiple=1,
):
    """Like upstream's `triton.compile`: every stage by default,
    `.asm["ttir"]` (after the TTIR stage's passes), `.asm["ttgir"]` (our layout
    pipeline), `.asm["llir"]` (LLVM IR) and `.asm["ptx"]`; `stages` picks
    some. Integer arguments named in `divisible_by_16` get `tt.divisibility
    = 16`, as upstream's launcher specializes them; pointers do too unless
    named in `unaligned`. `grid_x_multiple` is the launcher's word that the
    grid's x extent is a multiple of it (`grid_multiple`)."""
    if isinstance(fn, (str, os.PathLike)):
        return compile_ir_file(fn, num_warps, num_stages, target)
    if isinstance(fn, JITFunction):
        fn = fn.fn
    if signature is None:
        raise TypeError(f"compile({fn.__name__}) needs a signature")
    stages = tuple(stages) if stages else ALL_STAGES
    unknown = set(stages) - set(ALL_STAGES)
    if unknown:
        raise ValueError(f"unknown stages {sorted(unknown)}: want some of {ALL_STAGES}")
    name = name or fn.__name__
    ttir = generate_ttir(fn, signature, constexprs or {}, tuple(divisible_by_16), tuple(unaligned), name, num_warps)
    # The TTIR is verified by triton-opt where it is installed; a machine
    # without our tools can still launch kernels whose PTX is cached.
    try:
        opt = find_tool("triton-opt")
    except FileNotFoundError:
        if "ttgir" in stages or "ptx" not in stages:
            raise
        opt = None
    # Verified, keeping the Python locations for the PTX's line info.
    source = run_tool([opt, "-", "--mlir-print-debuginfo"], ttir) if opt else ttir
    asm = Stages({}, (num_warps, num_stages, target, enable_fp_fusion, grid_x_multiple), source, ttir)
    for stage in ("ttir", "ttgir", "llir"):
        if stage in stages:
            asm[stage]  # noqa: B018 (compiled on first read)
    metadata = {"entry": name, "num_warps": num_warps, "shared_bytes": 0}
    if "ptx" in stages:
        asm["ptx"], metadata = cached_ptx(
            ttir, source, num_warps, num_stages, target, enable_fp_fusion, grid_x_multiple
        )
        if maxnreg:
            asm["ptx"] = with_maxnreg(asm["ptx"], int(maxnreg))
    return CompiledKernel(name, asm, metadata)


def with_maxnreg(ptx: str, maxnreg: int) -> str:
    """The PTX with `.maxnreg N` on its kernel (the `.entry`, not the
    `.func`s it calls): ptxas then keeps each thread within N registers."""
    import re

    m = re.search(r"\.visible\s+\.entry\s+[^{;]*?\)\s*", ptx)
    if not m:
        raise CompilationError("maxnreg: no kernel entry in the PTX")
    return ptx[: m.end()] + f".maxnreg {maxnreg}\n" + ptx[m.end() :]


def cache_dir() -> Path:
    """Where compiled PTX is kept: $TRITON_STUB_CACHE_DIR, else
    ~/.cache/triton_stub (upstream keeps ~/.triton/cache)."""
    env = os.environ.get("TRITON_STUB_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "triton_stub"


def _compiler_identity():
    """Size and modification time of the tools, or None without them."""
    try:
        tools = [Path(find_tool(t)) for t in ("triton-opt", "triton-translate")]
    except FileNotFoundError:
        return None
    return [[t.stat().st_size, t.stat().st_mtime_ns] for t in tools]


def disk_cached(key_text: str, target: str, build):
    """(ptx, metadata) for `key_text` from the disk cache, or `build()`'s,
    stored there. An entry records the compiler build that made it: with the
    tools at hand a different build recompiles; without them (a GPU machine
    that only runs kernels) the entry is used as is."""
    import hashlib
    import json

    entry = cache_dir() / hashlib.sha256(key_text.encode()).hexdigest()[:32]
    identity = _compiler_identity()
    meta_path, ptx_path = entry / "meta.json", entry / "kernel.ptx"
    if meta_path.is_file() and ptx_path.is_file():
        meta = json.loads(meta_path.read_text())
        if identity is None or meta.get("compiler") == identity:
            return ptx_path.read_text(), meta["metadata"]
    if identity is None:
        find_tool("triton-opt")  # raises with the explanation
    ptx, metadata = build()
    try:
        entry.mkdir(parents=True, exist_ok=True)
        ptx_path.write_text(ptx)
        meta_path.write_text(json.dumps({"compiler": identity, "metadata": metadata, "target": target}))
    except OSError:
        pass  # a read-only cache still compiles
    return ptx, metadata


def grid_multiple(grid) -> int:
    """The largest power of two up to 8 that divides the grid's x extent:
    what the launcher tells the compiler (`grid-x-multiple`)."""
    x = grid[0] if grid else 1
    return max(m for m in (1, 2, 4, 8) if x % m == 0)


def pipeline_options(num_warps, num_stages, target, grid_x_multiple=1):
    """The options of `--triton-nvidia-pipeline` and
    `--triton-to-tritongpu-pipeline`."""
    # The launcher passes a descriptor's base, shape and strides, not a
    # tensor map: descriptors become pointer accesses.
    text = f"num-warps={num_warps} num-stages={num_stages} target={target} tma-descriptors=false"
    return text + (f" grid-x-multiple={grid_x_multiple}" if grid_x_multiple > 1 else "")


def cached_ptx(ttir, verified_ttir, num_warps, num_stages, target, fp_fusion=True, grid_x_multiple=1):
    """PTX for `ttir` from the disk cache (`disk_cached`), or compiled.
    Without `fp_fusion` a multiply and an add stay two instructions."""
    key = f"{ttir}\n{num_warps}\n{num_stages}\n{target}" + ("" if fp_fusion else "\nno-fusion")
    if grid_x_multiple > 1:
        key += f"\ngrid-x-multiple={grid_x_multiple}"
    return disk_cached(
        key, target, lambda: to_ptx(verified_ttir, num_warps, num_stages, target, fp_fusion, grid_x_multiple)
    )


def to_ttir_stage(ttir):
    """The TTIR after the TTIR stage's passes (`--triton-ttir-pipeline`:
    inlining, combines, CSE, unrolling...), as upstream's asm["ttir"];
    without our tools, the TTIR as the frontend emitted it."""
    try:
        opt = find_tool("triton-opt")
    except FileNotFoundError:
        return ttir
    return run_tool([opt, "-", "--triton-ttir-pipeline"], ttir)


def to_ttgir(ttir, num_warps, num_stages, target, grid_x_multiple=1):
    """TTIR through our layout pipeline (`--triton-to-tritongpu-pipeline`)."""
    return run_tool(
        [
            find_tool("triton-opt"),
            "-",
            "--triton-to-tritongpu-pipeline=num-ctas=1 "
            + pipeline_options(num_warps, num_stages, target, grid_x_multiple),
        ],
        ttir,
    )


def lowered_to_ptx(lowered, fp_fusion=True):
    """LLVM-dialect IR to PTX with `triton-translate --triton-to-ptx`; the
    metadata from the meta.json it writes beside it."""
    import json
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kernel.ptx"
        run_tool(
            [
                find_tool("triton-translate"),
                "-",
                "--triton-to-ptx",
                "-o",
                str(out),
                f"--enable-fp-fusion={'true' if fp_fusion else 'false'}",
            ],
            lowered,
        )
        return out.read_text(), json.loads(out.with_suffix(".meta.json").read_text())


def to_llir(ttir, num_warps, num_stages, target, grid_x_multiple=1):
    """TTIR to the LLVM IR the PTX step compiles (`triton-translate
    --mlir-to-llvmir` after the pipeline)."""
    opt, translate = find_tool("triton-opt"), find_tool("triton-translate")
    lowered = run_tool(
        [
            opt,
            "-",
            "--triton-nvidia-pipeline=" + pipeline_options(num_warps, num_stages, target, grid_x_multiple),
            "--mlir-print-debuginfo",
        ],
        ttir,
    )
    return run_tool([translate, "-", "--mlir-to-llvmir"], lowered)


def to_ptx(ttir, num_warps, num_stages, target, fp_fusion=True, grid_x_multiple=1):
    """TTIR to PTX with `triton-opt --triton-nvidia-pipeline` and
    `triton-translate --triton-to-ptx`; the metadata from its meta.json."""
    proc = subprocess.run(
        [
            find_tool("triton-opt"),
            "-",
            "--triton-nvidia-pipeline=" + pipeline_options(num_warps, num_stages, target, grid_x_multiple),
            "--mlir-print-debuginfo",
        ],  # source lines through to PTX .loc
        input=ttir,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise CompilationError(f"triton-opt --triton-nvidia-pipeline failed:\n{proc.stderr}")
    return lowered_to_ptx(proc.stdout, fp_fusion)
