"""Drives tritondialect's upstream hook through the fake upstream interface
(Inputs/fake_triton) on corpus kernels; prints what each stage returned."""

import sys
import warnings

import triton
from triton.backends.nvidia.compiler import CUDABackend, CUDAOptions, Language

import tritondialect
from tritondialect import upstream


class Module:
    """What upstream's ttir stage hands on: str() is the TTIR text."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def run(path, options=CUDAOptions(), language=Language.TRITON, arch=90):
    backend = CUDABackend(arch)
    stages = {}
    backend.add_stages(stages, options, language)
    metadata = {}
    with open(path) as f:
        module = Module(f.read())
    out = {}
    for stage in ("ttir", "ttgir", "llir", "ptx", "cubin"):
        module = stages[stage](module, metadata)
        out[stage] = module
    return out, metadata


plain_hash = CUDABackend().hash()
assert tritondialect.install() is True
assert triton.knobs.runtime.add_stages_inspection_hook is upstream._hook
print("hash differs:", CUDABackend().hash() != plain_hash, upstream.cache_key() in CUDABackend().hash())

add, matmul, desc, tma = sys.argv[1:5]
out, meta = run(add)
print("ttgir:", out["ttgir"].splitlines()[0][:60])
print("ttgir has layouts:", "#ttg.blocked" in out["ttgir"])
print("llir:", "define" in out["llir"] and "nvptx" in out["llir"])
print("ptx entry:", ".visible .entry " + meta["name"] in out["ptx"])
print("cubin:", out["cubin"])
print("metadata:", {k: meta[k] for k in sorted(meta) if k != "name"})

out, meta = run(matmul, CUDAOptions(num_warps=8, num_stages=4, maxnreg=128))
print("matmul: wgmma", "wgmma.mma_async" in out["ptx"], "maxnreg", ".maxnreg 128" in out["ptx"],
      "warps", meta["num_warps"], "shared > 0", meta["shared"] > 0)
out, meta = run(matmul, CUDAOptions(enable_fp_fusion=False))
print("no fp fusion: fma in PTX", "fma.rn.f32" in out["ptx"])

out, meta = run(tma)
print("TMA kernel:", "cp.async.bulk.tensor.2d" in out["ptx"], ".param .align 64 .b8" in out["ptx"])
print("tensor maps:", meta["tensordesc_meta"])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out, meta = run(desc)
    print("descriptor kernel:", out["ttgir"], out["ptx"])
    out, meta = run(add, arch=100)
    print("sm_100:", out["ttgir"])
    out, meta = run(add, language=Language.GLUON)
    print("gluon:", out["ttgir"])
for w in caught:
    print("warning:", w.message)

# Autotuning: the configs of a key not tuned yet compile first, in threads
# (warmup launches, the first one alone); a tuned key adds nothing.
import threading
from triton.runtime.autotuner import Autotuner, Config


class Recorder:

    def __init__(self):
        self.calls = []

    def run(self, *args, warmup=False, **kwargs):
        self.calls.append((warmup, kwargs.get("B"), threading.current_thread() is threading.main_thread()))

    def bench(self, *args, **kwargs):
        self.run(*args, **kwargs)
        return kwargs["B"]


rec = Recorder()
tuner = Autotuner(rec, ["x", "n"], [Config(B=1), Config(B=2), Config(B=3)], ["n"])
tuner.run("x", 8, grid=(1, ), warmup=False)
print("first key: warmups", sorted(b for w, b, _ in rec.calls if w),
      "in threads", sorted(b for w, b, main in rec.calls if w and not main), "launches",
      [b for w, b, _ in rec.calls if not w])
rec.calls.clear()
tuner.run("x", 8, grid=(1, ), warmup=False)
print("tuned key:", rec.calls)

tritondialect.install(strict=True)
try:
    run(desc)
except tritondialect.CompilationError as e:
    print("strict:", e)
print("stats:", upstream.stats())
assert tritondialect.uninstall()
print("uninstalled:", triton.knobs.runtime.add_stages_inspection_hook is None, CUDABackend().hash() == plain_hash,
      not getattr(Autotuner.prune_configs, "_tritondialect", False))
out, meta = run(add)
print("after uninstall:", out["ttgir"])
