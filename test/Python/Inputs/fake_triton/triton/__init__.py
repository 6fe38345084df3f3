"""A stand-in for upstream Triton 3.6's interface to a stages hook, for
testing tritondialect's wiring without a GPU: `knobs.runtime
.add_stages_inspection_hook`, and a CUDA backend whose add_stages fills
the stage dict and calls the hook with (backend, stages, options,
language, capability), as upstream's does. Its stages return markers,
except `cubin` when FAKE_TRITON_PTXAS names a ptxas: then it assembles
the PTX with it, through `subprocess.run` as upstream's does, with the
knobs that shape upstream's ptxas command."""

import os
from types import SimpleNamespace

knobs = SimpleNamespace(
    runtime=SimpleNamespace(add_stages_inspection_hook=None),
    compilation=SimpleNamespace(disable_line_info=False),
    nvidia=SimpleNamespace(disable_ptxas_opt=False, ptxas=SimpleNamespace(path=os.environ.get("FAKE_TRITON_PTXAS"))),
)
