"""TritonDialect as upstream Triton's compiler.

    import tritondialect
    tritondialect.install()          # upstream Triton now compiles with ours

or, for programs one cannot edit (a training script calling torch.compile),
set TRITONDIALECT=1 in the environment: the installed package's
`tritondialect.pth` turns the backend on at interpreter start, in the
program and in every Python process it starts (Inductor's compile workers).
TRITONDIALECT=strict raises instead of falling back.

`compile_ttir` compiles TTIR text to PTX and launch metadata in-process.
"""

import json
import re

from . import _native
from ._native import binding

__version__ = _native.version()

__all__ = ["CompilationError", "CompiledKernel", "compile_ttir", "install", "uninstall", "installed", "binding"]


class CompilationError(RuntimeError):
    """Our compiler refused a kernel; `diagnostics` has the located errors."""

    def __init__(self, kernel, diagnostics):
        self.kernel = kernel
        self.diagnostics = diagnostics.strip()
        first = self.diagnostics.splitlines()[0] if self.diagnostics else "compilation failed"
        super().__init__(f"tritondialect: kernel '{kernel}': {first}")


class CompiledKernel(tuple):
    """`(ptx, metadata)`, with `.ptx`, `.metadata`, `.ttgir` and `.llir`.

    metadata: name, num_warps, shared (dynamic shared memory bytes),
    cluster_dims, global_scratch_size/_align, profile_scratch_size/_align,
    tmem_size (0: no tensor memory, as upstream says on Hopper), num_ctas,
    num_stages, target.
    """

    def __new__(cls, ptx, metadata, ttgir="", llir=""):
        self = super().__new__(cls, (ptx, metadata))
        self.ttgir = ttgir
        self.llir = llir
        return self

    @property
    def ptx(self):
        return self[0]

    @property
    def metadata(self):
        return self[1]


# Options the compiler reads, as upstream names them (CUDAOptions), and
# their names in the C interface.
_CODEGEN_OPTIONS = {
    "num_ctas": "num_ctas",
    "maxnreg": "maxnreg",
    "enable_fp_fusion": "enable_fp_fusion",
    "disable_mma_v3": "disable_mma_v3",
    "automatic_warp_specialization": "automatic_warp_specialization",
    "grid_x_multiple": "grid_x_multiple",
    "tma_multicast": "tma_multicast",
    "keep_ir": "keep_ir",
    "line_info": "line_info",
    "libdevice": "libdevice",
    # Verify the IR after every pass (slower; finds the pass that broke
    # it), not only what each of the two pipelines makes.
    "verify_each": "verify_each",
}
# Upstream options that change the launch or ptxas, not the PTX: accepted
# and ignored, so that an options dict from upstream can be passed whole.
_LAUNCH_OPTIONS = {
    "launch_cooperative_grid",
    "launch_pdl",
    "ptx_options",
    "ptx_version",
    "debug",
    "warp_size",
    "arch",
    "enable_reflect_ftz",
    "sanitize_overflow",
    "enable_assertions",
    "backend_name",
    "extern_libs",
    "supported_fp8_dtypes",
    "deprecated_fp8_dot_operand_dtypes",
    "default_dot_input_precision",
    "allowed_dot_input_precisions",
    "max_num_imprecise_acc_default",
    "instrumentation_mode",
    "ir_override",
}

_FUNC_NAME = re.compile(r"tt\.func\s+(?:public\s+|private\s+)?@([A-Za-z_][\w$.]*)")


def kernel_name(ttir):
    """The first function's name in TTIR text ('<unknown>' if none)."""
    match = _FUNC_NAME.search(ttir)
    return match.group(1) if match else "<unknown>"


def _option_line(key, value):
    if isinstance(value, bool):
        value = int(value)
    text = str(value)
    if "\n" in text:
        raise ValueError(f"option {key!r}: a value on one line")
    return f"{key}={text}"


def compile_ttir(ttir_text, target="cuda:90", num_warps=4, num_stages=3, **options):
    """TTIR text to `CompiledKernel((ptx, metadata))`, in-process.

    Raises CompilationError (with the located diagnostics) when the compiler
    refuses the kernel, TypeError for an unknown option.
    """
    if isinstance(ttir_text, bytes):
        ttir_text = ttir_text.decode("utf-8")
    lines = [f"target={target}", f"num_warps={num_warps}", f"num_stages={num_stages}"]
    options.setdefault("keep_ir", True)
    for key, value in options.items():
        if key in _CODEGEN_OPTIONS:
            if value is not None:
                lines.append(_option_line(_CODEGEN_OPTIONS[key], value))
        elif key == "source_name":
            lines.append(_option_line("source_name", value))
        elif key not in _LAUNCH_OPTIONS:
            raise TypeError(f"compile_ttir: unknown option {key!r}")
    result = _native.compile(ttir_text, "\n".join(lines))
    if not result["succeeded"]:
        raise CompilationError(kernel_name(ttir_text), result["diagnostics"])
    meta = json.loads(result["metadata"])
    metadata = {
        "name": meta["entry"],
        "num_warps": meta["num_warps"],
        "shared": meta["shared_bytes"],
        "cluster_dims": tuple(meta.get("cluster_dims", (1, 1, 1))),
        "num_ctas": options.get("num_ctas") or 1,
        "num_stages": num_stages,
        "target": target,
        "global_scratch_size": meta.get("global_scratch_size", 0),
        "global_scratch_align": meta.get("global_scratch_align", 1),
        "profile_scratch_size": 0,
        "profile_scratch_align": 1,
        "tmem_size": 0,  # upstream says 0 for targets without tensor memory
        # The tensor maps of tensor-descriptor arguments, as upstream's
        # launcher makes them (empty when the kernel takes none).
        "tensordesc_meta": meta.get("tensordesc_meta", []),
    }
    return CompiledKernel(result["ptx"], metadata, result["ttgir"], result["llir"])


def install(strict=None, verbose=None):
    """Makes upstream Triton compile with TritonDialect (see upstream.py)."""
    from . import upstream

    return upstream.install(strict=strict, verbose=verbose)


def uninstall():
    from . import upstream

    return upstream.uninstall()


def installed():
    from . import upstream

    return upstream.installed()
