"""Upstream Triton 3.6 compiling with TritonDialect.

install() sets `triton.knobs.runtime.add_stages_inspection_hook`, the
extension point upstream's CUDA backend calls with its stage dict on every
compilation. The hook keeps upstream's `ttir` stage (the frontend's
clean-up) and `cubin` stage (ptxas) and replaces the three between them:

- `ttgir`: the TTIR text goes through our whole pipeline in-process
  (compile_ttir with keep_ir); the stage returns our TTGIR, so
  `asm["ttgir"]` is ours;
- `llir`: our LLVM IR (`asm["llir"]`), and the launch metadata upstream's
  launcher reads (shared, scratch sizes, tensor memory);
- `ptx`: our PTX and the kernel's name.

The `cubin` stage stays upstream's, but the ptxas it will run is started
when the hook is called, held at the open of its input until the PTX
exists (`_ptxas.py`): ptxas sets itself up while we compile.

A kernel we do not compile (host TensorDescriptor arguments TMA cannot move,
targets other than sm_80-sm_90, Gluon, instrumentation, a
compile error) runs upstream's own stages, with one warning line that names
the kernel and the reason; strict mode raises CompilationError instead.

Upstream's on-disk cache keys every kernel on CUDABackend.hash(); install()
adds our version and library to it, so a kernel compiled by one compiler is
never loaded as the other's.
"""

import hashlib
import os
import sys
import warnings

from . import CompilationError, compile_ttir, kernel_name, __version__, _native, _ptxas

_state = {
    "installed": False,
    "strict": False,
    "verbose": False,
    "previous_hook": None,
    "backend_hash": None,
    "subprocess": None,
}
_stats = {"compiled": 0, "fallbacks": 0}


def _library_digest():
    path = _native._library_path()
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
    except OSError:
        digest.update(__version__.encode())
    return digest.hexdigest()[:16]


CACHE_KEY = None


def _automatic_warp_specialization():
    """TRITONDIALECT_AUTO_WS=0 turns the automatic choice off."""
    return os.environ.get("TRITONDIALECT_AUTO_WS", "1") not in ("0", "false", "off")


def _grid_x_multiple():
    """TRITONDIALECT_GRID_X_MULTIPLE=N: the program's word that every launch's
    grid x extent is a multiple of N (upstream's launcher does not say; 2
    lets tensor-core kernels run in 2-block clusters, whose launch fails on
    an odd extent)."""
    value = os.environ.get("TRITONDIALECT_GRID_X_MULTIPLE", "1").strip()
    try:
        multiple = int(value)
    except ValueError:
        multiple = 0
    if multiple < 1:
        raise ValueError(f"TRITONDIALECT_GRID_X_MULTIPLE must be a positive integer, got {value!r}")
    return multiple


def _tma_multicast():
    """TRITONDIALECT_MULTICAST=1: warp-specialized matmul loops over tensor
    descriptors share TMA copies in 2-block clusters (with an even
    TRITONDIALECT_GRID_X_MULTIPLE)."""
    return os.environ.get("TRITONDIALECT_MULTICAST", "0") in ("1", "true", "on")


def cache_key():
    """What our compiler adds to upstream's cache key (the library and the
    settings read from the environment that change the code)."""
    global CACHE_KEY
    if CACHE_KEY is None:
        CACHE_KEY = f"tritondialect-{__version__}-{_library_digest()}"
    return (
        CACHE_KEY
        + ("" if _automatic_warp_specialization() else "-noautows")
        + (f"-gx{_grid_x_multiple()}" if _grid_x_multiple() > 1 else "")
        + ("-multicast" if _tma_multicast() else "")
    )


class FallbackWarning(UserWarning):
    """A kernel went through upstream's stages instead of ours."""


