"""Drives the early ptxas of tritondialect's upstream hook through the fake
upstream interface, whose cubin stage runs a real ptxas (FAKE_TRITON_PTXAS):
prints whether each cubin equals what ptxas makes from the same PTX and
command run directly, and what the early processes did."""

import glob
import os
import subprocess
import sys
import tempfile

import triton
from triton.backends.nvidia.compiler import CUDABackend, CUDAOptions, Language, PTXASError

import tritondialect
from tritondialect import _ptxas, upstream

PTXAS = os.environ["FAKE_TRITON_PTXAS"]


def stages_for(options, language=Language.TRITON):
    stages = {}
    CUDABackend(90).add_stages(stages, options, language)
    return stages


def run(path, options=CUDAOptions(), **between):
    stages = stages_for(options)
    metadata = {}
    module = open(path).read()
    for stage in ("ttir", "ttgir", "llir", "ptx"):
        module = stages[stage](module, metadata)
    for knob, value in between.items():
        setattr(triton.knobs.compilation, knob, value)
    return module, stages["cubin"](module, metadata)


def direct(ptx, *flags):
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "k.ptx"), "w") as f:
        f.write(ptx)
    subprocess.run([PTXAS, *flags, "-v", "--gpu-name=sm_90a", f.name, "-o", f.name + ".o"], check=True,
                   stderr=subprocess.DEVNULL)
    return open(f.name + ".o", "rb").read()


def leftovers():
    return len(glob.glob(os.path.join(tempfile.gettempdir(), "tritondialect-ptxas-*")))


add, matmul, desc = sys.argv[1:4]
tritondialect.install()
from triton.backends.nvidia import compiler as nvidia

print("proxy installed:", isinstance(nvidia.subprocess, _ptxas.SubprocessWithEarlyPtxas))

ptx, cubin = run(add)
print("add: same cubin", cubin == direct(ptx, "-lineinfo"), _ptxas.stats)
ptx, cubin = run(matmul, CUDAOptions(num_warps=8, enable_fp_fusion=False))
print("matmul, no fp fusion: same cubin", cubin == direct(ptx, "-lineinfo", "--fmad=false"), _ptxas.stats)
ptx, cubin = run(add, CUDAOptions(ptx_options="-O2"))
print("ptx_options: same cubin", cubin == direct(ptx, "-lineinfo", "-O2"), _ptxas.stats)

# A knob changed after the hook: upstream's command is not the one
# started, so upstream's own ptxas call runs.
ptx, cubin = run(add, disable_line_info=True)
triton.knobs.compilation.disable_line_info = False
print("other command: same cubin", cubin == direct(ptx, "-lineinfo", "-suppress-debug-info"), _ptxas.stats)

# The PTX replaced after our stage gave it to ptxas (upstream's IR
# override does this): the released process does not answer, upstream's
# command runs on the new text.
stages = stages_for(CUDAOptions())
metadata = {}
module = open(add).read()
for stage in ("ttir", "ttgir", "llir", "ptx"):
    module = stages[stage](module, metadata)
changed = module + "\n// overridden\n"
print("replaced PTX: same cubin", stages["cubin"](changed, metadata) == direct(changed, "-lineinfo"), _ptxas.stats)

# PTX ptxas refuses: the early process fails, upstream's command runs
# again and raises upstream's error with ptxas's log.
stages = stages_for(CUDAOptions())
metadata = {}
module = open(add).read()
for stage in ("ttir", "ttgir", "llir", "ptx"):
    module = stages[stage](module, metadata)
try:
    stages["cubin"](module.replace(".visible .entry", ".visible .entryy"), metadata)
except PTXASError as e:
    print("bad PTX:", type(e).__name__, "error" in str(e), _ptxas.stats)

# A kernel that falls back: its ptxas is cancelled.
import warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    stages = stages_for(CUDAOptions())
    stages["ttgir"](open(desc).read(), {})
print("fallback:", _ptxas.stats)

# A gate closed unopened: ptxas exits at its input with PtxasGate.c's status.
early = _ptxas.EarlyPtxas(upstream._ptxas_prefix(CUDABackend(90), CUDAOptions()))
early.close_gate()
print("closed gate: exit", early.process.wait() == _ptxas.CANCELLED)
early.cancel()

# Stages made and dropped (no cubin stage run): the process goes with them.
stages = stages_for(CUDAOptions())
del stages
import gc
gc.collect()

# Off: upstream's ptxas call as it is.
os.environ["TRITONDIALECT_EARLY_PTXAS"] = "0"
started = _ptxas.stats["started"]
ptx, cubin = run(add)
print("off: same cubin", cubin == direct(ptx, "-lineinfo"), _ptxas.stats["started"] == started)
print("left behind:", leftovers())
tritondialect.uninstall()
print("uninstalled:", nvidia.subprocess is subprocess)
