import enum
import os
import subprocess
import tempfile
from dataclasses import dataclass
from types import SimpleNamespace

import triton


class Language(enum.Enum):
    TRITON = 0
    GLUON = 1


@dataclass(frozen=True)
class CUDAOptions:
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 3
    maxnreg: int = None
    enable_fp_fusion: bool = True
    extern_libs: tuple = ()
    instrumentation_mode: str = ""
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    ptx_options: str = None


def get_ptxas(arch):
    return triton.knobs.nvidia.ptxas


def sm_arch_from_capability(capability):
    return f"sm_{capability}" + ("a" if capability >= 90 else "")


class PTXASError(RuntimeError):
    pass


class CUDABackend:

    def __init__(self, arch=90):
        self.arch = arch
        self.target = SimpleNamespace(backend="cuda", arch=arch, warp_size=32)

    def hash(self):
        return f"ptxas-13.0-{self.arch}"

    def make_cubin(self, src, options):
        """PTX text to a cubin the way upstream's stage does it: temporary
        files, the command its knobs and options give, the log file as
        stderr, an error that carries the log."""
        knobs = triton.knobs
        ptxas = get_ptxas(self.target.arch).path
        if not ptxas:
            return b"UPSTREAM-CUBIN"
        with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as source, \
                tempfile.NamedTemporaryFile("r", suffix=".log", delete=False) as log:
            source.write(src)
            source.flush()
            binary = source.name + ".o"
            lines = ["-lineinfo", "-suppress-debug-info"] if knobs.compilation.disable_line_info else ["-lineinfo"]
            fmad = [] if options.enable_fp_fusion else ["--fmad=false"]
            extra = options.ptx_options.split(" ") if options.ptx_options else []
            command = [ptxas, *lines, *fmad, "-v", *extra, f"--gpu-name={sm_arch_from_capability(self.target.arch)}",
                       source.name, "-o", binary]
            try:
                subprocess.run(command, check=True, close_fds=False, stderr=log)
            except subprocess.CalledProcessError as e:
                raise PTXASError(f"ptxas failed with error code {e.returncode}: {open(log.name).read()}")
            finally:
                os.remove(source.name)
                os.remove(log.name)
            with open(binary, "rb") as f:
                cubin = f.read()
            os.remove(binary)
            return cubin

    def add_stages(self, stages, options, language):
        stages["ttir"] = lambda src, metadata: src
        stages["ttgir"] = lambda src, metadata: "UPSTREAM-TTGIR"
        stages["llir"] = lambda src, metadata: "UPSTREAM-LLIR"
        stages["ptx"] = lambda src, metadata: "UPSTREAM-PTX"
        stages["cubin"] = lambda src, metadata: self.make_cubin(src, options)
        hook = triton.knobs.runtime.add_stages_inspection_hook
        if hook is not None:
            hook(self, stages, options, language, self.arch)
