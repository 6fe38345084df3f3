import enum
from dataclasses import dataclass

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


class CUDABackend:

    def __init__(self, arch=90):
        self.arch = arch

    def hash(self):
        return f"ptxas-13.0-{self.arch}"

    def add_stages(self, stages, options, language):
        stages["ttir"] = lambda src, metadata: src
        stages["ttgir"] = lambda src, metadata: "UPSTREAM-TTGIR"
        stages["llir"] = lambda src, metadata: "UPSTREAM-LLIR"
        stages["ptx"] = lambda src, metadata: "UPSTREAM-PTX"
        stages["cubin"] = lambda src, metadata: b"UPSTREAM-CUBIN"
        hook = triton.knobs.runtime.add_stages_inspection_hook
        if hook is not None:
            hook(self, stages, options, language, self.arch)