def _unsupported(options, capability, language):
    """Why we do not compile this kernel, or None."""
    if getattr(language, "name", str(language)) != "TRITON":
        return f"{language} sources are upstream's"
    if capability is None or not 80 <= capability <= 90:
        return f"target sm_{capability} is not one of ours (sm_80 to sm_90)"
    if getattr(options, "instrumentation_mode", ""):
        return f"instrumentation mode {options.instrumentation_mode!r}"
    extern = dict(getattr(options, "extern_libs", None) or ())
    if set(extern) - {"libdevice"}:
        return f"extern libraries {sorted(set(extern) - {'libdevice'})}"
    return None


def _has_tensordesc_argument(ttir):
    for line in ttir.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("tt.func") and "public" in stripped and "!tt.tensordesc" in stripped:
            return True
    return False


def _dump(name, ttir, options, capability):
    """TRITONDIALECT_DUMP_DIR=dir: each kernel's TTIR and its compile options
    (<name>-<hash>.ttir and .json), to replay it with compile_ttir."""
    folder = os.environ.get("TRITONDIALECT_DUMP_DIR")
    if not folder:
        return
    import json

    os.makedirs(folder, exist_ok=True)
    options = _compile_options(options, capability)
    digest = hashlib.sha256((ttir + json.dumps(options, sort_keys=True)).encode()).hexdigest()[:10]
    base = os.path.join(folder, f"{name}-{digest}")
    with open(base + ".ttir", "w") as f:
        f.write(ttir)
    with open(base + ".json", "w") as f:
        json.dump(options, f, sort_keys=True)


def _fallback(name, reason):
    _stats["fallbacks"] += 1
    if _state["strict"]:
        raise CompilationError(name, f"error: {reason} (strict mode: no fallback to upstream)")
    warnings.warn(
        f"tritondialect: kernel '{name}' falls back to upstream Triton's compiler: {reason}",
        FallbackWarning,
        stacklevel=2,
    )


def _compile_options(options, capability):
    extern = dict(getattr(options, "extern_libs", None) or ())
    return dict(
        target=f"cuda:{capability}",
        num_warps=options.num_warps,
        num_stages=options.num_stages,
        num_ctas=options.num_ctas,
        maxnreg=options.maxnreg,
        enable_fp_fusion=options.enable_fp_fusion,
        libdevice=extern.get("libdevice"),
        disable_mma_v3=os.environ.get("DISABLE_MMA_V3", "0") in ("1", "true", "on"),
        automatic_warp_specialization=_automatic_warp_specialization(),
        grid_x_multiple=_grid_x_multiple(),
        tma_multicast=_tma_multicast(),
    )


def _ptxas_prefix(backend, options):
    """The command upstream 3.6's `make_cubin` will run, without its last
    three arguments (input, `-o`, output): the same knobs and options,
    read the same way."""
    from triton import knobs
    from triton.backends.nvidia import compiler as nvidia

    arch = backend.target.arch
    if knobs.compilation.disable_line_info:
        debug = ["-lineinfo", "-suppress-debug-info"]
    elif knobs.nvidia.disable_ptxas_opt:
        debug = ["-g"]
    else:
        debug = ["-lineinfo"]
    fmad = [] if options.enable_fp_fusion else ["--fmad=false"]
    opt_level = ["--opt-level", "0"] if knobs.nvidia.disable_ptxas_opt else []
    ptx_options = getattr(options, "ptx_options", None)
    extra = ptx_options.split(" ") if ptx_options else []
    ptxas = nvidia.get_ptxas(arch).path
    if not ptxas:
        raise FileNotFoundError("no ptxas")
    return [ptxas, *debug, *fmad, "-v", *opt_level, *extra, f"--gpu-name={nvidia.sm_arch_from_capability(arch)}"]


def _start_ptxas(backend, options):
    """The ptxas for this compilation's cubin stage, starting
    (_ptxas.Starting), or None. The command is read from upstream's knobs
    now, as the hook is called."""
    if _state["subprocess"] is None or not _ptxas.enabled():
        return None
    try:
        prefix = _ptxas_prefix(backend, options)
    except Exception:  # an upstream without these knobs, no ptxas: upstream's stage as it is
        return None
    return _ptxas.Starting(prefix)


def _hook(backend=None, stages=None, options=None, language=None, capability=None):
    previous = _state["previous_hook"]
    if backend is None:
        # Later upstream versions ask the hook for a cache key this way.
        if previous is not None:
            key, digest = previous()
            return key + cache_key(), digest + cache_key()
        return cache_key(), cache_key()
    if previous is not None:
        previous(backend, stages, options, language, capability)
    if not all(s in stages for s in ("ttgir", "llir", "ptx")):
        return None
    upstream = {s: stages[s] for s in ("ttgir", "llir", "ptx", "cubin") if s in stages}
    compiled = {}
    unsupported = _unsupported(options, capability, language)
    if "cubin" in stages and unsupported is None:
        compiled["ptxas"] = _start_ptxas(backend, options)

    def make_ttgir(mod, metadata):
        ttir = str(mod)
        name = kernel_name(ttir)
        _dump(name, ttir, options, capability)
        reason = unsupported
        if reason is None:
            try:
                compiled["kernel"] = compile_ttir(ttir, source_name=name, **_compile_options(options, capability))
            except CompilationError as e:
                if _state["strict"]:
                    raise
                reason = e.diagnostics.splitlines()[0] if e.diagnostics else "compilation failed"
        if reason is None and _has_tensordesc_argument(ttir) and not compiled["kernel"].metadata["tensordesc_meta"]:
            # Upstream's launcher passes tensor maps for them; our kernel
            # took the descriptors apart into pointers (not TMA).
            compiled.pop("kernel")
            reason = "host TensorDescriptor arguments that TMA cannot move here"
        if reason is not None:
            if compiled.get("ptxas") is not None and compiled.pop("ptxas").cancel():
                _ptxas.stats["cancelled"] += 1
            _fallback(name, reason)
            return upstream["ttgir"](mod, metadata)
        _stats["compiled"] += 1
        if _state["verbose"]:
            print(f"tritondialect: compiled '{name}'", file=sys.stderr)
        metadata["tensordesc_meta"] = compiled["kernel"].metadata["tensordesc_meta"]
        if compiled.get("ptxas") is not None:
            # ptxas compiles our PTX while upstream's llir and ptx stages run.
            compiled["ptxas"].release(compiled["kernel"].ptx)
        return compiled["kernel"].ttgir

    def make_llir(src, metadata):
        if "kernel" not in compiled:
            return upstream["llir"](src, metadata)
        meta = compiled["kernel"].metadata
        for key in (
            "num_warps",
            "shared",
            "tmem_size",
            "global_scratch_size",
            "global_scratch_align",
            "profile_scratch_size",
            "profile_scratch_align",
        ):
            metadata[key] = meta[key]
        return compiled["kernel"].llir

    def make_ptx(src, metadata):
        if "kernel" not in compiled:
            return upstream["ptx"](src, metadata)
        metadata["name"] = compiled["kernel"].metadata["name"]
        return compiled["kernel"].ptx

    def make_cubin(src, metadata):
        starting = compiled.pop("ptxas", None)
        early = starting.get() if starting is not None else None
        if early is None:
            return upstream["cubin"](src, metadata)
        return _ptxas.run_with(early, upstream["cubin"], src, metadata)

    stages["ttgir"] = make_ttgir
    stages["llir"] = make_llir
    stages["ptx"] = make_ptx
    if "cubin" in stages:
        stages["cubin"] = make_cubin
    return None


def _precompile_configs(autotuner, configs, args, kwargs):
    """Compiles the configs an autotuner is about to benchmark, in threads
    (upstream's issue #4806): our stages release the GIL, and ptxas runs as
    its own process, so configs compile side by side. The first config
    compiles alone (it sets up the JIT function's per-device state); a
    config that fails to compile is left to the benchmark, which reports it
    as upstream does."""
    import concurrent.futures

    if len(configs) < 2:
        return

    def warm(config):
        call = dict(kwargs, **config.all_kwargs())
        call["warmup"] = True  # compile, do not launch
        try:
            autotuner.fn.run(*args, **call)
        except Exception:
            pass

    warm(configs[0])
    workers = min(len(configs) - 1, os.cpu_count() or 1, 16)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        list(pool.map(warm, configs[1:]))


def _patch_autotuner():
    """Autotuner.prune_configs, which Autotuner.run calls only for a key it
    has not tuned yet, precompiles the configs it returns. A launch with a
    tuned key pays nothing (wrapping Autotuner.run itself cost 4 us a
    launch: measured, H200)."""
    from triton.runtime import autotuner as module

    cls = module.Autotuner
    if getattr(cls.prune_configs, "_tritondialect", False):
        return
    original = cls.prune_configs

    def prune_configs(self, kwargs, *rest, **more):
        configs = original(self, kwargs, *rest, **more)
        if (
            _state["installed"]
            and os.environ.get("TRITONDIALECT_PARALLEL_AUTOTUNE", "1") != "0"
            and "grid" in kwargs
            and not getattr(self, "_tritondialect_precompiling", False)
            and isinstance(getattr(self, "nargs", None), dict)
        ):
            self._tritondialect_precompiling = True
            try:
                # Autotuner.run set nargs from its positional arguments, in order.
                _precompile_configs(self, list(configs), tuple(self.nargs.values()), kwargs)
            finally:
                self._tritondialect_precompiling = False
        return configs

    prune_configs._tritondialect = True
    prune_configs._original = original
    cls.prune_configs = prune_configs


def _unpatch_autotuner():
    from triton.runtime import autotuner as module

    cls = module.Autotuner
    if getattr(cls.prune_configs, "_tritondialect", False):
        cls.prune_configs = cls.prune_configs._original


def install(strict=None, verbose=None):
    """Turns the backend on for this process and the Python processes it
    starts (through TRITONDIALECT in the environment). Returns True."""
    if strict is None:
        strict = os.environ.get("TRITONDIALECT", "").lower() == "strict"
    if verbose is None:
        verbose = os.environ.get("TRITONDIALECT_VERBOSE", "0") not in ("", "0")
    _state["strict"] = bool(strict)
    _state["verbose"] = bool(verbose)
    os.environ["TRITONDIALECT"] = "strict" if strict else "1"
    if _state["installed"]:
        return True
    import triton
    from triton.backends.nvidia import compiler as nvidia

    knobs = triton.knobs.runtime
    if knobs.add_stages_inspection_hook is not _hook:
        _state["previous_hook"] = knobs.add_stages_inspection_hook
    knobs.add_stages_inspection_hook = _hook

    backend_hash = nvidia.CUDABackend.hash
    _state["backend_hash"] = backend_hash

    def hash_with_ours(self):
        return f"{backend_hash(self)}-{cache_key()}"

    nvidia.CUDABackend.hash = hash_with_ours
    if isinstance(getattr(nvidia, "subprocess", None), type(os)):
        # make_cubin's ptxas call, answered by a ptxas started early
        _state["subprocess"] = nvidia.subprocess
        nvidia.subprocess = _ptxas.SubprocessWithEarlyPtxas()
    try:
        _patch_autotuner()
    except (ImportError, AttributeError):
        pass
    _state["installed"] = True
    return True


def uninstall():
    """Back to upstream's compiler for kernels compiled from now on."""
    if not _state["installed"]:
        return False
    import triton
    from triton.backends.nvidia import compiler as nvidia

    triton.knobs.runtime.add_stages_inspection_hook = _state["previous_hook"]
    nvidia.CUDABackend.hash = _state["backend_hash"]
    if _state["subprocess"] is not None:
        nvidia.subprocess = _state["subprocess"]
    try:
        _unpatch_autotuner()
    except (ImportError, AttributeError):
        pass
    _state.update(installed=False, previous_hook=None, backend_hash=None, subprocess=None)
    os.environ.pop("TRITONDIALECT", None)
    return True


def installed():
    return _state["installed"]


def stats():
    """Kernels compiled by us and fallbacks, in this process, and what the
    early ptxas processes did (started, used by upstream's cubin stage,
    missed: upstream's own ptxas call ran instead, cancelled: the kernel fell
    back)."""
    return dict(_stats, ptxas=dict(_ptxas.stats))
